import { Decimal, parseAmount } from '@earn/domain';
import { badRequest, refused } from '../../errors.js';

/** An operator's decimal setting (a rate or an amount), parsed as every amount is; undefined when not sent. */
export function decimalSetting(field: string, raw: string | undefined, max = '10'): string | undefined {
  if (raw === undefined) return undefined;
  const parsed = parseAmount(field, raw, { maxDecimals: 8, allowZero: true, max });
  if (!parsed.ok) throw refused(parsed);
  return parsed.value.toFixed();
}

/** Ladder tiers: each left below its right, amounts and APRs parsed. */
export function ladderSetting(tiers: readonly { left: string; right: string; apr: string }[] | undefined) {
  return tiers?.map((t, i) => {
    const left = decimalSetting(`ladder_apr.${i}.left`, t.left, '999999999999') as string;
    const right = decimalSetting(`ladder_apr.${i}.right`, t.right, '999999999999') as string;
    if (new Decimal(left).gte(right)) throw badRequest(`ladder_apr.${i}: left must be below right`);
    return { left, right, apr: decimalSetting(`ladder_apr.${i}.apr`, t.apr) as string };
  });
}
