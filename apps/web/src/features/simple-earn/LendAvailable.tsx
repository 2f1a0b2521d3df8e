import { isUnifiedAccount } from '@earn/domain';
import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/account.js';
import { InfoPopup } from '../../components/InfoPopup.js';
import { useFormat } from '../../lib/use-format.js';

/**
 * What a subscription can take of the coin (lend_earn_available). A unified account's is its
 * balance less what it borrowed, so less than its assets show: the mark beside it says why.
 */
export function LendAvailable({ amount, coin }: { amount: string; coin: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const me = useMe();
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" c="dimmed" data-testid="lend-available">
        {t('common.available')}: {fmt.amount(amount)} {coin}
      </Text>
      {me.data && isUnifiedAccount(me.data.mode) && <InfoPopup>{t('earn.availableTipUnified', { coin })}</InfoPopup>}
    </Group>
  );
}
