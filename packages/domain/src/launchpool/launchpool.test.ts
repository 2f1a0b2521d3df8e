import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../money.js';
import { advancePool, changeStake, earned, emptyPool, emptyStake, payout } from './accrual.js';
import {
  checkStake,
  estimatedApr,
  maxStake,
  personalCap,
  projectState,
  remainingQuota,
  shouldAutoApplyMax,
  stakeAvailable,
  volumeTier,
} from './pool.js';
import {
  type EarnOption,
  earnChoiceOf,
  earnChoicePayload,
  RELEASE_DESTINATION,
  redemptionSelector,
  storedChoice,
} from './redemption-earn.js';

describe('pool rules', () => {
  it('derives the project state from the clock', () => {
    expect([projectState(5, 10, 20), projectState(10, 10, 20), projectState(20, 10, 20)]).toEqual([2, 1, 3]);
  });
  it('computes the remaining quota and used-up', () => {
    expect(remainingQuota({ poolLeft: '1000', personalMax: '-1', staked: '50' }).remaining.toFixed()).toBe('1000');
    expect(remainingQuota({ poolLeft: '1000', personalMax: '300', staked: '50' }).remaining.toFixed()).toBe('250');
    expect(remainingQuota({ poolLeft: '100', personalMax: '300', staked: '50' }).remaining.toFixed()).toBe('100');
    expect(remainingQuota({ poolLeft: '100', personalMax: '300', staked: '300' })).toMatchObject({ usedUp: true });
    expect(remainingQuota({ poolLeft: '0', personalMax: '300', staked: '0' }).usedUp).toBe(false);
  });
  it('raises the cap for VIP and caps it by the volume tier', () => {
    expect(personalCap({ personalMax: '500', vipQuota: '2000' }).toFixed()).toBe('2000');
    expect(personalCap({ personalMax: '500', vipQuota: '2000', tierCap: '800' }).toFixed()).toBe('800');
    expect(personalCap({ personalMax: '-1', tierCap: '800' }).toFixed()).toBe('800');
    expect(personalCap({ personalMax: '-1' }).toFixed()).toBe('-1');
  });
  it('finds the volume tier', () => {
    const tiers = [
      { transaction_amount: '10000', mortgage_limit: '500' },
      { transaction_amount: '100000', mortgage_limit: '5000' },
    ];
    expect(volumeTier('9999', tiers)).toBeNull();
    expect(volumeTier('10000', tiers)?.index).toBe(0);
    expect(volumeTier('2400000', tiers)?.tier.mortgage_limit).toBe('5000');
  });
  it('takes loans off when the coin does not support launchpool, and rounds Max to the pool decimals', () => {
    expect(stakeAvailable('100', '30', false).toFixed()).toBe('70');
    expect(stakeAvailable('10', '30', false).toFixed()).toBe('0');
    expect(stakeAvailable('100', '30', true).toFixed()).toBe('100');
    expect(maxStake('123.456789', '1000', 2)).toBe('123.45');
    expect(maxStake('123.456789', '100.5', 4)).toBe('100.5');
    expect(shouldAutoApplyMax('10', '1', '5')).toBe(true);
    expect(shouldAutoApplyMax('1', '1', '5')).toBe(false);
    expect(shouldAutoApplyMax('10', '1', '0')).toBe(false);
  });
  it('checks the stake in the spec order', () => {
    const rules = { min: '10', personalMax: '100', staked: '60', available: '1000', coin: 'GT' };
    expect(checkStake('5', rules)).toMatchObject({ ok: false, key: 'finances.startupMining.stake.min.tip' });
    expect(checkStake('41', rules)).toMatchObject({ ok: false, key: 'finances.startupMining.stake.max.tip' });
    expect(checkStake('40', { ...rules, available: '39' })).toMatchObject({
      ok: false,
      key: 'finances.inadequateBalance',
    });
    expect(checkStake('40', rules).ok).toBe(true);
    expect(checkStake('900', { ...rules, personalMax: '-1' }).ok).toBe(true);
  });
  it('estimates the APR from reward and stake values', () => {
    expect(
      estimatedApr({ rewardPerHour: '100', rewardPrice: '0.12', staked: '1000000', stakePrice: '1' }).toFixed(),
    ).toBe('0.1051');
    expect(estimatedApr({ rewardPerHour: '100', rewardPrice: '0.12', staked: '0', stakePrice: '1' }).toFixed()).toBe(
      '0',
    );
  });
});

