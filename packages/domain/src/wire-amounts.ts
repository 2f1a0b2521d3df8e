import { type AmountRules, RATE_EXAMPLE } from './amount.js';
import { MIN_LEND_RATE_RULES, REDEEM_PLACES, SUBSCRIBE_PLACES } from './simple-earn/flexible.js';
import { UNIT_PLACES, WEALTH_AMOUNT_PLACES } from './wealth/nav.js';

/** The most decimal places of any listed coin: a coin's own are checked where the coin is known. */
const COIN_PLACES = 8;

/**
 * The rules of each amount and rate the money-moving calls take. The request schemas check them
 * (the contract's AmountInput), so a wrong amount is refused before a fund-password prompt, and the
 * use cases parse with the same rules.
 */
export const WIRE_AMOUNTS = {
  flexibleSubscribe: { maxDecimals: SUBSCRIBE_PLACES },
  flexibleRedeem: { maxDecimals: REDEEM_PLACES },
  /** What the client saw of the position (curr_amount, lend_amount), checked against it. */
  flexibleSeen: { maxDecimals: 18, allowZero: true },
  cancelRedemption: { maxDecimals: COIN_PLACES },
  minLendRate: MIN_LEND_RATE_RULES,
  fixedSubscribe: { maxDecimals: SUBSCRIBE_PLACES },
  /** The ladder bonus the user was shown (in the bonus coin, 8 places), refused if it changed since. */
  seenBonus: { maxDecimals: COIN_PLACES, allowZero: true },
  /** The APR the user saw, refused if the product's changed since. */
  seenRate: { maxDecimals: 18, allowZero: true, max: '10', example: RATE_EXAMPLE },
  /** A pool's own places (at most 8) are checked with the pool. */
  launchpool: { maxDecimals: COIN_PLACES },
  staking: { maxDecimals: COIN_PLACES },
  wealthPurchase: { maxDecimals: WEALTH_AMOUNT_PLACES },
  wealthUnits: { maxDecimals: UNIT_PLACES },
  transfer: { maxDecimals: COIN_PLACES },
} as const satisfies Record<string, AmountRules>;
