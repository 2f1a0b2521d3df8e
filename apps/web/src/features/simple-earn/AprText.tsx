import { Decimal, topLadderApr } from '@earn/domain';
import type { FlexibleProduct } from '@earn/domain/contract';
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { InfoPopup } from '../../components/InfoPopup.js';
import { useFormat } from '../../lib/use-format.js';

/** Estimated APR: next hour's rate, plus the award pool and the top ladder bonus when there are any. */
export function AprText({
  product,
  size = 'sm',
}: {
  product: Pick<FlexibleProduct, 'next_time_rate_year' | 'ladder_apr' | 'is_open_award_pool' | 'ext_award_rate_year'>;
  size?: string;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const ladder = topLadderApr(product.ladder_apr);
  const award = product.is_open_award_pool === 1 ? new Decimal(product.ext_award_rate_year) : new Decimal(0);
  const bonus = ladder.plus(award);
  return (
    <Group gap={6} wrap="nowrap">
      <Text size={size} fw={700} c="teal">
        {fmt.rate(new Decimal(product.next_time_rate_year).plus(bonus))}
      </Text>
      {bonus.gt(0) && (
        <>
          <Badge size="xs" color="orange" variant="light">
            {t('earn.bonus')} +{fmt.rate(bonus)}
          </Badge>
          <InfoPopup title={t('earn.bonusRules.title')}>
            {award.gt(0) && `${t('earn.bonusRules.award', { rate: fmt.rate(award) })} `}
            {ladder.gt(0) && t('earn.bonusRules.ladder', { rate: fmt.rate(ladder) })}
          </InfoPopup>
        </>
      )}
    </Group>
  );
}
