import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../money.js';
import {
  aprBase,
  checkStake,
  estimatedApr,
  estimatedStakeReward,
  maxStake,
  personalCap,
  projectElapsedPercent,
  projectState,
  projectsInState,
  projectTotalReward,
  remainingQuota,
  shouldAutoApplyMax,
  stakeAvailable,
  volumeTier,
  volumeTierCap,
} from './pool.js';
import {
  type EarnOption,
  earnChoiceOf,
  earnChoicePayload,
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
    // Below the first tier the first tier's cap applies: the user can stake, and is told about the volume.
    expect(volumeTierCap('9999', tiers)?.toFixed()).toBe(new Decimal(tiers[0]?.mortgage_limit ?? '').toFixed());
    expect(volumeTierCap('2400000', tiers)?.toFixed()).toBe('5000');
    expect(volumeTierCap('0', [])).toBeNull();
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
    expect(checkStake('41', rules)).toMatchObject({
      ok: false,
      key: 'finances.startupMining.stake.max.tip',
      params: { amount: '100', coin: 'GT', left: '40' },
    });
    // With nothing staked, the cap is what is left: said once.
    expect(checkStake('101', { ...rules, staked: '0' })).toMatchObject({
      ok: false,
      message: 'The most you can stake in this pool is 100 GT',
      params: { amount: '100', left: '100', context: 'first' },
    });
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
  it('offers fixed only with a term to open an order of', () => {
    const flexibleOnly = {
      coin: 'ETH',
      redeem_type: 1 as const,
      simple_earn: { ...se, user_period: 0, fixed_period: 0 },
    };
    expect(redemptionSelector(flexibleOnly).options.map((o) => o.value)).toEqual(['flexible', 'spot']);
    expect(redemptionSelector(flexibleOnly).initial).toBe('flexible');
  });
  it('starts where a user’s stake already goes, when the pool still offers it', () => {
    const pool = { coin: 'USDT', redeem_type: 1 as const, simple_earn: se, staking: { rate: '0.04' } };
    expect(redemptionSelector(pool).initial).toBe('flexible');
    expect(redemptionSelector(pool, 'spot').initial).toBe('spot');
    expect(redemptionSelector(pool, 'staking').initial).toBe('staking');
    // A destination the pool no longer offers, or has disabled, is not where it starts.
    expect(redemptionSelector({ coin: 'GT', redeem_type: 0 }, 'flexible').initial).toBe('spot');
    const fixedOnly = { ...pool, simple_earn: { ...se, user_period: 14 } };
    expect(redemptionSelector(fixedOnly, 'flexible').initial).toBe('fixed');
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
});

describe('estimated APR base', () => {
  it('works on what is staked once the project runs, on the cap before its start, and not at all without one', () => {
    expect(aprBase(1, '0.1', '-1')?.toFixed()).toBe('0.1');
    expect(aprBase(3, '50', '100')?.toFixed()).toBe('50');
    expect(aprBase(2, '0.1', '1000000')?.toFixed()).toBe('1000000');
    expect(aprBase(2, '0.1', '-1')).toBeNull();
  });
});

describe('project hero', () => {
  it('shows the share of the run that has passed and the total rewards', () => {
    expect([
      projectElapsedPercent(0, 10, 20),
      projectElapsedPercent(15, 10, 20),
      projectElapsedPercent(30, 10, 20),
    ]).toEqual([0, 50, 100]);
    expect(projectTotalReward([{ total_reward: '1250.5' }, { total_reward: '0.5' }]).toFixed()).toBe('1251');
  });
});

describe('estimated stake reward', () => {
  it('is the stake’s share of the hour’s budget if the pool stayed as it is', () => {
    const r = estimatedStakeReward('100', { reward_per_hour: '50', total_staked: '900' });
    expect([r.hourly.toFixed(), r.daily.toFixed()]).toEqual(['5', '120']);
    expect(estimatedStakeReward('1', { reward_per_hour: '10', total_staked: '2' }).hourly.toFixed()).toBe('3.33333333');
    expect(estimatedStakeReward('0', { reward_per_hour: '10', total_staked: '2' }).daily.toFixed()).toBe('0');
    // 100 over 48 hours, alone in the pool: 50 a day, not 24 hours of the budget's 18 places cut to 8.
    const alone = estimatedStakeReward('100', { reward_per_hour: '2.083333333333333333', total_staked: '0' });
    expect([alone.hourly.toFixed(), alone.daily.toFixed()]).toEqual(['2.08333333', '50']);
  });
  it('is what a stake adds to the reward of a user who stakes in the pool already', () => {
    // The pool's only staker gets the whole budget with or without more: nothing extra, all of it in all.
    const alone = estimatedStakeReward('200', { reward_per_hour: '100', total_staked: '100' }, '100');
    expect([alone.hourly.toFixed(), alone.hourlyWith.toFixed()]).toEqual(['0', '100']);
    // 100 of 1,000: 10 an hour; with 100 more, 200 of 1,100: 18.18181818; so it adds 8.18181818.
    const more = estimatedStakeReward('100', { reward_per_hour: '100', total_staked: '1000' }, '100');
    expect(more.hourly.toFixed()).toBe('8.18181818');
    expect(more.hourlyWith.toFixed()).toBe('18.18181818');
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (amount, mine, others) => {
          const pool = { reward_per_hour: '1000', total_staked: String(mine + others) };
          const gain = estimatedStakeReward(String(amount), pool, String(mine)).hourly;
          // Never negative, never more than a newcomer's share of the same pool, and a newcomer's share when new.
          const newcomer = estimatedStakeReward(String(amount), pool).hourly;
          expect(gain.gte(0) && gain.lte(newcomer)).toBe(true);
          if (mine === 0) expect(gain.eq(newcomer)).toBe(true);
        },
      ),
    );
  });
});

describe('projects of a state', () => {
  const projects = [
    { pid: 1, state: 3, end_timest: 100 },
    { pid: 2, state: 1, end_timest: 900 },
    { pid: 3, state: 3, end_timest: 300 },
    { pid: 4, state: 1, end_timest: 500 },
  ] as const;
  it('lists completed projects the latest ended first, the others as given (by start)', () => {
    expect(projectsInState(projects, 3).map((p) => p.pid)).toEqual([3, 1]);
    expect(projectsInState(projects, 1).map((p) => p.pid)).toEqual([2, 4]);
    expect(projectsInState(projects, 2)).toEqual([]);
  });

  it('keeps every completed project, in ends that never rise', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ state: fc.constantFrom(1, 2, 3), end_timest: fc.nat() })), (list) => {
        const done = projectsInState(list, 3);
        expect(done.length).toBe(list.filter((p) => p.state === 3).length);
        const ends = done.map((p) => p.end_timest);
        expect(ends).toEqual([...ends].sort((a, b) => b - a));
      }),
    );
  });
});
