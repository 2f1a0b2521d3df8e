import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../money.js';
import {
  allocateBonus,
  bonusForStakeNow,
  bonusRateOn,
  bonusStatusNow,
  burnFor,
  checkRedeemAmount,
  checkStakeAmount,
  coinsFor,
  convertReward,
  dailyBonus,
  dailyFee,
  dailyReward,
  exchangeRateAfter,
  firstRewardMs,
  isBonusActive,
  isFastRedeemAvailable,
  maxBonusRate,
  mintAmount,
  nextExchangeRate,
  paidBonusRate,
  redeemFee,
  redeemPeriod,
  redeemWaitDays,
  remainingOf,
  reverseRate,
  stakeCountsFromMs,
  stakeTakes,
  standardArrivalMs,
  tokensFor,
  vipDiscountPercent,
} from './index.js';

const at = (iso: string) => Date.parse(iso);
const amount = fc.bigInt({ min: 1n, max: 10n ** 20n }).map((n) => new Decimal(n.toString()).div(1e8).toFixed());
const fraction = fc.integer({ min: 0, max: 10_000 }).map((n) => new Decimal(n).div(10_000).toFixed());

describe('daily staking reward', () => {
  it('is holding x APR / 365 x (1 - fee), rounded down to 8', () => {
    expect(dailyReward({ holding: '10000', rate: '0.0365', feeRate: '0.1' }).toFixed()).toBe('0.9');
    expect(dailyReward({ holding: '1234.56789', rate: '0.05', feeRate: '0.2' }).toFixed()).toBe('0.13529511');
  });
  it('waives vip_sale percent of the fee for tiers in range, nothing outside it', () => {
    const vip = { min_tier: 3, max_tier: 8, vip_sale: '25' };
    expect(vipDiscountPercent(vip, 2).toFixed()).toBe('0');
    expect(vipDiscountPercent(vip, 3).toFixed()).toBe('25');
    expect(vipDiscountPercent(vip, 8).toFixed()).toBe('25');
    expect(vipDiscountPercent(vip, 9).toFixed()).toBe('0');
    expect(vipDiscountPercent(null, 5).toFixed()).toBe('0');
    const reward = dailyReward({ holding: '1234.56789', rate: '0.05', feeRate: '0.2', vipDiscountPercent: '25' });
    expect(reward.toFixed()).toBe('0.14375105');
    expect(dailyReward({ holding: '10000', rate: '0.0365', feeRate: '0.1', vipDiscountPercent: '100' }).toFixed()).toBe(
      '1',
    );
  });
  it('charges as fee what the gross day would pay less the reward', () => {
    expect(dailyFee({ holding: '10000', rate: '0.0365', reward: '0.9' }).toFixed()).toBe('0.1');
  });
  it('never pays more than the gross day, nor less with a bigger discount', () => {
    fc.assert(
      fc.property(amount, fraction, fraction, fc.integer({ min: 0, max: 100 }), (holding, rate, fee, sale) => {
        const gross = dailyReward({ holding, rate, feeRate: '0' });
        const less = dailyReward({ holding, rate, feeRate: fee, vipDiscountPercent: String(sale) });
        const more = dailyReward({ holding, rate, feeRate: fee, vipDiscountPercent: String(Math.min(100, sale + 10)) });
        expect(less.lte(gross)).toBe(true);
        expect(less.gte(0)).toBe(true);
        expect(more.gte(less)).toBe(true);
      }),
    );
  });
  it('converts to another reward coin at the day prices', () => {
    expect(convertReward('1', '3000', '60000').toFixed()).toBe('0.05');
    expect(convertReward('1', '3000', '0').toFixed()).toBe('0');
  });
});

