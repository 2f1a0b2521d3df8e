import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../dates.js';
import { Decimal } from '../money.js';
import {
  areFixedActionsLocked,
  earlyRedeemInterest,
  FIXED_RECEIPT_DELAY_MS,
  fixedInterest,
  fixedTimeline,
  renewalSplit,
  vipLabel,
  vipSortKey,
  voucherInterest,
} from './fixed.js';
import { ladderBonus } from './flexible.js';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe('fixed timeline', () => {
  it('starts interest the next day 00:00 UTC and matures lock_up_period days later, across month, year and leap-day ends', () => {
    const cases: [string, number, string, string][] = [
      ['2026-03-10T15:00:00.000Z', 7, '2026-03-11T00:00:00.000Z', '2026-03-18T00:00:00.000Z'],
      ['2026-01-31T23:59:59.999Z', 1, '2026-02-01T00:00:00.000Z', '2026-02-02T00:00:00.000Z'],
      ['2026-12-31T10:00:00.000Z', 7, '2027-01-01T00:00:00.000Z', '2027-01-08T00:00:00.000Z'],
      ['2028-02-28T12:00:00.000Z', 1, '2028-02-29T00:00:00.000Z', '2028-03-01T00:00:00.000Z'],
      ['2028-02-29T00:00:00.000Z', 30, '2028-03-01T00:00:00.000Z', '2028-03-31T00:00:00.000Z'],
      ['2027-02-28T08:00:00.000Z', 1, '2027-03-01T00:00:00.000Z', '2027-03-02T00:00:00.000Z'],
      ['2026-11-23T00:00:00.000Z', 90, '2026-11-24T00:00:00.000Z', '2027-02-22T00:00:00.000Z'],
    ];
    for (const [subscribed, days, start, finish] of cases) {
      const t = fixedTimeline(at(subscribed), days);
      expect(iso(t.interestStartMs), subscribed).toBe(start);
      expect(iso(t.finishMs), subscribed).toBe(finish);
      expect(t.receivedMs - t.finishMs).toBe(30 * 60_000);
    }
  });

  it('always starts within the next day, at midnight, and lasts exactly the term', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_102_444_800_000 }),
        fc.constantFrom(1, 7, 14, 30, 60, 90, 180, 365),
        (ms, days) => {
          const t = fixedTimeline(ms, days);
          return (
            t.interestStartMs % DAY_MS === 0 &&
            t.interestStartMs > ms &&
            t.interestStartMs <= ms + DAY_MS &&
            t.finishMs - t.interestStartMs === days * DAY_MS &&
            t.receivedMs === t.finishMs + FIXED_RECEIPT_DELAY_MS
          );
        },
      ),
    );
  });

  it('locks the order actions from 1 hour before finish_time', () => {
    const finish = at('2026-03-18T00:00:00.000Z');
    expect(areFixedActionsLocked(finish - HOUR_MS - 1, finish)).toBe(false);
    expect(areFixedActionsLocked(finish - HOUR_MS, finish)).toBe(true);
    expect(areFixedActionsLocked(finish + DAY_MS, finish)).toBe(true);
  });
});

describe('fixed interest', () => {
  it('is the amount rounded down to 6, x APR / 365 x days, rounded down to 8', () => {
    expect(fixedInterest('1000', '0.05', 30).toFixed()).toBe('4.10958904');
    expect(fixedInterest('0.1234567891', '0.1', 7).toFixed()).toBe('0.00023676');
    expect(fixedInterest('100', '0.05', 0).toFixed()).toBe('0');
  });

  it('never exceeds the exact figure by a unit and grows with amount and days', () => {
    const amount = fc.integer({ min: 0, max: 10 ** 12 }).map((n) => new Decimal(n).div(10 ** 6));
    fc.assert(
      fc.property(
        amount,
        amount,
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 1, max: 2000 }),
        (a, b, days, bp) => {
          const rate = new Decimal(bp).div(10_000);
          const got = fixedInterest(a, rate, days);
          const exact = a.times(rate).div(365).times(days);
          const [lo, hi] = a.lte(b) ? [a, b] : [b, a];
          return (
            got.lte(exact) &&
            exact.minus(got).lt('0.00000001') &&
            got.decimalPlaces() <= 8 &&
            fixedInterest(lo, rate, days).lte(fixedInterest(hi, rate, days)) &&
            fixedInterest(a, rate, days).lte(fixedInterest(a, rate, days + 1))
          );
        },
      ),
    );
  });
});

describe('rate-up voucher', () => {
  const voucher = { rate_ratio: '2', rate_day: 7, buy_limit_low: '100', buy_limit_high: '5000' };

  it('pays rate_ratio percent for rate_day days on the amount up to buy_limit_high', () => {
    expect(voucherInterest('1000', voucher).toFixed()).toBe(fixedInterest('1000', '0.02', 7).toFixed());
    expect(voucherInterest('9000', voucher).toFixed()).toBe(fixedInterest('5000', '0.02', 7).toFixed());
    expect(voucherInterest('9000', { ...voucher, buy_limit_high: '0' }).toFixed()).toBe(
      fixedInterest('9000', '0.02', 7).toFixed(),
    );
  });

  it('pays nothing below buy_limit_low', () => {
    expect(voucherInterest('99.999999', voucher).toFixed()).toBe('0');
    expect(voucherInterest('0', { ...voucher, buy_limit_low: '0' }).toFixed()).toBe('0');
  });
});

describe('ladder bonus of a fixed order', () => {
  it('pays each tier over the term days in the bonus coin', () => {
    const tiers = [
      { left: '0', right: '1000', apr: '0.03' },
      { left: '1000', right: '5000', apr: '0.01' },
    ];
    // 1000 x 3% + 500 x 1% = 35 a year; 30 days; bonus coin at half the price.
    expect(ladderBonus('1500', tiers, { periodsPerYear: 365, periods: 30, priceRatio: '2' }).toFixed()).toBe(
      '5.75342465',
    );
  });
});

describe('early redemption', () => {
  const start = at('2026-03-11T00:00:00.000Z');

  it('forfeits the interest under the spec rule', () => {
    expect(earlyRedeemInterest('1000', null, start, start + 10 * DAY_MS).toFixed()).toBe('0');
  });

  it('pays an early-exit APR for the whole days held since interest started', () => {
    expect(earlyRedeemInterest('1000', '0.01', start, start + 10 * DAY_MS + 23 * HOUR_MS).toFixed()).toBe(
      fixedInterest('1000', '0.01', 10).toFixed(),
    );
    expect(earlyRedeemInterest('1000', '0.01', start, start - HOUR_MS).toFixed()).toBe('0');
  });
});

describe('renewal at maturity', () => {
  it('renews all of the principal when no amount is chosen, else the chosen part, and pays out the rest', () => {
    expect(renewalSplit('1000', null)).toEqual({ renew: new Decimal(1000), paidOut: new Decimal(0) });
    expect(renewalSplit('1000', '400')).toEqual({ renew: new Decimal(400), paidOut: new Decimal(600) });
    expect(renewalSplit('1000', '5000')).toEqual({ renew: new Decimal(1000), paidOut: new Decimal(0) });
  });
});

describe('VIP products', () => {
  it('sort by min_vip*10+max_vip and read V{min}-{max}', () => {
    const list = [
      { min_vip: 5, max_vip: 9 },
      { min_vip: 1, max_vip: 4 },
      { min_vip: 1, max_vip: 2 },
    ].sort((a, b) => vipSortKey(a) - vipSortKey(b));
    expect(list.map(vipLabel)).toEqual(['V1-2', 'V1-4', 'V5-9']);
  });
});
