import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../dates.js';
import { Decimal } from '../money.js';
import {
  areFixedActionsLocked,
  checkFixedSubscribe,
  checkRenewalAmount,
  earlyRedeemInterest,
  FIXED_RECEIPT_DELAY_MS,
  fixedInterest,
  fixedTimeline,
  orderAprPercent,
  orderExtraRate,
  renewalSplit,
  renewalTimeline,
  subscribeAgainTarget,
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

describe('order APR', () => {
  const voucher = (rate_ratio: string, rate_day: number, buy_limit_high = '0') => ({
    rate_ratio,
    rate_day,
    buy_limit_low: '0',
    buy_limit_high,
  });
  it("is the order's own APR and its extras, not worked back from interest rounded down", () => {
    // 0.0123 at 1% for a day earns 0.00000033 (rounded down): worked back, 0.98%.
    expect(fixedInterest('0.0123', '0.01', 1).toFixed()).toBe('0.00000033');
    expect(orderAprPercent('0.01', '0').toFixed(2)).toBe('1.00');
    // A 1.5% voucher on all of it: 2.50%, where its interest rounded down would say 2.48%.
    const extra = orderExtraRate('0.0123', 1, { voucher: voucher('1.5', 1), ladder: [] });
    expect(orderAprPercent('0.01', extra).toFixed(2)).toBe('2.50');
  });
  it('adds a voucher by what it pays over the whole order: on the part it covers, for the days it lasts', () => {
    // 2% on 500 of 1000: 1% more; for 7 of 14 days: 0.5% more.
    expect(orderExtraRate('1000', 7, { voucher: voucher('2', 7, '500'), ladder: [] }).toFixed()).toBe('0.01');
    expect(orderExtraRate('1000', 14, { voucher: voucher('2', 7, '500'), ladder: [] }).toFixed()).toBe('0.005');
    // Under its low limit it adds nothing.
    const low = { ...voucher('2', 7), buy_limit_low: '100' };
    expect(orderExtraRate('99', 7, { voucher: low, ladder: [] }).toFixed()).toBe('0');
  });
  it("adds a ladder by each tier's APR on the part inside it", () => {
    const ladder = [{ left: '0', right: '1000', apr: '0.04' }];
    expect(orderExtraRate('10', 30, { voucher: null, ladder }).toFixed()).toBe('0.04');
    expect(orderAprPercent('0.08', orderExtraRate('1500', 30, { voucher: null, ladder })).toFixed(2)).toBe('10.67');
    // Above 600 already held, 400 of the 1,500 are in the tier: 4% x 400 / 1,500.
    expect(orderExtraRate('1500', 30, { voucher: null, ladder, at: [['600', '2100']] }).toFixed(2)).toBe('0.01');
    expect(orderExtraRate('10', 30, { voucher: null, ladder, at: [['1000', '1010']] }).toFixed()).toBe('0');
    expect(orderExtraRate('0', 30, { voucher: voucher('2', 7), ladder }).toFixed()).toBe('0');
  });
  it('agrees with the interest it pays, to within its rounding', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 365 }),
        fc.integer({ min: 0, max: 500 }),
        (cents, days, ratio) => {
          const amount = new Decimal(cents).div(100);
          const v = voucher(new Decimal(ratio).div(100).toFixed(), 7, '5000');
          const paid = voucherInterest(amount, v, days);
          const fromRate = orderExtraRate(amount, days, { voucher: v, ladder: [] }).times(amount).times(days).div(365);
          // The interest is the rate's, rounded down to 8 places; the rate is a quotient, exact to the
          // arithmetic's 60 digits, so it may fall short of a whole interest in its last digit.
          const gap = fromRate.minus(paid);
          return gap.gt('-1e-40') && gap.lt('0.00000001');
        },
      ),
      // Once found: 2.19% on 85,925.91 (5,000 covered) for 9 days, interest 2.1 exactly.
      { examples: [[8_592_591, 9, 219]] },
    );
  });
});

