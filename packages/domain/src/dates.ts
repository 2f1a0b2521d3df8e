/** Calendar days as 'YYYY-MM-DD', the date-range format of the spec. */
export type Day = string;

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export function isDay(text: string): boolean {
  if (!DAY_PATTERN.test(text)) return false;
  const ms = dayToUtcMs(text);
  return !Number.isNaN(ms) && toDayString(ms) === text;
}

export function dayToUtcMs(day: Day): number {
  return Date.parse(`${day}T00:00:00Z`);
}

export function toDayString(utcMs: number): Day {
  return new Date(utcMs).toISOString().slice(0, 10);
}

export function addDays(day: Day, days: number): Day {
  return toDayString(dayToUtcMs(day) + days * DAY_MS);
}

/** Adds calendar months, clamping to the month's last day (Jan 31 + 1 month = Feb 28). */
export function addMonths(day: Day, months: number): Day {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return toDayString(target.getTime());
}

export function daysBetween(from: Day, to: Day): number {
  return Math.round((dayToUtcMs(to) - dayToUtcMs(from)) / DAY_MS);
}

/** The day an instant falls on at a UTC offset (minutes east of UTC). */
export function dayAt(ms: number, offsetMinutes: number): Day {
  return toDayString(ms + offsetMinutes * 60_000);
}

/** The instant a day starts at a UTC offset. */
export function dayStartMs(day: Day, offsetMinutes: number): number {
  return dayToUtcMs(day) - offsetMinutes * 60_000;
}

/** A 6-month limit of the shared date range, in days. */
export const SIX_MONTHS_DAYS = 180;

export type DateRangeCheck =
  | { ok: true; start: Day; endExclusive: Day }
  | { ok: false; key: 'analysis.date.picker.limit.tip' | 'finances.date.picker.maximum.time' | 'dateRange.order' };

/**
 * The shared date-range rule: the range ends at the chosen end day plus 1 (exclusive). A 6-month limit
 * means 180 days ('analysis.date.picker.limit.tip'); a 12-month limit means 12 calendar months
 * ('finances.date.picker.maximum.time'); any other limit caps the range at limit x 30 days.
 */
export function checkDateRange(start: Day, end: Day, limitMonths: number): DateRangeCheck {
  if (!isDay(start) || !isDay(end) || end < start) return { ok: false, key: 'dateRange.order' };
  const endExclusive = addDays(end, 1);
  if (limitMonths === 6) {
    if (daysBetween(start, endExclusive) > SIX_MONTHS_DAYS) return { ok: false, key: 'analysis.date.picker.limit.tip' };
  } else if (limitMonths === 12) {
    if (endExclusive > addMonths(start, 12)) return { ok: false, key: 'finances.date.picker.maximum.time' };
  } else {
    const cap = addDays(start, limitMonths * 30);
    return { ok: true, start, endExclusive: endExclusive > cap ? cap : endExclusive };
  }
  return { ok: true, start, endExclusive };
}

/**
 * Monthly windows back from a day, newest first: [today+1 - 1 month, today+1), then the month
 * before, and so on. The interest cache walks them until it has enough rows.
 */
export function monthlyWindows(today: Day, months: number): { start: Day; endExclusive: Day }[] {
  const end = addDays(today, 1);
  return Array.from({ length: months }, (_, i) => ({
    start: addMonths(end, -(i + 1)),
    endExclusive: addMonths(end, -i),
  }));
}
