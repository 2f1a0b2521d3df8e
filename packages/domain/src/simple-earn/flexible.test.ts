import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../money.js';
import {
  aprBreakdown,
  awardBonus,
  chartWindow,
  checkFlexibleRedeem,
  checkFlexibleSubscribe,
  checkMinLendRate,
  effectiveApr,
  estimatedDailyReturn,
  flexibleTimeline,
  isInBook,
  type LadderSlice,
  ladderAprOver,
  ladderBonus,
  onTopOf,
  placeOnLadder,
  redeemable,
  topLadderApr,
} from './flexible.js';

const H = 3_600_000;
const T = Date.UTC(2026, 10, 2, 10);

describe('flexible timeline', () => {
  it('starts interest 1 hour after subscription and receives it after 2', () => {
    expect(flexibleTimeline(T)).toEqual({ subscribedMs: T, interestStartMs: T + H, interestReceivedMs: T + 2 * H });
    const at1020 = T + 20 * 60_000;
    expect(flexibleTimeline(at1020)).toMatchObject({ interestStartMs: T + 2 * H, interestReceivedMs: T + 3 * H });
  });
  it('puts a subscription in the book of hours starting at least 1 hour later', () => {
    expect(isInBook(T, T + H)).toBe(true);
    expect(isInBook(T + 1, T + H)).toBe(false);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (ms) => {
        const { interestStartMs } = flexibleTimeline(ms);
        return isInBook(ms, interestStartMs) && !isInBook(ms, interestStartMs - H);
      }),
    );
  });
});

describe('subscribe amount', () => {
  const rules = { minLendAmount: '1', available: '100', asset: 'USDT' };
  it('checks the minimum first, then the balance, and rounds down to 6 places', () => {
    expect(checkFlexibleSubscribe('0.5', rules)).toMatchObject({
      ok: false,
      key: 'lend_earn.minimum.purchase',
      message: 'The minimum subscription is 1 USDT',
    });
    expect(checkFlexibleSubscribe('0.5', { ...rules, available: '0' })).toMatchObject({
      key: 'lend_earn.minimum.purchase',
    });
    expect(checkFlexibleSubscribe('100.0000001', rules)).toMatchObject({ ok: true });
    expect(checkFlexibleSubscribe('100.000001', rules)).toMatchObject({
      ok: false,
      key: 'lend_earn.insufficient.balance',
    });
    const r = checkFlexibleSubscribe('12.3456789', rules);
    expect(r.ok && r.value.toFixed()).toBe('12.345678');
    expect(checkFlexibleSubscribe('1', rules).ok).toBe(true);
  });
});

describe('redeem', () => {
  it('redeems current minus frozen minus margin frozen', () => {
    expect(redeemable({ curr_amount: '10', frozen_amount: '3', margin_frozen_amount: '1.5' }).toFixed()).toBe('5.5');
    expect(redeemable({ curr_amount: '1', frozen_amount: '3', margin_frozen_amount: '0' }).toFixed()).toBe('0');
  });
  it('needs at least 0.000001 and at most 8 places, within the maximum', () => {
    expect(checkFlexibleRedeem('0.0000009', '5')).toMatchObject({ ok: false, key: 'redeem.number.minLimit' });
    expect(checkFlexibleRedeem('0.000001', '5').ok).toBe(true);
    // Too many places says so, with the field and the places (not a bare "enter a valid amount").
    expect(checkFlexibleRedeem('1.123456789', '5')).toMatchObject({
      ok: false,
      key: 'errors.invalidAmount',
      message: 'amount must have at most 8 decimal places',
      params: { field: 'amount', context: 'places', places: '8' },
    });
    expect(checkFlexibleRedeem('5.00000001', '5')).toMatchObject({
      ok: false,
      key: 'redeem.number.maxLimit',
      message: 'The current maximum is 5',
    });
  });
});