describe('redemption-earn selector', () => {
  const se = { user_period: 0, fixed_period: 30, fixed_rate: '0.05', ext_rate: '2', rate: '0.03' };
  it('starts on fixed with flexible and staking disabled when the pool redeems into fixed (tip3)', () => {
    const s = redemptionSelector({
      coin: 'USDT',
      redeem_type: 1,
      simple_earn: { ...se, user_period: 14 },
      staking: { rate: '0.04' },
    });
    expect(s.initial).toBe('fixed');
    expect(s.showTip3).toBe(true);
    expect(s.options.map((o) => [o.value, o.disabled])).toEqual([
      ['fixed', false],
      ['flexible', true],
      ['staking', true],
      ['spot', false],
    ]);
    expect(s.options[0]).toMatchObject({ termDays: 14, bonusPercent: '2' });
  });
  it('starts from the redeem type otherwise, and offers earn only for BTC, ETH and USDT', () => {
    expect(redemptionSelector({ coin: 'BTC', redeem_type: 1, simple_earn: se }).initial).toBe('flexible');
    expect(
      redemptionSelector({ coin: 'ETH', redeem_type: 2, simple_earn: se, staking: { rate: '0.04' } }).initial,
    ).toBe('staking');
    const gt = redemptionSelector({ coin: 'GT', redeem_type: 1, simple_earn: se, staking: { rate: '0.04' } });
    expect(gt.options.map((o) => o.value)).toEqual(['spot']);
    expect(gt.initial).toBe('spot');
  });
  it('sends simpleEarnStatus and a period only for fixed', () => {
    const pool = { coin: 'USDT', redeem_type: 1 as const, simple_earn: { ...se, user_period: 14 } };
    expect(earnChoicePayload('fixed', pool)).toEqual({ simpleEarnStatus: 1, simpleEarnPeriod: 14 });
    expect(earnChoicePayload('flexible', pool)).toEqual({ simpleEarnStatus: 1 });
    expect(earnChoicePayload('staking', pool)).toEqual({ simpleEarnStatus: 2 });
    expect(earnChoicePayload('spot', pool)).toEqual({ simpleEarnStatus: 0 });
  });
  it('accepts exactly the payloads of enabled options, and reads them back as the same choice', () => {
    const pools = [
      { coin: 'USDT', redeem_type: 1 as const, simple_earn: { ...se, user_period: 14 }, staking: { rate: '0.04' } },
      { coin: 'BTC', redeem_type: 1 as const, simple_earn: se, staking: { rate: '0.04' } },
      { coin: 'GT', redeem_type: 1 as const, simple_earn: se },
    ];
    for (const pool of pools) {
      const options = redemptionSelector(pool).options;
      for (const value of ['fixed', 'flexible', 'staking', 'spot'] as EarnOption[]) {
        const payload = earnChoicePayload(value, pool);
        const option = options.find((o) => o.value === value);
        const checked = earnChoiceOf(pool, payload);
        expect(checked.ok).toBe(Boolean(option && !option.disabled));
        if (checked.ok) {
          expect(checked.value).toBe(value);
          expect(storedChoice(payload.simpleEarnStatus, payload.simpleEarnPeriod ?? null)).toBe(value);
        }
      }
    }
  });
  it('refuses a fixed period other than the pool term, and a period without Simple Earn', () => {
    const pool = { coin: 'BTC', redeem_type: 1 as const, simple_earn: se };
    expect(earnChoiceOf(pool, { simpleEarnStatus: 1, simpleEarnPeriod: 30 }).ok).toBe(true);
    expect(earnChoiceOf(pool, { simpleEarnStatus: 1, simpleEarnPeriod: 7 })).toMatchObject({ ok: false });
    expect(earnChoiceOf(pool, { simpleEarnStatus: 0, simpleEarnPeriod: 30 })).toMatchObject({ ok: false });
    expect(earnChoiceOf(pool, {})).toEqual({ ok: true, value: 'spot' });
  });
  it('releases a fixed choice into flexible Simple Earn and a staking choice to spot until those products open', () => {
    expect(RELEASE_DESTINATION).toEqual({ fixed: 'flexible', flexible: 'flexible', staking: 'spot', spot: 'spot' });
  });
});