describe('extra bonus', () => {
  const tiers = [
    { money_min: '0', money_max: '1000', money_rate: '0.0365' },
    { money_min: '1000', money_max: '-1', money_rate: '0.073' },
  ];
  /** A running event from `start` to `end` (ISO instants) with the tiers above. */
  const event = (start: string, end: string) => ({
    status: 1,
    start_time: at(start) / 1000,
    end_time: at(end) / 1000,
    interest: tiers,
  });
  it('pays each tier its APR on the part of the holding inside it (-1: no upper bound)', () => {
    expect(dailyBonus('3000', tiers).toFixed()).toBe('0.5');
    expect(dailyBonus('500', tiers).toFixed()).toBe('0.05');
    expect(dailyBonus('0', tiers).toFixed()).toBe('0');
    expect(maxBonusRate(tiers).toFixed()).toBe('0.073');
  });
  it('says the extra APR a whole holding earns: its tiers over the holding, what a year of its daily bonus pays', () => {
    expect(bonusRateOn('500', tiers).toFixed()).toBe('0.0365');
    // 1,000 at 3.65% and 2,000 at 7.3% over 3,000.
    expect(bonusRateOn('3000', tiers).toDecimalPlaces(6).toFixed()).toBe('0.060833');
    expect(bonusRateOn('0', tiers).toFixed()).toBe('0');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (units) => {
        const holding = new Decimal(units).div(100);
        const year = bonusRateOn(holding, tiers).times(holding).div(365);
        expect(year.toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed()).toBe(dailyBonus(holding, tiers).toFixed());
      }),
    );
  });
  it('applies only while processing and for days inside its window', () => {
    const extra = event('2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z');
    expect(isBonusActive(extra, at('2026-11-01T00:00:00Z'))).toBe(true);
    expect(isBonusActive(extra, at('2026-11-30T00:00:00Z'))).toBe(true);
    expect(isBonusActive(extra, at('2026-12-01T00:00:00Z'))).toBe(false);
    expect(isBonusActive(extra, at('2026-10-31T00:00:00Z'))).toBe(false);
    expect(isBonusActive({ ...extra, status: 0 }, at('2026-11-10T00:00:00Z'))).toBe(false);
    expect(isBonusActive({ ...extra, status: 2 }, at('2026-11-10T00:00:00Z'))).toBe(false);
    expect(isBonusActive(null, at('2026-11-10T00:00:00Z'))).toBe(false);
  });
  it('is told as not started, processing or finished by whether a day can still pay it', () => {
    const extra = event('2026-11-03T05:00:00Z', '2026-11-10T18:00:00Z');
    // Before its start: processing once a stake made now would earn it on its first counted day.
    expect(bonusStatusNow(extra, at('2026-11-02T10:00:00Z'), '1', 1)).toBe(0);
    expect(bonusStatusNow(extra, at('2026-11-02T10:00:00Z'), '1', 3)).toBe(1);
    expect(bonusStatusNow(extra, at('2026-11-03T06:00:00Z'), '1', 1)).toBe(1);
    // The last whole day inside it (the 9th) still pays its holders, though a stake made then would not earn it.
    expect(bonusStatusNow(extra, at('2026-11-09T12:00:00Z'), '1', 1)).toBe(1);
    // From the day its end falls in, no day can pay: finished, before its end time.
    expect(bonusStatusNow(extra, at('2026-11-10T00:00:00Z'), '1', 1)).toBe(2);
    expect(bonusStatusNow(extra, at('2026-11-05T00:00:00Z'), '0', 1)).toBe(2);
    // What the operator set otherwise stands.
    expect(bonusStatusNow({ ...extra, status: 2 }, at('2026-11-05T00:00:00Z'), '1', 1)).toBe(2);
    expect(bonusStatusNow({ ...extra, status: 0 }, at('2026-11-05T00:00:00Z'), '1', 1)).toBe(0);
    expect(bonusStatusNow(null, at('2026-11-05T00:00:00Z'), '1', 1)).toBe(0);
  });
  it('counts for a stake made now when its first counted day is in the event', () => {
    const extra = event('2026-11-01T05:00:00Z', '2026-11-03T00:00:00Z');
    // Staked on the start day, after the start: counted from the 2nd, a whole day inside.
    expect(bonusForStakeNow(extra, at('2026-11-01T06:00:00Z'), 1)).toBe(true);
    // Staked on the 2nd: counted from the 3rd, after the end.
    expect(bonusForStakeNow(extra, at('2026-11-02T06:00:00Z'), 1)).toBe(false);
    // With a delay of 3 days, the first counted day is past the end.
    expect(bonusForStakeNow(extra, at('2026-11-01T06:00:00Z'), 3)).toBe(false);
    expect(bonusForStakeNow({ ...extra, status: 2 }, at('2026-11-01T06:00:00Z'), 1)).toBe(false);
  });
  it('shows the top rate as paid: scaled by a short budget, none once spent', () => {
    expect(paidBonusRate('0.0365', '0.003', '0.004').toFixed()).toBe('0.0365');
    expect(paidBonusRate('0.0365', '0.004', '0.002').toFixed()).toBe('0.01825');
    expect(paidBonusRate('0.0365', '0', '0.002').toFixed()).toBe('0.0365');
    expect(paidBonusRate('0.0365', '0.004', '0').toFixed()).toBe('0');
    fc.assert(
      fc.property(fraction, amount, amount, (rate, demand, budget) => {
        const paid = paidBonusRate(rate, demand, budget);
        expect(paid.lte(rate)).toBe(true);
        expect(paid.gte(0)).toBe(true);
      }),
    );
  });
  it('splits a short budget pro rata and never pays more than it', () => {
    expect(allocateBonus(['1', '3'], '2').map((d) => d.toFixed())).toEqual(['0.5', '1.5']);
    expect(allocateBonus(['1', '3'], '10').map((d) => d.toFixed())).toEqual(['1', '3']);
    expect(allocateBonus(['1'], '-5').map((d) => d.toFixed())).toEqual(['0']);
    fc.assert(
      fc.property(fc.array(amount, { maxLength: 20 }), amount, (demands, budget) => {
        const paid = allocateBonus(demands, budget);
        const demanded = demands.reduce((s, d) => s.plus(d), new Decimal(0));
        const total = paid.reduce((s, d) => s.plus(d), new Decimal(0));
        // Never more than asked for, never more than the budget.
        expect(total.lte(Decimal.min(demanded, new Decimal(budget)))).toBe(true);
        for (const [i, p] of paid.entries()) expect(p.lte(demands[i] as string)).toBe(true);
      }),
    );
  });
});