describe('minimum lend APR edit', () => {
  const rules = { limitMinRate: '0.001', maxRate: '0.05' };
  it('takes percent with 2 places and sends a fraction with 4, rounded up', () => {
    const r = checkMinLendRate('2.5', rules);
    expect(r.ok && r.value.toFixed()).toBe('0.025');
    const up = checkMinLendRate('1.23', rules);
    expect(up.ok && up.value.toFixed()).toBe('0.0123');
  });
  it('refuses above the maximum and below the coin limit', () => {
    expect(checkMinLendRate('5.01', rules)).toMatchObject({
      ok: false,
      key: 'lend_earn.rate.max',
      message: 'The minimum APR can be at most 5%',
    });
    expect(checkMinLendRate('5', rules).ok).toBe(true);
    expect(checkMinLendRate('0.09', rules)).toMatchObject({
      ok: false,
      key: 'lend_earn.rate.min',
      message: 'The minimum APR must be at least 0.1%',
    });
    expect(checkMinLendRate('0.1', rules).ok).toBe(true);
    expect(checkMinLendRate('1.234', rules)).toMatchObject({
      ok: false,
      key: 'errors.invalidAmount',
      params: { field: 'rateYear', context: 'places', places: '2' },
    });
    expect(checkMinLendRate('1e2', rules)).toMatchObject({
      ok: false,
      params: { field: 'rateYear', context: 'plain', example: '5' },
    });
  });
});

describe('estimates', () => {
  it('estimates a day as amount x rate / 365 with the amount rounded down to 6 first', () => {
    expect(estimatedDailyReturn('1000', '0.0365').toFixed()).toBe('0.1');
    expect(estimatedDailyReturn('100.0000009', '0.05').toFixed()).toBe('0.01369863');
  });
  it('pays the ladder bonus per tier', () => {
    const tiers = [
      { left: '0', right: '500', apr: '0.1' },
      { left: '500', right: '2000', apr: '0.02' },
    ];
    // 500 x 10% + 300 x 2% = 56 a year.
    expect(ladderBonus('800', tiers, { periodsPerYear: 365 }).toFixed()).toBe('0.15342465');
    expect(ladderBonus('5000', tiers, { periodsPerYear: 8760, priceRatio: '2' }).toFixed()).toBe('0.01826484');
    expect(ladderBonus('0', tiers, { periodsPerYear: 365 }).toFixed()).toBe('0');
    expect(topLadderApr(tiers).toFixed()).toBe('0.1');
  });
  it('pays the award pool on the part up to its limit, in the award coin, and nothing while it is closed', () => {
    const open = aprBreakdown({
      next_time_rate_year: '0.05',
      is_open_award_pool: 1,
      ext_award_rate_year: '0.02',
      ext_award_limit: '5000',
      ladder_apr: [],
    });
    // 1,000 USDT x 2% / 365, in GT at 18.5 USDT: 0.00296186 GT a day.
    const ratio = new Decimal(1).div('18.5');
    expect(awardBonus('1000', open.award, { periodsPerYear: 365, priceRatio: ratio }).toFixed()).toBe('0.00296186');
    // Above the limit, only the limit earns it.
    expect(awardBonus('80000', open.award, { periodsPerYear: 365, priceRatio: '1' }).toFixed()).toBe(
      awardBonus('5000', open.award, { periodsPerYear: 365, priceRatio: '1' }).toFixed(),
    );
    const closed = aprBreakdown({
      next_time_rate_year: '0.05',
      is_open_award_pool: 0,
      ext_award_rate_year: '0.02',
      ext_award_limit: '5000',
      ladder_apr: [],
    });
    expect(awardBonus('1000', closed.award, { periodsPerYear: 365, priceRatio: '1' }).toFixed()).toBe('0');
    // Added to a holding, only the part of the amount still under the limit earns it.
    const added = (amount: string, held: string) =>
      awardBonus(amount, open.award, { periodsPerYear: 365, priceRatio: '1', held }).toFixed();
    expect(added('4000', '1500')).toBe(
      awardBonus('3500', open.award, { periodsPerYear: 365, priceRatio: '1' }).toFixed(),
    );
    expect(added('100', '5000')).toBe('0');
    expect(added('100', '0')).toBe(awardBonus('100', open.award, { periodsPerYear: 365, priceRatio: '1' }).toFixed());
  });
  it('pays a holding and what is added to it, together, what it pays their sum (within rounding)', () => {
    const tiers = [
      { left: '0', right: '1000', apr: '0.03' },
      { left: '1000', right: '3000', apr: '0.01' },
    ];
    const award = { rate: new Decimal('0.02'), limit: new Decimal('5000') };
    const amount = fc.integer({ min: 0, max: 10_000_000 }).map((n) => new Decimal(n).div(1000));
    fc.assert(
      fc.property(amount, amount, (held, added) => {
        const opts = { periodsPerYear: 1 };
        const ladderSum = ladderBonus(held, tiers, opts).plus(
          ladderBonus(added, tiers, { ...opts, at: onTopOf(held, added) }),
        );
        expect(ladderBonus(held.plus(added), tiers, opts).minus(ladderSum).abs().lte('0.00000001')).toBe(true);
        const awardOpts = { periodsPerYear: 1, priceRatio: '1' };
        const awardSum = awardBonus(held, award, awardOpts).plus(awardBonus(added, award, { ...awardOpts, held }));
        expect(awardBonus(held.plus(added), award, awardOpts).minus(awardSum).abs().lte('0.00000001')).toBe(true);
      }),
    );
  });
  it('ladder bonus grows with the amount', () => {
    const tiers = [{ left: '0', right: '1000', apr: '0.05' }];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 5000 }), (a, b) => {
        const [lo, hi] = a < b ? [a, b] : [b, a];
        return ladderBonus(new Decimal(lo), tiers, { periodsPerYear: 365 }).lte(
          ladderBonus(new Decimal(hi), tiers, { periodsPerYear: 365 }),
        );
      }),
    );
  });
});

