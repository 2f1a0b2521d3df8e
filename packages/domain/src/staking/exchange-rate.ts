import { Decimal, type DecimalLike, dec, roundDown } from '../money.js';
import { STAKING_PLACES } from './reward.js';

/** Exchange rates keep 18 places, the ledger's precision, so a year of daily growth loses nothing visible. */
export const RATE_PLACES = 18;

/**
 * A receipt-token product's rate (coin per token) after one day's reward: the day's net reward per
 * token is added, so the rate rises by the day's APR / 365 x (1 - fee). Rounded down.
 */
export function nextExchangeRate(rate: DecimalLike, dayRate: DecimalLike, feeRate: DecimalLike): string {
  const growth = dec(dayRate).div(365).times(new Decimal(1).minus(feeRate));
  return roundDown(dec(rate).times(growth.plus(1)), RATE_PLACES).toFixed();
}

/** The rate after a run of daily rewards (the product's reward history), from its starting rate. */
export function exchangeRateAfter(
  startRate: DecimalLike,
  days: readonly { rate: DecimalLike; feeRate: DecimalLike }[],
): string {
  return days.reduce<string>((r, d) => nextExchangeRate(r, d.rate, d.feeRate), dec(startRate).toFixed());
}

/** Tokens per coin (spec: exchange_rate_reverse), the inverse of the rate. */
export function reverseRate(rate: DecimalLike): string {
  return roundDown(new Decimal(1).div(rate), RATE_PLACES).toFixed();
}

/** Tokens minted for a stake: amount / rate, rounded down to 8 (the platform keeps the dust). */
export function tokensFor(amount: DecimalLike, rate: DecimalLike): string {
  return roundDown(dec(amount).div(rate), STAKING_PLACES).toFixed();
}

/** Coins returned for redeemed tokens: tokens x rate, rounded down to 8. */
export function coinsFor(tokens: DecimalLike, rate: DecimalLike): string {
  return roundDown(dec(tokens).times(rate), STAKING_PLACES).toFixed();
}
