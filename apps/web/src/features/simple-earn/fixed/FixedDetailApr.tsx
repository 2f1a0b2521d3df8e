import type { FixedHolding } from '@earn/domain/contract';
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { InfoPopup } from '../../../components/InfoPopup.js';
import { useFormat } from '../../../lib/use-format.js';
import { ladderEnd, useLadderText } from '../use-ladder-text.js';
import { FixedAprCell, OrderExtras } from './FixedHoldings.js';
import { foreignBonus } from './foreign-bonus.js';

/**
 * The order detail's APR (spec): the product APR when the order has a ladder bonus, with the ladder
 * it was sold with in a pop-up: its tiers, the part of them this order takes, its bonus and the APR
 * with it (a bonus in another coin is not in the APR, and the pop-up says so).
 */
export function FixedDetailApr({ order }: { order: FixedHolding }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const ladderText = useLadderText();
  const bonus = order.bonus_info;
  // Redeemed early, the cell strikes the APR out and says what was paid instead.
  if (!bonus || order.status === 4) return <FixedAprCell order={order} />;
  const foreign = foreignBonus(order);
  const within = ladderText.parts(bonus.ladder_slices, ladderEnd(bonus.ladder_apr));
  const withLabel = foreign
    ? order.coupon_info && 'fixed.aprWithVoucher'
    : order.coupon_info
      ? 'fixed.aprWithBonusVoucher'
      : 'fixed.aprWithBonus';
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" c="teal" fw={600} data-testid="detail-apr">
        {fmt.rate(order.year_rate)}
      </Text>
      <InfoPopup title={t('fixed.ladderTitle')}>
        <Stack gap={2}>
          {bonus.ladder_apr.map((tier) => (
            <Text size="sm" key={`${tier.left}-${tier.right}`}>
              {ladderText.tier(tier, order.asset)}
            </Text>
          ))}
          {within !== '' ? (
            <Text size="sm" c="dimmed">
              {t('fixed.orderTakes', { parts: within, asset: order.asset })}
            </Text>
          ) : (
            bonus.ladder_slices.length > 0 && (
              <Text size="sm" c="dimmed">
                {t('fixed.orderAbove', { end: fmt.amount(ladderEnd(bonus.ladder_apr)), asset: order.asset })}
              </Text>
            )
          )}
          <OrderExtras order={order} />
          {withLabel && (
            <Text size="sm" fw={600}>
              {t('common.pair', { label: t(withLabel), value: `${order.total_year_rate_percent}%` })}
            </Text>
          )}
        </Stack>
      </InfoPopup>
    </Group>
  );
}
