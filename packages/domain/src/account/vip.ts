/** The spec's VIP threshold: from tier 5 a user is a VIP (no auto-earn); lower tiers get the upgrade guide. */
export const VIP_TIER = 5;
/** The highest VIP tier the exchange gives. */
export const MAX_VIP_TIER = 16;

/**
 * The tier an upgrade link names (/vip?upTo=N): a whole number from 1 to the highest tier, written
 * plainly; anything else names none, and the page shows every tier.
 */
export function upgradeTier(raw: string | null): number | null {
  if (raw === null || !/^[1-9]\d?$/.test(raw)) return null;
  const tier = Number(raw);
  return tier <= MAX_VIP_TIER ? tier : null;
}

/** Whether a user's tier opens a product for tiers min_vip..max_vip. */
export function tierOpens(tier: number, product: { min_vip: number; max_vip: number }): boolean {
  return tier >= product.min_vip && tier <= product.max_vip;
}
