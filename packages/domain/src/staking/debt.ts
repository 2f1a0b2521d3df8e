import { Decimal, type DecimalLike, dec, roundDown, roundUp } from '../money.js';
import { STAKING_PLACES } from './reward.js';

/**
 * What a debt product mints for collateral: its value at the prices of the moment (both in USDT),
 * in the mint coin, times the product's mint ratio, rounded down to 8 so the platform never mints
 * more than the collateral backs.
 */
export function mintAmount(
  collateral: DecimalLike,
  collateralPrice: DecimalLike,
  mintPrice: DecimalLike,
  mintRatio: DecimalLike,
): Decimal {
  if (dec(mintPrice).lte(0)) return dec('0');
  return roundDown(dec(collateral).times(collateralPrice).div(mintPrice).times(mintRatio), STAKING_PLACES);
}

/**
 * What must be burnt to release `amount` of `held` collateral: the debt in proportion, rounded up to
 * 8 so the debt left never backs less collateral than before; all of it when everything is released.
 */
export function burnFor(debt: DecimalLike, held: DecimalLike, amount: DecimalLike): Decimal {
  const owed = dec(debt);
  if (dec(amount).gte(held)) return owed;
  return Decimal.min(roundUp(owed.times(amount).div(held), STAKING_PLACES), owed);
}
