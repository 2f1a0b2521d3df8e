import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, checkDateRange, dayAt, dayStartMs, daysBetween, isDay, monthlyWindows } from './dates.js';

describe('calendar helpers', () => {
  it('adds months clamping to the last day', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-05-22', 6)).toBe('2026-11-22');
    expect(addMonths('2025-11-22', 12)).toBe('2026-11-22');
  });
  it('validates days', () => {
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-1-01')).toBe(false);
  });
  it('maps instants to days at an offset', () => {
    const ms = Date.UTC(2026, 10, 22, 23, 30);
    expect(dayAt(ms, 0)).toBe('2026-11-22');
    expect(dayAt(ms, 60)).toBe('2026-11-23');
    expect(dayStartMs('2026-11-23', 60)).toBe(Date.UTC(2026, 10, 22, 23, 0));
  });
});

describe('checkDateRange', () => {
  it('ends at the chosen day plus one', () => {
    expect(checkDateRange('2026-11-01', '2026-11-22', 6)).toEqual({
      ok: true,
      start: '2026-11-01',
      endExclusive: '2026-11-23',
    });
  });

  it('allows exactly 180 days at the 6-month limit and warns at 181', () => {
    expect(checkDateRange('2026-01-01', addDays('2026-01-01', 179), 6).ok).toBe(true);
    expect(checkDateRange('2026-01-01', addDays('2026-01-01', 180), 6)).toEqual({
      ok: false,
      key: 'analysis.date.picker.limit.tip',
    });
  });

  it('allows 12 calendar months at the 12-month limit and warns past them', () => {
    expect(checkDateRange('2025-11-23', '2026-11-22', 12).ok).toBe(true);
    expect(checkDateRange('2025-11-22', '2026-11-22', 12)).toEqual({
      ok: false,
      key: 'finances.date.picker.maximum.time',
    });
  });

  it('caps other limits at limit x 30 days', () => {
    expect(checkDateRange('2026-01-01', '2026-12-31', 3)).toEqual({
      ok: true,
      start: '2026-01-01',
      endExclusive: '2026-04-01',
    });
  });

  it('refuses a reversed or malformed range', () => {
    expect(checkDateRange('2026-11-22', '2026-11-01', 6).ok).toBe(false);
    expect(checkDateRange('2026-13-01', '2026-11-01', 6).ok).toBe(false);
  });

  it('never accepts more than 180 days under the 6-month limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 400 }), (offset, span) => {
        const start = addDays('2020-01-01', offset);
        const r = checkDateRange(start, addDays(start, span), 6);
        return r.ok ? daysBetween(r.start, r.endExclusive) <= 180 : span >= 180;
      }),
    );
  });
});

describe('monthlyWindows', () => {
  it('walks back month by month from tomorrow, without gaps', () => {
    const w = monthlyWindows('2026-11-22', 6);
    expect(w[0]).toEqual({ start: '2026-10-23', endExclusive: '2026-11-23' });
    expect(w[5]).toEqual({ start: '2026-05-23', endExclusive: '2026-06-23' });
    for (let i = 1; i < w.length; i++) expect(w[i]?.endExclusive).toBe(w[i - 1]?.start);
  });
});
