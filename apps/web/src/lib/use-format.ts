import {
  abbreviate,
  type DecimalLike,
  dec,
  formatAmount,
  formatDate,
  formatDateTime,
  formatFixed,
  formatRate,
  type Locale,
} from '@earn/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The domain's formatters bound to the current language and the browser's time zone. */
export function useFormat() {
  const { i18n } = useTranslation();
  const locale: Locale = i18n.language === 'zh-CN' ? 'zh-CN' : 'en';
  return useMemo(() => {
    const offset = () => -new Date().getTimezoneOffset();
    return {
      locale,
      amount: (v: DecimalLike, places?: number) => formatAmount(v, places),
      fixed: (v: DecimalLike, places: number) => formatFixed(v, places),
      abbreviate: (v: DecimalLike) => abbreviate(v, locale),
      rate: (fraction: DecimalLike) => formatRate(fraction),
      /**
       * A rate given in percent (a voucher's rate_ratio): 2 places (3 is 3.00%), more when it has
       * them, so a voucher is never shown below what it pays (2.125 is 2.125%).
       */
      percent: (percent: DecimalLike) => formatRate(dec(percent).div(100), Math.max(2, dec(percent).decimalPlaces())),
      date: (ms: number) => formatDate(ms, locale, offset()),
      dateTime: (ms: number) => formatDateTime(ms, locale, offset()),
      /** The time of day of dateTime (its part after the date). */
      time: (ms: number) => formatDateTime(ms, locale, offset()).split(' ')[1] ?? '',
    };
  }, [locale]);
}
