import { formatDateTime, messageParams, readerLocale } from '@earn/domain';
import { i18n } from '../i18n/index.js';
import { withGroupedFigures } from './figures.js';

/**
 * A message's values as its words take them in the reader's language: the operator's texts in that
 * language, figures grouped, where a payout and its bonus went (`account`, `bonus_account`) said
 * as words, and when an order matures (its `finish_time`) as the app writes a time, in the
 * reader's time zone.
 */
export function inboxParams(params: Record<string, string>): Record<string, string> {
  const grouped = withGroupedFigures(messageParams(params, i18n.language));
  const finish = Number(grouped.finish_time);
  const own =
    grouped.finish_time && Number.isSafeInteger(finish)
      ? {
          ...grouped,
          finish: formatDateTime(finish, readerLocale(i18n.language), -new Date(finish).getTimezoneOffset()),
        }
      : grouped;
  const where = accountWords(own.account);
  // A message from before bonus_account was sent: a bonus in another coin went to the trading account.
  const bonusWhere = own.bonus_asset ? accountWords(own.bonus_account ?? 'trading') : undefined;
  return { ...own, ...(where ? { where } : {}), ...(bonusWhere ? { bonus_where: bonusWhere } : {}) };
}

function accountWords(account: string | undefined): string | undefined {
  const key = `inbox.account.${account ?? ''}`;
  return account && i18n.exists(key) ? i18n.t(key) : undefined;
}
