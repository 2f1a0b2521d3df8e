import { checkFlexibleRedeem, Decimal, HIGH_LEND_RATIO, REDEEM_PLACES, redeemable } from '@earn/domain';
import type { FlexibleHolding } from '@earn/domain/contract';
import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/account.js';
import { useRedeemFlexible } from '../../api/simple-earn.js';
import { CancelButton } from '../../components/CancelButton.js';
import { DecimalInput } from '../../components/DecimalInput.js';
import { ResponsiveModal } from '../../components/ResponsiveModal.js';
import { notifyError, notifySuccess, refusalText } from '../../lib/notify.js';
import { useFormat } from '../../lib/use-format.js';

/**
 * Flexible redeem: redeemable amount and last hour's interest, input clamped to the redeemable, 8
 * places, at least 0.000001, lend-ratio note, and the auto-earn checkbox when auto-earn is on.
 */
export function RedeemDialog({ holding, onClose }: { holding: FlexibleHolding | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <ResponsiveModal
      opened={holding !== null}
      onClose={onClose}
      title={t('earn.redeem.title', { coin: holding?.asset ?? '' })}
      size="sm"
    >
      {holding && <RedeemForm holding={holding} onDone={onClose} />}
    </ResponsiveModal>
  );
}

function RedeemForm({ holding, onDone }: { holding: FlexibleHolding; onDone(): void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const redeem = useRedeemFlexible();
  const [amount, setAmount] = useState('');
  // The form's auto-earn checkbox starts from the coin's status (spec), for every account that has
  // auto-earn (not VIP): ticked, the redemption leaves it on or turns it on; unticked, off.
  const me = useMe();
  const autoEarnShown = Boolean(me.data) && !me.data?.is_vip;
  const autoEarnOn = holding.auto_invest_status === 1;
  const [autoEarn, setAutoEarn] = useState(autoEarnOn);
  const max = redeemable(holding);
  const most = max.toDecimalPlaces(REDEEM_PLACES, Decimal.ROUND_DOWN).toFixed();
  const check = amount === '' ? null : checkFlexibleRedeem(amount, max);
  const canSubmit = check?.ok === true && new Decimal(amount).gt(0) && !redeem.isPending;
  const submit = useDebouncedCallback(
    () => {
      if (!check?.ok) return;
      redeem.mutate(
        {
          asset: holding.asset,
          amount: check.value.toFixed(),
          curr_amount: holding.curr_amount,
          lend_amount: holding.lend_amount,
          ...(autoEarnShown ? { auto_invest_status: autoEarn ? 1 : 0 } : {}),
        },
        {
          onSuccess: (res) => {
            notifySuccess(
              new Decimal(res.frozen_amount).gt(0)
                ? // Redeemed whole: the hour's interest on the frozen part is paid with it.
                  t(check.value.eq(max) ? 'earn.redeem.wholeFrozen' : 'earn.redeem.partlyFrozen', {
                    context: new Decimal(res.instant_amount).isZero() ? 'lentOnly' : undefined,
                    instant: fmt.amount(res.instant_amount),
                    frozen: fmt.amount(res.frozen_amount),
                    coin: res.asset,
                    time: fmt.dateTime(res.arrival_at * 1000),
                  })
                : t('earn.redeem.done', { amount: fmt.amount(res.amount), coin: res.asset }),
            );
            onDone();
          },
          onError: (e) => notifyError(e),
        },
      );
    },
    { delay: 200, leading: true },
  );
  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('earn.redeem.redeemable')}
        </Text>
        <Text size="sm" fw={600} data-testid="redeemable">
          {fmt.amount(max, REDEEM_PLACES)} {holding.asset}
        </Text>
      </Group>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('earn.redeem.lastHourInterest')}
        </Text>
        <Text size="sm" data-testid="redeem-last-hour">
          {fmt.amount(holding.interest)} {holding.asset}
        </Text>
      </Group>
      <DecimalInput
        label={t('earn.redeem.amount')}
        precision={REDEEM_PLACES}
        value={amount}
        onChange={setAmount}
        // Spec: input above the redeemable is clamped to it; the field says so.
        max={most}
        error={
          check && !check.ok
            ? refusalText(check.key, {
                ...check.params,
                amount: fmt.amount(max, REDEEM_PLACES),
                number: '0.000001',
                coin: holding.asset,
              })
            : undefined
        }
        data-testid="redeem-amount"
        rightSectionWidth={64}
        rightSection={
          <Button variant="subtle" size="compact-xs" onClick={() => setAmount(most)}>
            {t('common.max')}
          </Button>
        }
      />
      {new Decimal(holding.lend_ratio).gte(HIGH_LEND_RATIO) && (
        <Alert color="blue" variant="light">
          {t('earn.redeem.highLendRatio')}
        </Alert>
      )}
      {autoEarnShown && (
        <Checkbox
          checked={autoEarn}
          onChange={(e) => setAutoEarn(e.currentTarget.checked)}
          label={t(autoEarnOn ? 'earn.redeem.keepAutoEarn' : 'earn.redeem.turnOnAutoEarn', { coin: holding.asset })}
          description={
            autoEarnOn
              ? t(autoEarn ? 'earn.redeem.keepAutoEarnOn' : 'earn.redeem.keepAutoEarnOff')
              : autoEarn
                ? t('earn.redeem.turnOnAutoEarnOn', { coin: holding.asset })
                : undefined
          }
          data-testid="redeem-auto-earn"
        />
      )}
      <Group grow>
        <CancelButton onCancel={onDone} />
        <Button onClick={submit} disabled={!canSubmit} loading={redeem.isPending} data-testid="redeem-confirm">
          {t('common.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}
