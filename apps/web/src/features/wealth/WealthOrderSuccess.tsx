import { Decimal } from '@earn/domain';
import type { WealthOrder } from '@earn/domain/contract';
import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/use-format.js';

/** After a purchase or redemption: what was placed and the valuation that will price it. */
export function WealthOrderSuccess({ order, onClose }: { order: WealthOrder; onClose(): void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <Stack data-testid="wealth-success">
      <Text fw={600}>
        {order.side === 'purchase'
          ? t('wealth.subscribedTitle', { amount: fmt.amount(order.amount), coin: order.coin })
          : // The plural form only: one unit, or any other number of them (units have decimals).
            t('wealth.redeemedTitle', { units: fmt.amount(order.unit), count: new Decimal(order.unit).eq(1) ? 1 : 2 })}
      </Text>
      <Text size="sm">{t('wealth.pendingBody', { time: fmt.dateTime(order.valuation_time * 1000) })}</Text>
      <Button onClick={onClose}>{t('common.ok')}</Button>
    </Stack>
  );
}
