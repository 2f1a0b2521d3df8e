import { Decimal, type DecimalLike } from '@earn/domain';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/use-format.js';

/** Where a ladder's tiers end (0 without tiers). */
export const ladderEnd = (tiers: readonly { right: DecimalLike }[]) =>
  Decimal.max(0, ...tiers.map((tier) => tier.right));

/** How a bonus ladder reads everywhere: its tiers, and the parts of it an order takes. */
export function useLadderText() {
  const { t } = useTranslation();
  const fmt = useFormat();
  return {
    /** "Ladder +4.00% on the part from 0 to 1,000 USDT." */
    tier: (tier: { left: DecimalLike; right: DecimalLike; apr: DecimalLike }, coin: string) =>
      t('earn.apr.ladder', {
        rate: fmt.rate(tier.apr),
        left: fmt.amount(tier.left),
        right: fmt.amount(tier.right),
        coin,
      }),
    /** "0–600, 1,200–1,400": the parts [from, to) an order takes within the tiers, which end at `end` ('' when none). */
    parts: (at: readonly (readonly [DecimalLike, DecimalLike])[], end: DecimalLike) =>
      at
        .filter(([from]) => new Decimal(from).lt(end))
        .map(([from, to]) => `${fmt.amount(from)}–${fmt.amount(Decimal.min(to, end))}`)
        .join(t('common.listSeparator')),
  };
}
