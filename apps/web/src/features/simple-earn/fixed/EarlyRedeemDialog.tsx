import { isUnifiedAccount } from '@earn/domain';
import type { FixedHolding } from '@earn/domain/contract';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../api/account.js';
import { usePreRedeem } from '../../../api/fixed-earn.js';
import { CancelButton } from '../../../components/CancelButton.js';
import { ResponsiveModal } from '../../../components/ResponsiveModal.js';
import { notifyError } from '../../../lib/notify.js';
import { useFormat } from '../../../lib/use-format.js';
import { foreignBonus } from './foreign-bonus.js';

/**
 * Early redemption: exactly what arrives now, where (the trading account, whatever the order's
 * redeem-to says: that is for maturity) and what is given up, before the user confirms; then the
 * redeem success view (amount, submitted now, arrival in the trading account).
 */
export function EarlyRedeemDialog({ order, onClose }: { order: FixedHolding | null; onClose(): void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const redeem = usePreRedeem();
  const me = useMe();
  const account = t(isUnifiedAccount(me.data?.mode ?? 'classic') ? 'fixed.to.unified' : 'fixed.to.spot');
  const [done, setDone] = useState<{ amount: string; asset: string; at: number; account: string } | null>(null);
  const foreign = order && foreignBonus(order);
  const line = (label: string, value: string, testId?: string) => (
    <Group justify="space-between" key={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
  return (
    <>
      <ResponsiveModal opened={order !== null} onClose={onClose} title={t('fixed.early.title')} size="sm">
        {order && (
          <Stack>
            {line(t('earn.holding.principal'), `${fmt.amount(order.principal)} ${order.asset}`)}
            {line(
              t('fixed.early.interest'),
              `${fmt.amount(order.early_redeem.interest)} ${order.asset}`,
              'early-interest',
            )}
            {line(t('fixed.early.receive'), `${fmt.amount(order.early_redeem.amount)} ${order.asset}`, 'early-amount')}
            {line(t('fixed.early.paidTo'), account, 'early-account')}
            <Alert color="orange" data-testid="early-forfeit">
              {order.product_info.pre_redeem_rate_year
                ? t('fixed.early.rateNote', {
                    rate: fmt.rate(order.product_info.pre_redeem_rate_year),
                    lost: fmt.amount(order.early_redeem.forfeited),
                    coin: order.asset,
                  })
                : // What the order has (interest, a bonus in its coin, voucher interest) is all in `forfeited`.
                  t('fixed.early.forfeitNote', {
                    lost: fmt.amount(order.early_redeem.forfeited),
                    coin: order.asset,
                  })}
              {/* A bonus paid in another coin is not in `forfeited` (which is in the order's coin). */}
              {foreign &&
                t('common.sentenceGap') +
                  t('fixed.early.forfeitBonusNote', { bonus: fmt.amount(foreign.amount), coin: foreign.bonus_asset })}
              {/* A voucher is used up by the order it was applied to, whether or not it paid. It is
                  named by what it gives, in the reader's language (its title is the operator's words). */}
              {order.coupon_info &&
                t('common.sentenceGap') +
                  t('fixed.early.voucherNote', {
                    ratio: fmt.percent(order.coupon_info.rate_ratio),
                    count: order.coupon_info.rate_day,
                  })}
            </Alert>
            <Group grow>
              <CancelButton onCancel={onClose} />
              <Button
                color="red"
                loading={redeem.isPending}
                data-testid="early-confirm"
                onClick={() =>
                  redeem.mutate(order.order_id, {
                    onSuccess: (res) => {
                      setDone({ amount: res.amount, asset: order.asset, at: res.arrival_time, account: res.account });
                      onClose();
                    },
                    onError: (e) => notifyError(e, 'error'),
                  })
                }
              >
                {t('fixed.early.confirm')}
              </Button>
            </Group>
          </Stack>
        )}
      </ResponsiveModal>
      <ResponsiveModal
        opened={done !== null}
        onClose={() => setDone(null)}
        title={t('fixed.early.doneTitle')}
        size="sm"
      >
        {done && (
          <Stack>
            {line(t('earn.history.amount'), `${fmt.amount(done.amount)} ${done.asset}`, 'early-done-amount')}
            {line(t('fixed.early.submitted'), fmt.dateTime(done.at * 1000))}
            {line(
              t('fixed.early.arrival'),
              `${fmt.dateTime(done.at * 1000)} · ${done.account === 'unified' ? t('fixed.to.unified') : t('fixed.to.spot')}`,
            )}
            <Button onClick={() => setDone(null)}>{t('common.ok')}</Button>
          </Stack>
        )}
      </ResponsiveModal>
    </>
  );
}
