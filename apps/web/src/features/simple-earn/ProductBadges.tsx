import type { FlexibleProduct } from '@earn/domain/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A flexible product's extras, tagged the same on every screen: an open award pool, a ladder bonus. */
export function ProductBadges({ product }: { product: Pick<FlexibleProduct, 'is_open_award_pool' | 'ladder_apr'> }) {
  const { t } = useTranslation();
  return (
    <>
      {product.is_open_award_pool === 1 && (
        <Badge size="xs" color="grape" variant="light" style={{ flexShrink: 0 }}>
          {t('earn.awardPool')}
        </Badge>
      )}
      {product.ladder_apr.length > 0 && (
        <Badge size="xs" color="orange" variant="light" style={{ flexShrink: 0 }}>
          {t('earn.bonus')}
        </Badge>
      )}
    </>
  );
}
