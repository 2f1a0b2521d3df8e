import { Decimal, parseAmount } from '@earn/domain';
import { badRequest, refused } from '../../errors.js';

/** An operator's decimal setting (a rate or an amount), parsed as every amount is; undefined when not sent. */
export function decimalSetting(field: string, raw: string | undefined, max = '10'): string | undefined {
  if (raw === undefined) return undefined;
  const parsed = parseAmount(field, raw, { maxDecimals: 8, allowZero: true, max });
  if (!parsed.ok) throw refused(parsed);
  return parsed.value.toFixed();
}

/**
 * Ladder tiers: each left below its right, amounts and APRs parsed, and no two tiers overlapping
 * (an amount inside two tiers would be paid both APRs).
 */
export function ladderSetting(tiers: readonly { left: string; right: string; apr: string }[] | undefined) {
  const parsed = tiers?.map((t, i) => {
    const left = decimalSetting(`ladder_apr.${i}.left`, t.left, '999999999999') as string;
    const right = decimalSetting(`ladder_apr.${i}.right`, t.right, '999999999999') as string;
    if (new Decimal(left).gte(right)) throw badRequest(`ladder_apr.${i}: left must be below right`);
    return { left, right, apr: decimalSetting(`ladder_apr.${i}.apr`, t.apr) as string };
  });
  const byLeft = [...(parsed ?? [])].sort((a, b) => new Decimal(a.left).cmp(b.left));
  for (let i = 1; i < byLeft.length; i++) {
    const [before, tier] = [byLeft[i - 1], byLeft[i]];
    if (before && tier && new Decimal(tier.left).lt(before.right)) {
      throw badRequest(`ladder_apr: tiers ${before.left}-${before.right} and ${tier.left}-${tier.right} overlap`);
    }
  }
  return parsed;
}