describe('first reward', () => {
  it('comes reward_delay_days after the start of today in UTC, never before a whole day is held', () => {
    expect(firstRewardMs(at('2026-11-25T13:00:00Z'), 2)).toBe(at('2026-11-27T00:00:00Z'));
    expect(firstRewardMs(at('2026-12-31T23:59:59Z'), 3)).toBe(at('2027-01-03T00:00:00Z'));
    expect(firstRewardMs(at('2028-02-27T08:00:00Z'), 2)).toBe(at('2028-02-29T00:00:00Z'));
    expect(firstRewardMs(at('2026-11-25T13:00:00Z'), 1)).toBe(at('2026-11-27T00:00:00Z'));
    // Staked at exactly 00:00, the whole day is held: with a delay of 1 it is paid at the next 00:00.
    expect(firstRewardMs(at('2026-11-27T00:00:00Z'), 1)).toBe(at('2026-11-28T00:00:00Z'));
    expect(firstRewardMs(at('2026-11-27T00:00:00Z'), 0)).toBe(at('2026-11-28T00:00:00Z'));
    expect(firstRewardMs(at('2026-11-27T00:00:00Z'), 2)).toBe(at('2026-11-29T00:00:00Z'));
  });
  it('counts a stake from the day that ends at its first reward', () => {
    expect(stakeCountsFromMs(at('2026-11-25T13:00:00Z'), 2)).toBe(at('2026-11-26T00:00:00Z'));
    expect(stakeCountsFromMs(at('2026-11-25T13:00:00Z'), 5)).toBe(at('2026-11-29T00:00:00Z'));
    expect(stakeCountsFromMs(at('2026-11-25T13:00:00Z'), 1)).toBe(at('2026-11-25T13:00:00Z'));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000_000_000 }), fc.integer({ min: 0, max: 30 }), (ms, delay) => {
        // Held through the day that ends at the first reward: counted from no later than that day's start.
        expect(stakeCountsFromMs(ms, delay)).toBeLessThanOrEqual(firstRewardMs(ms, delay) - 86_400_000);
        // ... and that day is the first it holds whole: the day before starts before it counts.
        expect(stakeCountsFromMs(ms, delay)).toBeGreaterThan(firstRewardMs(ms, delay) - 2 * 86_400_000);
        expect(stakeCountsFromMs(ms, delay)).toBeGreaterThanOrEqual(ms);
      }),
    );
  });
});

