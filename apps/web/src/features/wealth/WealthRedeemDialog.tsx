import { Decimal, parseAmount, UNIT_PLACES, unitsValue } from '@earn/domain';
import type { WealthOrder, WealthProduct } from '@earn/domain/contract';
import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWealthAction } from '../../api/wealth.js';
import { AmountInput } from '../../components/AmountInput.js';
import { DetailLine } from '../../components/DetailLine.js';
import { notifyError, refusalText } from '../../lib/notify.js';
import { useFormat } from '../../lib/use-format.js';
import { useDebouncedAction } from './use-debounced-action.js';
import { WealthOrderDialog } from './WealthOrderDialog.js';

/** Redeem units (6 places, above 0, at most those not already asked), priced at the next valuation. */
export function WealthRedeemDialog({ product, onClose }: { product: WealthProduct | null; onClose(): void }) {
  return (
    <WealthOrderDialog
      product={product}
      titleKey="wealth.redeemTitle"
      onClose={onClose}
      form={(p, onDone) => <RedeemForm product={p} onDone={onDone} />}
    />
  );
}

function RedeemForm({ product, onDone }: { product: WealthProduct; onDone(o: WealthOrder): void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const action = useWealthAction();
  const [units, setUnits] = useState('');
  const redeemable = Decimal.max(new Decimal(product.unit).minus(product.unit_pending), 0);
  const parsed = units === '' ? null : parseAmount('unit', units, { maxDecimals: UNIT_PLACES, allowZero: true });
  const value = parsed?.ok ? parsed.value : null;
  const error =
    parsed && !parsed.ok
      ? refusalText(parsed.key, parsed.params)
      : value?.isZero()
        ? t('wealth.unitsNonZero')
        : value?.gt(redeemable)
          ? t('less.redeemable.units', { amount: fmt.amount(redeemable) })
          : undefined;
  const can = value?.gt(0) && !error && !action.isPending;
  const submit = useDebouncedAction(() => {
    if (value)
      action.mutate(
        { side: 'redeem', pid: product.pid, unit: value.toFixed() },
        { onSuccess: onDone, onError: (e) => notifyError(e) },
      );
  });
  return (
    <Stack>
      <AmountInput
        label={t('wealth.units')}
        precision={UNIT_PLACES}
        value={units}
        onChange={setUnits}
        error={error}
        max={redeemable.toFixed()}
        testId="wealth-units"
      />
      <Stack gap={4}>
        <DetailLine label={t('wealth.redeemableUnits')} value={fmt.amount(redeemable)} testId="wealth-redeemable" />
        <DetailLine label={t('wealth.nav')} value={fmt.amount(product.nav)} />
        <DetailLine
          label={t('wealth.estValue')}
          value={value?.gt(0) && !error ? `≈ ${fmt.amount(unitsValue(value, product.nav))} ${product.coin}` : '--'}
          testId="wealth-est-value"
        />
        <DetailLine label={t('wealth.pricedAt')} value={fmt.dateTime(product.next_valuation_time * 1000)} />
      </Stack>
      {product.gate_percent !== '' && (
        <Text size="xs" c="dimmed">
          {t('wealth.gateNote', { percent: product.gate_percent })}
        </Text>
      )}
      <Button size="md" disabled={!can} loading={action.isPending} onClick={submit} data-testid="wealth-redeem-confirm">
        {t('wealth.redeem')}
      </Button>
    </Stack>
  );
}
