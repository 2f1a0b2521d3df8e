import { aprBreakdown, effectiveApr } from '@earn/domain';
import type { FlexibleProduct } from '@earn/domain/contract';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { InfoPopup } from '../../components/InfoPopup.js';
import { useFormat } from '../../lib/use-format.js';
import { useLadderText } from './use-ladder-text.js';

type AprProduct = Pick<
  FlexibleProduct,
  | 'asset'
  | 'next_time_rate_year'
  | 'ladder_apr'
  | 'is_open_award_pool'
  | 'ext_award_rate_year'
  | 'ext_award_limit'
  | 'award_asset'
>;

/**
 * A flexible APR, the same everywhere: the market rate first, then 'up to' the most a holding can
 * earn with the bonuses, and a breakdown of each bonus with its cap (and, for a holding, what it
 * really earns).
 */
export function AprText({
  product,
  amount,
  size = 'sm',
  wrap = false,
}: {
  product: AprProduct;
  amount?: string;
  size?: string;
  /** Let the "up to" tag go under the rate where a narrow column needs it. */
  wrap?: boolean;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const ladderText = useLadderText();
  const b = aprBreakdown(product);
  const hasBonus = b.upTo.gt(b.market);
  return (
    <Group gap={6} wrap={wrap ? 'wrap' : 'nowrap'}>
      <Text size={size} fw={700} c="teal" data-testid={`apr-${product.asset}`}>
        {fmt.rate(b.market)}
      </Text>
      {hasBonus && (
        <>
          <Badge size="xs" color="orange" variant="light" style={{ flexShrink: 0 }}>
            {t('earn.apr.upTo', { rate: fmt.rate(b.upTo) })}
          </Badge>
          <InfoPopup title={t('earn.apr.breakdown')}>
            <Stack gap={4} component="span">
              <span>{t('earn.apr.market', { rate: fmt.rate(b.market) })}</span>
              {b.award && (
                <span>
                  {t('earn.apr.award', {
                    rate: fmt.rate(b.award.rate),
                    limit: fmt.amount(b.award.limit),
                    coin: product.asset,
                    asset: product.award_asset,
                  })}
                </span>
              )}
              {b.ladder.map((tier) => (
                <span key={`${tier.left}-${tier.right}`}>{ladderText.tier(tier, product.asset)}</span>
              ))}
              {amount !== undefined && (
                <Text span size="sm" fw={600}>
                  {t('earn.apr.yours', {
                    amount: fmt.amount(amount),
                    coin: product.asset,
                    rate: fmt.rate(effectiveApr(b, amount)),
                  })}
                </Text>
              )}
              <Text span size="xs" c="dimmed">
                {t('earn.apr.capsNote')}
              </Text>
            </Stack>
          </InfoPopup>
        </>
      )}
    </Group>
  );
}
