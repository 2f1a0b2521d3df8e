import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../money.js';
import { hourBudget, hourPayout, stakeSeconds } from './accrual.js';

const H = 3_600_000;
type Op = { user: number; atMs: number; amount: number };

/** Runs stakes (positive) and redeems (negative) through one hour: each user's and the pool's stake-seconds. */
function runHour(ops: readonly Op[], users: number) {
  const staked = Array.from({ length: users }, () => new Decimal(0));
  const tws = Array.from({ length: users }, () => new Decimal(0));
  const since = Array.from({ length: users }, () => 0);
  for (const op of [...ops].sort((a, b) => a.atMs - b.atMs)) {
    const u = op.user;
    tws[u] = (tws[u] as Decimal).plus(stakeSeconds(staked[u] as Decimal, since[u] as number, op.atMs));
    since[u] = op.atMs;
    staked[u] = Decimal.max((staked[u] as Decimal).plus(op.amount), 0);
  }
  staked.forEach((s, u) => {
    tws[u] = (tws[u] as Decimal).plus(stakeSeconds(s, since[u] as number, H));
  });
  const poolTws = tws.reduce((a, t) => a.plus(t), new Decimal(0));
  return { tws, poolTws };
}

const opsArb = fc.array(
  fc.record({
    user: fc.integer({ min: 0, max: 3 }),
    atMs: fc.integer({ min: 0, max: H - 1 }),
    amount: fc.integer({ min: -500, max: 1000 }),
  }),
  { maxLength: 20 },
);
const budgetArb = fc
  .tuple(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 99_999_999 }))
  .map(([whole, frac]) => new Decimal(`${whole}.${String(frac).padStart(8, '0')}`));

describe('hourly rewards by time-weighted stake', () => {
  it('pays each stake floor(budget x its share, 8) exactly, and never more than the budget in all', () => {
    fc.assert(
      fc.property(opsArb, budgetArb, (ops, budget) => {
        const { tws, poolTws } = runHour(ops, 4);
        const paid = tws.map((t) => hourPayout(budget, t, poolTws));
        for (const [u, p] of paid.entries()) {
          if (poolTws.isZero()) {
            expect(p.isZero()).toBe(true);
            continue;
          }
          // The exact share, at far more digits than any payout: paid <= share < paid + 1e-8.
          const share = budget.times(tws[u] as Decimal).div(poolTws);
          expect(p.lte(share)).toBe(true);
          expect(share.lt(p.plus('0.00000001'))).toBe(true);
          expect(p.decimalPlaces()).toBeLessThanOrEqual(8);
        }
        expect(paid.reduce((a, p) => a.plus(p), new Decimal(0)).lte(budget)).toBe(true);
      }),
    );
  });

  it('pays a lone staker the whole budget, whatever the stake and budget', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: H - 1 }),
        budgetArb,
        (stake, atMs, budget) => {
          const { tws, poolTws } = runHour([{ user: 0, atMs, amount: stake }], 1);
          return hourPayout(budget, tws[0] as Decimal, poolTws).eq(budget);
        },
      ),
    );
    // The cases that a 30-place reward-per-share counter used to cut short.
    expect(hourPayout('1000', '3', '3').toFixed()).toBe('1000');
    expect(hourPayout('70000', new Decimal(3).times(3600), new Decimal(3).times(3600)).toFixed()).toBe('70000');
  });

  it('splits by stake-seconds: a stake for the last minute weighs a minute', () => {
    const { tws, poolTws } = runHour(
      [
        { user: 0, atMs: 0, amount: 1000 },
        { user: 1, atMs: H - 60_000, amount: 1000 },
      ],
      2,
    );
    expect(tws.map((t) => t.toFixed())).toEqual(['3600000', '60000']);
    // 100 x 60/61 and 100 x 1/61, each rounded down.
    expect(hourPayout('100', tws[0] as Decimal, poolTws).toFixed()).toBe('98.36065573');
    expect(hourPayout('100', tws[1] as Decimal, poolTws).toFixed()).toBe('1.63934426');
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
          return hourPayout('100', split.tws[0] as Decimal, split.poolTws).eq(
            hourPayout('100', single.tws[0] as Decimal, single.poolTws),
          );
        },
      ),
    );
  });

  it('keeps an empty hour’s budget unpaid', () => {
    expect(hourPayout('100', '0', '0').toFixed()).toBe('0');
    expect(stakeSeconds('5', 10_000, 10_000).toFixed()).toBe('0');
    expect(stakeSeconds('5', 0, 1500).toFixed()).toBe('7.5');
  });

  it('budgets a part hour by its running milliseconds', () => {
    expect(hourBudget('100', H).toFixed()).toBe('100');
    expect(hourBudget('100', H / 4).toFixed()).toBe('25');
    expect(hourBudget('100', 1000).toFixed()).toBe('0.027777777777777777');
    expect(hourBudget('100', 0).toFixed()).toBe('0');
  });
});
