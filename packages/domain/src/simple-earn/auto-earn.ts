import { Decimal, type DecimalLike, dec, ZERO } from '../money.js';

/** The switch that turns auto-earn on for every coin. */
export const ALL_ASSET = 'ALL_ASSET';

/**
 * Whether auto-earn is on for a coin: the coin's own switch when the user set one, else the
 * all-coins switch. So a coin can be turned off while "All coins" stays on, and turning "All
 * coins" on or off resets every coin's own switch (the caller forgets them).
 */
export function isAutoEarnOn(coinStatus: number | undefined, allOn: boolean): boolean {
  return coinStatus === undefined ? allOn : coinStatus === 1;
}

/**
 * What the hourly sweep subscribes of a coin: the trading balance less what is borrowed and less
 * what redemptions paid out (kept out of the sweep until spent), rounded down to the subscribe
 * places; nothing below the product minimum.
 */
export function autoEarnSweepAmount(input: {
  balance: DecimalLike;
  loan: DecimalLike;
  redeemedKept: DecimalLike;
  minLendAmount: DecimalLike;
  places: number;
}): Decimal {
  const idle = dec(input.balance).minus(input.loan).minus(input.redeemedKept);
  const amount = Decimal.max(idle, ZERO).toDecimalPlaces(input.places, Decimal.ROUND_DOWN);
  return amount.gt(0) && amount.gte(input.minLendAmount) ? amount : ZERO;
}

/** What can be lent in earn from a trading wallet: the balance less what is borrowed, never below 0. */
export function lendEarnAvailable(balance: DecimalLike, loan: DecimalLike): Decimal {
  return Decimal.max(dec(balance).minus(loan), ZERO);
}
