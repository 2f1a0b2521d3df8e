import { Decimal, type DecimalLike, dec, roundDown, ZERO } from '../money.js';
import { fail, ok, type Result } from '../result.js';
import { STAKING_PLACES } from './reward.js';

type Refusal = { key: string; message: string; params?: Record<string, string> };

export interface StakeRules {
  coin: string;
  minMortgageAmount: DecimalLike;
  /** The wallet's balance. */
  available: DecimalLike;
  /** Borrowed coins, subtracted first when the coin cannot be staked from a unified account's loans. */
  borrowed?: DecimalLike;
  /** What the user may still stake (personal_mortgage_limit less held), null when unlimited. */
  personalLeft: Decimal | null;
  /** What the product may still take (crowd_mortgage_limit less staked), null when unlimited. */
  crowdLeft: Decimal | null;
}

/** What can be staked from a balance: the balance less any borrowed part, never below 0. */
export function stakeable(available: DecimalLike, borrowed: DecimalLike = ZERO): Decimal {
  return Decimal.max(dec(available).minus(borrowed), ZERO);
}

/**
 * Stake amount, in the spec's order: nothing (no message) at or below 0, the product minimum, the
 * balance (less borrowed coins), then the personal and the crowd caps (-1 unlimited). Staking
 * precision is 8 places.
 */
export function checkStakeAmount(amountIn: DecimalLike, rules: StakeRules): Result<Decimal, Refusal> {
  const amount = roundDown(amountIn, STAKING_PLACES);
  if (amount.lte(0)) return fail({ key: 'staking.amount.required', message: 'Enter an amount above 0' });
  if (amount.lt(rules.minMortgageAmount)) {
    const min = dec(rules.minMortgageAmount).toFixed();
    return fail({
      key: 'staking.stake.min',
      message: `The minimum stake is ${min} ${rules.coin}`,
      params: { amount: min, coin: rules.coin },
    });
  }
  const balance = stakeable(rules.available, rules.borrowed);
  if (amount.gt(balance)) {
    return fail({
      key: 'staking.stake.insufficient',
      message: `Insufficient balance: ${balance.toFixed()} ${rules.coin} available`,
      params: { amount: balance.toFixed(), coin: rules.coin },
    });
  }
  for (const [left, key, what] of [
    [rules.personalLeft, 'staking.stake.personalCap', 'You can stake'],
    [rules.crowdLeft, 'staking.stake.crowdCap', 'This product can take'],
  ] as const) {
    if (left !== null && amount.gt(left)) {
      return fail({
        key,
        message: `${what} at most ${left.toFixed()} ${rules.coin} more`,
        params: { amount: left.toFixed(), coin: rules.coin },
      });
    }
  }
  return ok(amount);
}