describe('where a redemption comes out of the stake', () => {
  const now = at('2026-11-25T13:00:00Z');
  const tomorrow = at('2026-11-26T00:00:00Z');
  const later = at('2026-11-28T00:00:00Z');
  const shown = (takes: ReturnType<typeof stakeTakes>) => takes.map((t) => [t.atMs, t.amount.toFixed()]);
  it('takes from what does not count yet, latest first, then from what counts as of now', () => {
    const waiting = [
      { atMs: tomorrow, amount: '2' },
      { atMs: later, amount: '1' },
    ];
    expect(shown(stakeTakes(waiting, '0.5', now))).toEqual([[later, '0.5']]);
    expect(shown(stakeTakes(waiting, '2', now))).toEqual([
      [later, '1'],
      [tomorrow, '1'],
    ]);
    expect(shown(stakeTakes(waiting, '5', now))).toEqual([
      [later, '1'],
      [tomorrow, '2'],
      [now, '2'],
    ]);
    // A stake that already counts, or a waiting part used up, is not taken from again.
    expect(shown(stakeTakes([{ atMs: now, amount: '3' }], '1', now))).toEqual([[now, '1']]);
    expect(shown(stakeTakes([{ atMs: later, amount: '0' }], '1', now))).toEqual([[now, '1']]);
  });
  it('takes exactly the amount, never more of a part than it holds', () => {
    const part = fc.record({ atMs: fc.integer({ min: now - 86_400_000, max: now + 10 * 86_400_000 }), amount });
    fc.assert(
      fc.property(fc.array(part, { maxLength: 6 }), amount, (waiting, asked) => {
        const takes = stakeTakes(waiting, asked, now);
        expect(takes.reduce((sum, t) => sum.plus(t.amount), new Decimal(0)).toFixed()).toBe(
          new Decimal(asked).toFixed(),
        );
        for (const t of takes) {
          expect(t.amount.gt(0)).toBe(true);
          if (t.atMs === now) continue;
          const held = waiting.filter((w) => w.atMs === t.atMs).reduce((sum, w) => sum.plus(w.amount), new Decimal(0));
          expect(t.amount.lte(held)).toBe(true);
        }
      }),
    );
  });
});

