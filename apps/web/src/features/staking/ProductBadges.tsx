import { vipDiscountPercent } from '@earn/domain';
import type { StakingProduct } from '@earn/domain/contract';
import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/account.js';

/**
 * A staking product's tags (spec: new 1, hot 2, event 4), its VIP discount (spec: for a known tier
 * inside its range, nothing otherwise) and a running extra bonus.
 */
export function StakingBadges({ product }: { product: StakingProduct }) {
  const { t } = useTranslation();
  const me = useMe();
  const discount = me.data ? vipDiscountPercent(product.vip_config, me.data.tier) : null;
  const tags: [number, string, string][] = [
    [1, 'staking.tag.new', 'teal'],
    [2, 'staking.tag.hot', 'red'],
    [4, 'staking.tag.event', 'grape'],
  ];
  return (
    <Group gap={4} wrap="wrap">
      {tags
        .filter(([bit]) => (product.tags & bit) !== 0)
        .map(([bit, key, color]) => (
          <Badge key={bit} size="xs" color={color} variant="light">
            {t(key)}
          </Badge>
        ))}
      {discount?.gt(0) && (
        <Badge size="xs" color="yellow" variant="light" data-testid="staking-vip-discount">
          {t('staking.vipDiscount', { percent: discount.toFixed() })}
        </Badge>
      )}
      {product.exchange_type === 'asset' && (
        <Badge size="xs" color="blue" variant="light">
          {t('staking.kind.receipt', { coin: product.receipt_coin })}
        </Badge>
      )}
      {product.debt[0] && (
        <Badge size="xs" color="indigo" variant="light">
          {t('staking.kind.debt', { coin: product.debt[0].reward_coin })}
        </Badge>
      )}
      {product.extra_interest_type === 1 && product.most_rate !== product.rate && (
        <Badge size="xs" color="cyan" variant="light">
          {t('staking.kind.task')}
        </Badge>
      )}
      {product.most_rate !== product.rate && (
        <Badge size="xs" color="orange" variant="light">
          {t('earn.bonus')}
        </Badge>
      )}
    </Group>
  );
}