describe('rate-up voucher', () => {
  const voucher = { rate_ratio: '2', rate_day: 7, buy_limit_low: '100', buy_limit_high: '5000' };

  it('pays rate_ratio percent for rate_day days on the amount up to buy_limit_high', () => {
    expect(voucherInterest('1000', voucher, 7).toFixed()).toBe(fixedInterest('1000', '0.02', 7).toFixed());
    expect(voucherInterest('9000', voucher, 30).toFixed()).toBe(fixedInterest('5000', '0.02', 7).toFixed());
    expect(voucherInterest('9000', { ...voucher, buy_limit_high: '0' }, 7).toFixed()).toBe(
      fixedInterest('9000', '0.02', 7).toFixed(),
    );
  });

  it('raises the rate only while the money is lent: rate_day longer than the term counts the term', () => {
    const month = { ...voucher, rate_day: 30 };
    expect(voucherInterest('1000', month, 7).toFixed()).toBe(fixedInterest('1000', '0.02', 7).toFixed());
    expect(voucherInterest('1000', month, 90).toFixed()).toBe(fixedInterest('1000', '0.02', 30).toFixed());
  });

  it('pays nothing below buy_limit_low', () => {
    expect(voucherInterest('99.999999', voucher, 7).toFixed()).toBe('0');
    expect(voucherInterest('0', { ...voucher, buy_limit_low: '0' }, 7).toFixed()).toBe('0');
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

describe('renewal amount', () => {
  const rules = { principal: '100', minLendAmount: '10', asset: 'USDT' };
  it('is above 0, at least the product minimum and at most the principal', () => {
    expect(checkRenewalAmount('10', rules)).toMatchObject({ ok: true });
    expect(checkRenewalAmount('100', rules)).toMatchObject({ ok: true });
    expect(checkRenewalAmount('9.999999', rules)).toMatchObject({
      ok: false,
      key: 'fixed.reinvest.belowMinimum',
      params: { amount: '10', asset: 'USDT' },
    });
    expect(checkRenewalAmount('0', { ...rules, minLendAmount: '0' })).toMatchObject({ ok: false });
    expect(checkRenewalAmount('100.000001', rules)).toMatchObject({ ok: false, key: 'fixed.reinvest.aboveAmount' });
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

describe('renewal timeline', () => {
  it('earns from the instant the previous order matured and lasts exactly the term', () => {
    const t = renewalTimeline(at('2028-02-22T00:00:00.000Z'), 7);
    expect(iso(t.interestStartMs)).toBe('2028-02-22T00:00:00.000Z');
    expect(iso(t.finishMs)).toBe('2028-02-29T00:00:00.000Z');
    expect(t.receivedMs - t.finishMs).toBe(FIXED_RECEIPT_DELAY_MS);
  });
});

describe('fixed subscribe checks', () => {
  const rules = {
    asset: 'USDT',
    minLendAmount: '10',
    available: '1000',
    productRemaining: '500',
    userRemaining: '300',
  };
  const keyOf = (amount: string, r: Parameters<typeof checkFixedSubscribe>[1] = rules) => {
    const res = checkFixedSubscribe(amount, r);
    return res.ok ? (res.value.warning?.key ?? 'ok') : res.key;
  };

  it('checks in the spec order: minimum, balance, remaining quota, individual quota, voucher', () => {
    expect(keyOf('9.9999999')).toBe('lend_earn.minimum.purchase');
    // Above the balance wins over the quota, which it also breaks.
    expect(keyOf('1001')).toBe('lend_earn.insufficient.balance');
    expect(keyOf('301')).toBe('fixed.individual.quota');
    expect(keyOf('300')).toBe('ok');
    expect(keyOf('50', { ...rules, productRemaining: '9' })).toBe('fixed.remaining.quota');
    expect(keyOf('50', { ...rules, userRemaining: '0' })).toBe('fixed.remaining.quota');
    const voucher = { buy_limit_low: '100', buy_limit_high: '200' };
    expect(keyOf('99', { ...rules, voucher })).toBe('lend_earn.minimum.purchase');
    expect(keyOf('150', { ...rules, voucher })).toBe('ok');
    expect(keyOf('250', { ...rules, voucher })).toBe('fixed.voucher.maximum');
    expect(keyOf('250', { ...rules, voucher: { buy_limit_low: '0', buy_limit_high: '0' } })).toBe('ok');
  });

  it('rounds the amount down to 6 places and names the quota left', () => {
    const res = checkFixedSubscribe('12.3456789', rules);
    expect(res.ok && res.value.amount.toFixed()).toBe('12.345678');
    const over = checkFixedSubscribe('301', rules);
    expect(!over.ok && over.params).toEqual({ quota: '300', asset: 'USDT' });
  });

  it("says whose quota is below the minimum: the user's own, or the product's", () => {
    const personal = checkFixedSubscribe('50', { ...rules, userRemaining: '0' });
    expect(!personal.ok && personal).toMatchObject({
      message: 'Your remaining quota for this product is 0 USDT, below the minimum subscription',
      params: { quota: '0', asset: 'USDT', context: 'personal' },
    });
    const product = checkFixedSubscribe('50', { ...rules, productRemaining: '9' });
    expect(!product.ok && product).toMatchObject({
      message: 'This product has 9 USDT left, below the minimum subscription',
      params: { quota: '9', asset: 'USDT' },
    });
    expect(!product.ok && product.params?.context).toBeUndefined();
  });

  it('never passes an amount above the balance or either quota', () => {
    const d = fc.integer({ min: 0, max: 10_000 }).map(String);
    fc.assert(
      fc.property(d, d, d, d, (amount, available, productRemaining, userRemaining) => {
        const res = checkFixedSubscribe(amount, { ...rules, available, productRemaining, userRemaining });
        if (!res.ok) return;
        expect(res.value.amount.lte(available) && res.value.amount.lte(productRemaining)).toBe(true);
        expect(res.value.amount.lte(userRemaining) && res.value.amount.gte(10)).toBe(true);
      }),
    );
  });
});

describe('subscribe again', () => {
  const p = (id: number, type: number, sale_status: number, year_rate: string) => ({
    id,
    type,
    sale_status,
    year_rate,
  });

  it("keeps the order's product while it sells", () => {
    expect(subscribeAgainTarget(1, [p(1, 2, 1, '0.01'), p(2, 1, 1, '0.09')], { hasFlexible: true })).toEqual({
      kind: 'fixed',
      productId: 1,
    });
  });

  it('falls back to the normal product with the highest rate, then flexible, then home', () => {
    const sold = [p(1, 1, 2, '0.2'), p(2, 1, 1, '0.05'), p(3, 1, 1, '0.07'), p(4, 2, 1, '0.3'), p(5, 3, 1, '0.4')];
    expect(subscribeAgainTarget(1, sold, { hasFlexible: true })).toEqual({ kind: 'fixed', productId: 3 });
    expect(subscribeAgainTarget(9, [p(4, 2, 1, '0.3')], { hasFlexible: true })).toEqual({ kind: 'flexible' });
    expect(subscribeAgainTarget(9, [], { hasFlexible: false })).toEqual({ kind: 'home' });
  });
});