describe('redemption', () => {
  it('derives the five redeem-period states', () => {
    expect(redeemPeriod({ income_days: 0, redeem_minday: 0, redeem_maxday: 0 })).toBe('immediate');
    expect(redeemPeriod({ income_days: 0, redeem_minday: -1, redeem_maxday: -1 })).toBe('immediate');
    expect(redeemPeriod({ income_days: 3, redeem_minday: 0, redeem_maxday: -1 })).toBe('period');
    expect(redeemPeriod({ income_days: 0, redeem_minday: 0, redeem_maxday: 5 })).toBe('max_only');
    expect(redeemPeriod({ income_days: 0, redeem_minday: 4, redeem_maxday: 4 })).toBe('min_eq_max');
    expect(redeemPeriod({ income_days: 1, redeem_minday: 2, redeem_maxday: 7 })).toBe('min_ne_max');
  });
  it('waits the maximum days, else the minimum, else income_days, and arrives at the next 00:00 UTC after', () => {
    expect(redeemWaitDays({ income_days: 1, redeem_minday: 2, redeem_maxday: 7 })).toBe(7);
    expect(redeemWaitDays({ income_days: 3, redeem_minday: 0, redeem_maxday: -1 })).toBe(3);
    expect(redeemWaitDays({ income_days: 0, redeem_minday: 0, redeem_maxday: 0 })).toBe(0);
    expect(standardArrivalMs(at('2026-11-25T13:00:00Z'), 3)).toBe(at('2026-11-28T00:00:00Z'));
    expect(standardArrivalMs(at('2026-11-25T00:00:00Z'), 3)).toBe(at('2026-11-28T00:00:00Z'));
    expect(standardArrivalMs(at('2026-11-25T13:00:00Z'), 0)).toBe(at('2026-11-25T13:00:00Z'));
  });
  it('offers fast redemption only when enabled and today has room for at least the minimum', () => {
    const base = { enabled: true, dailyQuota: '100', usedToday: '90', minRedeemAmount: '10' };
    expect(isFastRedeemAvailable(base)).toBe(true);
    expect(isFastRedeemAvailable({ ...base, usedToday: '95' })).toBe(false);
    expect(isFastRedeemAvailable({ ...base, usedToday: '100' })).toBe(false);
    expect(isFastRedeemAvailable({ ...base, dailyQuota: '-1', usedToday: '1000000' })).toBe(true);
    expect(isFastRedeemAvailable({ ...base, enabled: false })).toBe(false);
    expect(remainingOf('-1', '5')).toBeNull();
    expect(remainingOf('100', '120')?.toFixed()).toBe('0');
  });
  it('charges the fee rounded down to 8, and what arrives is the rest', () => {
    const { fee, received } = redeemFee('1.23456789', '0.005');
    expect(fee.toFixed()).toBe('0.00617283');
    expect(received.toFixed()).toBe('1.22839506');
    fc.assert(
      fc.property(amount, fraction, (a, rate) => {
        const r = redeemFee(a, rate);
        expect(r.fee.plus(r.received).eq(a)).toBe(true);
        expect(r.fee.gte(0) && r.received.gte(0)).toBe(true);
      }),
    );
  });
  it('checks the amount: minimum, holding, then what is left of the fast quota', () => {
    const rules = { coin: 'ETH', minRedeemAmount: '0.01', redeemable: '2' };
    expect(checkRedeemAmount('0', rules)).toMatchObject({ ok: false, key: 'staking.amount.required' });
    expect(checkRedeemAmount('0.009', rules)).toMatchObject({ ok: false, key: 'staking.redeem.min' });
    expect(checkRedeemAmount('2.00000001', rules)).toMatchObject({ ok: false, key: 'staking.redeem.insufficient' });
    expect(checkRedeemAmount('2', rules)).toMatchObject({ ok: true });
    // A remainder below the minimum is redeemed whole, never stuck; only all of it.
    expect(checkRedeemAmount('0.005', { ...rules, redeemable: '0.005' })).toMatchObject({ ok: true });
    expect(checkRedeemAmount('0.004', { ...rules, redeemable: '0.005' })).toMatchObject({
      ok: false,
      key: 'staking.redeem.min',
    });
    expect(checkRedeemAmount('1.5', { ...rules, fastLeft: new Decimal('1') })).toMatchObject({
      ok: false,
      key: 'staking.fast.quota',
      params: { amount: '1', coin: 'ETH' },
    });
    expect(checkRedeemAmount('1', { ...rules, fastLeft: null })).toMatchObject({ ok: true });
  });
});

