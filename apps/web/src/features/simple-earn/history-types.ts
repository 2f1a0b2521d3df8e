/** i18n keys of the history record types (spec 1-5, and 6 a cancelled redemption). */
export const TYPE_KEY: Record<number, string> = {
  1: 'earn.type.subscribe',
  2: 'earn.type.redeem',
  3: 'earn.type.interest',
  4: 'earn.type.bonus',
  5: 'earn.type.rateUp',
  6: 'earn.type.redeemCancelled',
};

/** The record types the flexible history offers, in the order its filter shows them. */
export const FLEXIBLE_TYPES = [1, 2, 6, 3, 4] as const;

/**
 * A type asked for from outside (the address, a stored preference) the flexible filter offers ('0'
 * all): anything else ('999', 'abc') is no type, and the history starts as if none were asked.
 */
export function offeredFlexibleType(value: string | null): string | null {
  return value === '0' || FLEXIBLE_TYPES.some((t) => String(t) === value) ? value : null;
}

/** The coin a history row's amount is in: a bonus's own coin (GT on a USDT position), else the row's. */
export function paidCoin(row: { type: number; asset: string; bonus_asset?: string }): string {
  return row.type === 4 && row.bonus_asset ? row.bonus_asset : row.asset;
}
