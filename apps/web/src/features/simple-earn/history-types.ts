/** i18n keys of the history record types (spec 1-5, and 6 a cancelled redemption). */
export const TYPE_KEY: Record<number, string> = {
  1: 'earn.type.subscribe',
  2: 'earn.type.redeem',
  3: 'earn.type.interest',
  4: 'earn.type.bonus',
  5: 'earn.type.rateUp',
  6: 'earn.type.redeemCancelled',
};

/** The coin a history row's amount is in: a bonus's own coin (GT on a USDT position), else the row's. */
export function paidCoin(row: { type: number; asset: string; bonus_asset?: string }): string {
  return row.type === 4 && row.bonus_asset ? row.bonus_asset : row.asset;
}