describe('stake amount', () => {
  const rules = { coin: 'ETH', minMortgageAmount: '0.1', available: '5', personalLeft: null, crowdLeft: null };
  it('checks in order: empty, minimum, balance less borrowed coins, personal cap, crowd cap', () => {
    expect(checkStakeAmount('0', rules)).toMatchObject({ ok: false, key: 'staking.amount.required' });
    expect(checkStakeAmount('0.09', rules)).toMatchObject({ ok: false, key: 'staking.stake.min' });
    expect(checkStakeAmount('5.1', rules)).toMatchObject({ ok: false, key: 'staking.stake.insufficient' });
    expect(checkStakeAmount('4', { ...rules, borrowed: '2' })).toMatchObject({
      ok: false,
      key: 'staking.stake.insufficient',
      params: { amount: '3', coin: 'ETH' },
    });
    expect(checkStakeAmount('3', { ...rules, personalLeft: new Decimal('2') })).toMatchObject({
      key: 'staking.stake.personalCap',
    });
    expect(checkStakeAmount('3', { ...rules, crowdLeft: new Decimal('1') })).toMatchObject({
      key: 'staking.stake.crowdCap',
    });
    expect(checkStakeAmount('0.123456789', rules)).toMatchObject({ ok: true });
    const passed = checkStakeAmount('0.123456789', rules);
    expect(passed.ok && passed.value.toFixed()).toBe('0.12345678');
  });
});

describe('receipt-token exchange rate', () => {
  it('grows by the day APR / 365 less the fee, compounding over a year', () => {
    expect(nextExchangeRate('1', '0.0365', '0')).toBe('1.0001');
    const year = Array.from({ length: 365 }, () => ({ rate: '0.0365', feeRate: '0.1' }));
    const rate = exchangeRateAfter('1', year);
    expect(rate).toBe('1.033393990763136191');
    expect(reverseRate(rate)).toBe('0.967685131651989242');
    expect(tokensFor('100', rate)).toBe('96.76851316');
    expect(new Decimal(coinsFor('96.76851316', rate)).lte(100)).toBe(true);
  });
  it('never falls, and a stake redeemed at once never returns more than was put in', () => {
    fc.assert(
      fc.property(amount, fc.array(fraction, { maxLength: 30 }), (a, rates) => {
        const start = '1.05';
        const after = exchangeRateAfter(
          start,
          rates.map((r) => ({ rate: r, feeRate: '0.1' })),
        );
        expect(new Decimal(after).gte(start)).toBe(true);
        expect(new Decimal(coinsFor(tokensFor(a, after), after)).lte(a)).toBe(true);
      }),
    );
  });
});

describe('debt products', () => {
  it('mint the collateral value times the ratio, rounded down to 8', () => {
    expect(mintAmount('2', '3400', '1', '0.5').toFixed()).toBe('3400');
    expect(mintAmount('0.123456789', '3399.99', '1', '0.6').toFixed()).toBe('251.85110881');
    // In a mint coin not worth 1 USDT, at its own price.
    expect(mintAmount('2', '3400', '0.8', '0.5').toFixed()).toBe('4250');
    expect(mintAmount('1000', '0.32', '96000', '0.9').toFixed()).toBe('0.003');
  });
  it('burn the debt in proportion, rounded up, and all of it with the last collateral', () => {
    expect(burnFor('100', '3', '1').toFixed()).toBe('33.33333334');
    expect(burnFor('100', '3', '3').toFixed()).toBe('100');
    expect(burnFor('0', '3', '1').toFixed()).toBe('0');
  });
  it('never leave debt without collateral: burning in parts repays all of it', () => {
    fc.assert(
      fc.property(amount, fc.array(fraction, { minLength: 1, maxLength: 10 }), (debt, parts) => {
        let owed = new Decimal(debt);
        let held = new Decimal('10');
        for (const p of parts) {
          const amount = Decimal.max(held.times(p).toDecimalPlaces(8, Decimal.ROUND_DOWN), '0.00000001');
          if (amount.gt(held)) break;
          const burn = burnFor(owed, held, amount);
          expect(burn.lte(owed)).toBe(true);
          // What is left owes at most its share of the debt before.
          expect(
            owed
              .minus(burn)
              .times(held)
              .lte(owed.times(held.minus(amount)).plus('1e-8')),
          ).toBe(true);
          owed = owed.minus(burn);
          held = held.minus(amount);
        }
        expect(burnFor(owed, held, held).toFixed()).toBe(owed.toFixed());
      }),
    );
  });
});