describe('a ladder over several orders', () => {
  const tiers = [
    { left: '0', right: '500', apr: '0.1' },
    { left: '500', right: '2000', apr: '0.02' },
  ];
  const amount = fc.integer({ min: 0, max: 300_000 }).map((n) => new Decimal(n).div(100));
  const parts = (slices: readonly (readonly [Decimal, Decimal])[]) =>
    slices.map(([f, t]) => [f.toFixed(), t.toFixed()]);
  it('places an order in the lowest parts the held orders leave free', () => {
    expect(parts(placeOnLadder([], '300'))).toEqual([['0', '300']]);
    expect(parts(placeOnLadder([['0', '500']], '300'))).toEqual([['500', '800']]);
    // The order below was redeemed early: its gap is filled first, then what is left goes above.
    expect(parts(placeOnLadder([['1000', '2000']], '1500'))).toEqual([
      ['0', '1000'],
      ['2000', '2500'],
    ]);
    expect(
      parts(
        placeOnLadder(
          [
            ['700', '900'],
            ['0', '200'],
            ['300', '700'],
          ],
          '250',
        ),
      ),
    ).toEqual([
      ['200', '300'],
      ['900', '1050'],
    ]);
    expect(placeOnLadder([['0', '500']], '0')).toEqual([]);
  });
  it('pays an order on the parts of the ladder it sits at', () => {
    // 500 held: the next 300 earn the second tier's 2% only (6 a year), not 10%.
    expect(ladderBonus('300', tiers, { periodsPerYear: 365, at: [['500', '800']] }).toFixed()).toBe('0.01643835');
    // 400 held: 100 at 10% and 200 at 2% (14 a year).
    const at = placeOnLadder([['0', '400']], '300');
    expect(ladderBonus('300', tiers, { periodsPerYear: 365, at }).toFixed()).toBe('0.03835616');
    expect(ladderAprOver('300', tiers, at).toFixed()).toBe(new Decimal(14).div(300).toFixed());
    // A gap of 200 at 10% and the rest above 2,000 (nothing): 20 a year.
    const gap = placeOnLadder(
      [
        ['0', '100'],
        ['300', '2000'],
      ],
      '300',
    );
    expect(ladderBonus('300', tiers, { periodsPerYear: 1, at: gap }).toFixed()).toBe('20');
    // Past the last tier nothing is added.
    expect(ladderBonus('300', tiers, { periodsPerYear: 365, at: [['2000', '2300']] }).toFixed()).toBe('0');
  });
  it('pays a split amount what it pays the amount at once, never more', () => {
    fc.assert(
      fc.property(fc.array(amount, { minLength: 1, maxLength: 6 }), (orders) => {
        const opts = { periodsPerYear: 365, periods: 30 };
        const taken: LadderSlice[] = [];
        let split = new Decimal(0);
        for (const a of orders) {
          const at = placeOnLadder(taken, a);
          split = split.plus(ladderBonus(a, tiers, { ...opts, at }));
          taken.push(...at);
        }
        const once = ladderBonus(Decimal.sum(0, ...orders), tiers, opts);
        // Each order's bonus is rounded down to 8 places on its own.
        return split.lte(once) && split.gte(once.minus(new Decimal('1e-8').times(orders.length)));
      }),
    );
  });
  it('on a falling ladder, pays the orders a user is left holding no more than one order of their total, and a new order no less than above them all', () => {
    // Orders opened and redeemed early in any order (the attack a rising ladder would allow).
    const step = fc.record({ amount, redeem: fc.option(fc.nat(), { nil: undefined }) });
    const yearly = { periodsPerYear: 1 };
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 10 }), (steps) => {
        const open: { principal: Decimal; at: LadderSlice[]; bonus: Decimal }[] = [];
        for (const s of steps) {
          if (s.redeem !== undefined && open.length > 0) open.splice(s.redeem % open.length, 1);
          const held = Decimal.sum(0, ...open.map((o) => o.principal));
          const at = placeOnLadder(
            open.flatMap((o) => o.at),
            s.amount,
          );
          const bonus = ladderBonus(s.amount, tiers, { ...yearly, at });
          // Filling a gap never pays less than being placed above everything held.
          if (bonus.lt(ladderBonus(s.amount, tiers, { ...yearly, at: [[held, held.plus(s.amount)]] }))) return false;
          open.push({ principal: s.amount, at, bonus });
          const total = Decimal.sum(0, ...open.map((o) => o.principal));
          const earned = Decimal.sum(0, ...open.map((o) => o.bonus));
          if (earned.gt(ladderBonus(total, tiers, yearly))) return false;
        }
        return true;
      }),
      { numRuns: 500 },
    );
  });
  it('lets the order after an early redemption below it earn the tier it freed', () => {
    const ladder = [
      { left: '0', right: '1000', apr: '0.04' },
      { left: '1000', right: '5000', apr: '0' },
    ];
    const first = placeOnLadder([], '1000');
    const second = placeOnLadder(first, '1000');
    // The first is redeemed early; a new order of 1,000 takes the 0–1,000 tier it left.
    const third = placeOnLadder(second, '1000');
    expect(ladderBonus('1000', ladder, { periodsPerYear: 1, at: third }).toFixed()).toBe('40');
  });
});

