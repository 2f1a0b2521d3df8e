import { checkRenewalAmount, parseAmount } from '@earn/domain';
import type { FixedHolding } from '@earn/domain/contract';
import { Select, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../api/account.js';
import { useSetRedeemAccount, useSetReinvest } from '../../../api/fixed-earn.js';
import { ConfirmDialog } from '../../../components/ConfirmDialog.js';
import { DecimalInput } from '../../../components/DecimalInput.js';
import { notifyError, notifySuccess } from '../../../lib/notify.js';
import { useFormat } from '../../../lib/use-format.js';

/** Why an order's action is off (its own tooltip per reason, spec), or null when it can be used. */
function lockReason(order: FixedHolding, flag: 0 | 1, t: (key: string) => string): string | null {
  if (order.status > 1 || order.actions_locked) return t('fixed.lock.hour');
  if (flag === 0) return t('fixed.lock.product');
  return null;
}

/** Redeem-to of an order: flexible Simple Earn or the trading account; locked within 1 hour of finish. */
export function RedeemToSelect({ order }: { order: FixedHolding }) {
  const { t } = useTranslation();
  const me = useMe();
  const set = useSetRedeemAccount();
  const reason = lockReason(order, order.product_info.redeem_account as 0 | 1, t);
  // Spec: while auto-reinvest is on, what does not renew goes to the trading account: no choice,
  // '--' (the tooltip, and the order's detail, say where it goes).
  if (order.reinvest_status === 1) {
    return (
      <Tooltip label={t('fixed.redeemTo.reinvest')} multiline w={240}>
        <Text size="sm" data-testid={`redeem-to-${order.order_id}`}>
          --
        </Text>
      </Tooltip>
    );
  }
  const wallet = me.data?.mode && me.data.mode !== 'classic' ? t('fixed.to.unified') : t('fixed.to.spot');
  return (
    <Tooltip label={reason ?? t('fixed.redeemToTip')} multiline w={240}>
      <Select
        size="xs"
        w={168}
        value={String(order.redeem_account_type)}
        allowDeselect={false}
        disabled={reason !== null || set.isPending}
        aria-label={t('fixed.redeemTo')}
        data-testid={`redeem-to-${order.order_id}`}
        data={[
          { value: '1', label: t('fixed.to.flexible') },
          { value: '0', label: wallet },
        ]}
        onChange={(v) =>
          v &&
          set.mutate(
            { orderId: order.order_id, redeem_account_type: Number(v) as 0 | 1 },
            { onSuccess: () => notifySuccess(t('modified')), onError: (e) => notifyError(e) },
          )
        }
      />
    </Tooltip>
  );
}

/** Auto-reinvest of an order, switched after a confirmation that can renew only part of the principal. */
export function ReinvestSwitch({ order }: { order: FixedHolding }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const set = useSetReinvest();
  const [asking, setAsking] = useState<0 | 1 | null>(null);
  const [part, setPart] = useState('');
  if (order.product_info.reinvest !== 1) return <Text size="sm">--</Text>;
  const reason = lockReason(order, 1, t);
  const parsedPart = part === '' ? null : parseAmount('reinvest_amount', part, { maxDecimals: 6 });
  const renewal = parsedPart?.ok
    ? checkRenewalAmount(parsedPart.value, {
        principal: order.principal,
        minLendAmount: order.product_info.min_lend_amount,
        asset: order.asset,
      })
    : null;
  const partError =
    parsedPart && !parsedPart.ok
      ? t(parsedPart.key, parsedPart.params ?? {})
      : renewal && !renewal.ok
        ? t(renewal.key, renewal.params ?? {})
        : undefined;
  return (
    <>
      <Tooltip label={reason ?? t('fixed.reinvest.tip')} multiline w={240}>
        <div>
          <Switch
            checked={order.reinvest_status === 1}
            disabled={reason !== null}
            aria-label={t('fixed.reinvest.label')}
            data-testid={`reinvest-${order.order_id}`}
            onChange={(e) => setAsking(e.currentTarget.checked ? 1 : 0)}
          />
        </div>
      </Tooltip>
      <ConfirmDialog
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={asking === 1 ? t('fixed.reinvest.enableTitle') : t('fixed.reinvest.disableTitle')}
        pending={set.isPending}
        confirmTestId="reinvest-confirm"
        onConfirm={() =>
          asking !== null &&
          !partError &&
          set.mutate(
            {
              orderId: order.order_id,
              reinvest_status: asking,
              ...(asking === 1 && part ? { reinvest_amount: part } : {}),
            },
            {
              onSuccess: () => {
                notifySuccess(t(asking === 1 ? 'cryptoloan.enabledSuccessfully' : 'cryptoloan.disabledSuccessfully'));
                setAsking(null);
                setPart('');
              },
              onError: (e) => notifyError(e),
            },
          )
        }
      >
        <Stack gap="sm">
          <Text size="sm">
            {asking === 1
              ? t('fixed.reinvest.enableBody', { principal: fmt.amount(order.principal), coin: order.asset })
              : t('fixed.reinvest.disableBody')}
          </Text>
          {asking === 1 && (
            <DecimalInput
              label={t('fixed.reinvest.amount')}
              description={t('fixed.reinvest.amountHint')}
              placeholder={t('fixed.reinvest.all')}
              precision={6}
              value={part}
              onChange={setPart}
              error={partError}
              data-testid="reinvest-part"
            />
          )}
        </Stack>
      </ConfirmDialog>
    </>
  );
}
