import { addDays, checkDateRange, type Day, dayAt } from '@earn/domain';
import '@mantine/dates/styles.css';
import 'dayjs/locale/zh-cn';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverNow } from '../api/client.js';

export interface DateRangeValue {
  start: Day;
  /** The chosen end day plus 1: ranges are half-open. */
  endExclusive: Day;
}

export interface DateRangeProps {
  value: DateRangeValue | null;
  onChange(value: DateRangeValue | null): void;
  /** 6 (180 days), 12 (12 calendar months) or another count of 30-day months. */
  limitMonths?: number;
  /** Latest selectable day; today by default. */
  maxDate?: Day;
  label?: string;
}

/**
 * The shared date range: days as YYYY-MM-DD, nothing after today, the end sent as the chosen day
 * plus 1, and a range over the limit refused with the spec's warning.
 */
export function DateRange({ value, onChange, limitMonths = 6, maxDate, label }: DateRangeProps) {
  const { t, i18n } = useTranslation();
  const today = dayAt(serverNow(), -new Date().getTimezoneOffset());
  const shown: [Day | null, Day | null] = value ? [value.start, addDays(value.endExclusive, -1)] : [null, null];
  const [draft, setDraft] = useState<[Day | null, Day | null]>(shown);

  // The calendar speaks the page's language (month and weekday names, first day of the week).
  const locale = i18n.language === 'zh-CN' ? 'zh-cn' : 'en';
  return (
    <DatesProvider settings={{ locale, firstDayOfWeek: locale === 'zh-cn' ? 1 : 0, consistentWeeks: true }}>
      <DatePickerInput
        type="range"
        label={label ?? t('dateRange.label')}
        valueFormat="YYYY-MM-DD"
        placeholder={t('dateRange.placeholder')}
        // Chinese calendars head a month "2026年11月", not "十一月 2026".
        monthLabelFormat={locale === 'zh-cn' ? 'YYYY年M月' : 'MMMM YYYY'}
        maxDate={maxDate ?? today}
        // The calendar opens on the chosen range, else on the latest day: the server's today, which
        // under a manual clock is not the device's.
        defaultDate={shown[0] ?? maxDate ?? today}
        clearable
        allowSingleDateInRange
        nextLabel={t('dateRange.next')}
        previousLabel={t('dateRange.previous')}
        value={draft[0] || draft[1] ? draft : shown}
        onChange={(range) => {
          const [start, end] = range as [Day | null, Day | null];
          setDraft([start, end]);
          if (!start && !end) {
            onChange(null);
            return;
          }
          if (!start || !end) return;
          const checked = checkDateRange(start, end, limitMonths);
          if (!checked.ok) {
            notifications.show({ color: 'yellow', message: t(checked.key) });
            setDraft(shown);
            return;
          }
          setDraft([null, null]);
          onChange({ start: checked.start, endExclusive: checked.endExclusive });
        }}
        w={260}
      />
    </DatesProvider>
  );
}