describe('chart windows', () => {
  const now = Date.UTC(2026, 10, 22, 15, 40);
  it('ends at the previous full hour for hourly ranges', () => {
    expect(chartWindow('24h', now)).toEqual({
      type: 1,
      to: Date.UTC(2026, 10, 22, 14) / 1000,
      from: Date.UTC(2026, 10, 21, 15) / 1000,
    });
    expect(chartWindow('7d', now).from).toBe((Date.UTC(2026, 10, 22, 14) - 167 * H) / 1000);
  });
  it('ends at the previous full day for daily ranges', () => {
    expect(chartWindow('30d', now)).toEqual({
      type: 2,
      to: Date.UTC(2026, 10, 21) / 1000,
      from: Date.UTC(2026, 9, 23) / 1000,
    });
    expect(chartWindow('90d', now).from).toBe((Date.UTC(2026, 10, 21) - 2136 * H) / 1000);
  });
});

describe('APR breakdown', () => {
  const usdt = {
    next_time_rate_year: '0.05',
    is_open_award_pool: 1,
    ext_award_rate_year: '0.02',
    ext_award_limit: '5000',
    ladder_apr: [{ left: '0', right: '1000', apr: '0.03' }],
  };
  it('shows the market rate and bonuses up to their caps, the same everywhere', () => {
    const b = aprBreakdown(usdt);
    expect([b.market.toFixed(), b.upTo.toFixed()]).toEqual(['0.05', '0.1']);
    expect(aprBreakdown({ ...usdt, is_open_award_pool: 0 }).upTo.toFixed()).toBe('0.08');
  });
  it('works out what a holding really earns: 100,000 USDT earns 5.13%, 500 USDT all of it', () => {
    const b = aprBreakdown(usdt);
    expect(effectiveApr(b, '100000').toFixed()).toBe('0.0513');
    expect(effectiveApr(b, '500').toFixed()).toBe('0.1');
    expect(effectiveApr(b, '5000').toFixed()).toBe('0.076');
    expect(effectiveApr(b, '0').toFixed()).toBe('0.1');
  });
});