describe('hourly accrual by reward per share', () => {
  const H = 3_600_000;
  const perHour = new Decimal(100);
  type Op = { user: number; atMs: number; amount: number };
  // When budget/stake does not terminate (70000 over 3), the counter's last digit is cut and one unit of 1e-8 stays pending.
  it('pays a lone staker the whole budget of a whole hour when the share per unit staked terminates', () => {
    for (const [budget, stake] of [
      ['1250', '100'],
      ['70000', '8'],
      ['1', '0.0625'],
    ]) {
      const staked = changeStake(emptyStake(), new Decimal(0), new Decimal(stake as string));
      let pool = { ...emptyPool(0), totalStaked: new Decimal(stake as string) };
      pool = advancePool(pool, H, budget as string);
      expect(payout(staked, pool.accPerShare).paid.toFixed()).toBe(
        new Decimal(budget as string).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(),
      );
    }
  });
  /** Runs stakes (positive) and redeems (negative) through one hour and pays everyone at its end. */
  function runHour(ops: readonly Op[], users: number) {
    let pool = emptyPool(0);
    const stakes = Array.from({ length: users }, () => emptyStake());
    for (const op of [...ops].sort((a, b) => a.atMs - b.atMs)) {
      pool = advancePool(pool, op.atMs, perHour);
      const s = stakes[op.user] ?? emptyStake();
      const delta = Decimal.max(new Decimal(op.amount), s.staked.neg());
      stakes[op.user] = changeStake(s, pool.accPerShare, delta);
      pool = { ...pool, totalStaked: pool.totalStaked.plus(delta) };
    }
    pool = advancePool(pool, H, perHour);
    return stakes.map((s) => payout(s, pool.accPerShare).paid);
  }
  const opsArb = fc.array(
    fc.record({
      user: fc.integer({ min: 0, max: 3 }),
      atMs: fc.integer({ min: 0, max: H - 1 }),
      amount: fc.integer({ min: -500, max: 1000 }),
    }),
    { maxLength: 20 },
  );

  it('never pays more than the hour’s budget', () => {
    fc.assert(
      fc.property(opsArb, (ops) => {
        const paid = runHour(ops, 4).reduce((a, p) => a.plus(p), new Decimal(0));
        return paid.lte(100);
      }),
    );
  });

  it('pays in proportion to time-weighted stake when the pool is otherwise constant', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 10_000 }), (a, b) => {
        const paid = runHour(
          [
            { user: 0, atMs: 0, amount: a },
            { user: 1, atMs: 0, amount: b },
          ],
          2,
        );
        const exactA = new Decimal(100).times(a).div(a + b);
        return exactA
          .minus(paid[0] as Decimal)
          .abs()
          .lt('0.00000002');
      }),
    );
  });

  it('gives the last minute of an hour a minute’s share', () => {
    const paid = runHour(
      [
        { user: 0, atMs: 0, amount: 1000 },
        { user: 1, atMs: H - 60_000, amount: 1000 },
      ],
      2,
    );
    // The newcomer shares 1 minute of 60 equally: 100 / 60 / 2.
    expect(paid[1]?.toFixed()).toBe('0.83333333');
    expect(paid[0]?.toFixed()).toBe('99.16666666');
  });

  it('does not care whether a stake is one order or several', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 500 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 0, max: H - 1 }),
        (parts, atMs) => {
          const whole = parts.reduce((a, p) => a + p, 0);
          const split = runHour(
            [{ user: 1, atMs: 0, amount: 700 }, ...parts.map((p) => ({ user: 0, atMs, amount: p }))],
            2,
          );
          const single = runHour(
            [
              { user: 1, atMs: 0, amount: 700 },
              { user: 0, atMs, amount: whole },
            ],
            2,
          );
          return split[0]?.eq(single[0] as Decimal) === true;
        },
      ),
    );
  });

  it('keeps an empty hour’s budget unpaid', () => {
    expect(runHour([], 2).every((p) => p.isZero())).toBe(true);
    const s = changeStake(emptyStake(), new Decimal(0), new Decimal(5));
    expect(earned(s, new Decimal('0.1')).toFixed()).toBe('0.5');
  });
});
