import { Decimal, parseAmount, WEALTH_AMOUNT_PLACES } from '@earn/domain';
import type { WealthOrder, WealthProduct } from '@earn/domain/contract';
import { Anchor, Button, Checkbox, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBalances, useMe } from '../../api/account.js';
import { useWealthAction } from '../../api/wealth.js';
import { AmountInput } from '../../components/AmountInput.js';
import { DetailLine } from '../../components/DetailLine.js';
import { notifyError, refusalText } from '../../lib/notify.js';
import { useFormat } from '../../lib/use-format.js';
import { useDebouncedAction } from './use-debounced-action.js';
import { WealthOrderDialog } from './WealthOrderDialog.js';

/** Subscribe more: amount (8 places) within the available balance and above the minimum, the disclaimer, a success view. */
export function WealthSubscribeDialog({ product, onClose }: { product: WealthProduct | null; onClose(): void }) {
  return (
    <WealthOrderDialog
      product={product}
      titleKey="wealth.subscribeTitle"
      onClose={onClose}
      form={(p, onDone) => <SubscribeForm product={p} onDone={onDone} />}
    />
  );
}

function SubscribeForm({ product, onDone }: { product: WealthProduct; onDone(o: WealthOrder): void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const me = useMe();
  const balances = useBalances(Boolean(me.data));
  const action = useWealthAction();
  const [amount, setAmount] = useState('');
  const [agreed, setAgreed] = useState(false);
  const row = balances.data?.find((b) => b.asset === product.coin);
  const available = (me.data?.mode && me.data.mode !== 'classic' ? row?.unified : row?.spot) ?? '0';
  const parsed = amount === '' ? null : parseAmount('amount', amount, { maxDecimals: WEALTH_AMOUNT_PLACES });
  const value = parsed?.ok ? parsed.value : null;
  const error =
    parsed && !parsed.ok
      ? refusalText(parsed.key, parsed.params, { label: t('wealth.amount') })
      : value?.gt(available)
        ? t('finances.inadequateBalance')
        : value?.gt(0) && value.lt(product.min_purchase)
          ? t('less.minimum.amount', { amount: fmt.amount(product.min_purchase), coin: product.coin })
          : undefined;
  const can = value?.gt(0) && !error && agreed && !action.isPending;
  const submit = useDebouncedAction(() => {
    if (value)
      action.mutate(
        { side: 'purchase', pid: product.pid, amount: value.toFixed(), project_type: product.project_type },
        { onSuccess: onDone, onError: (e) => notifyError(e) },
      );
  });
  return (
    <Stack>
      <AmountInput
        label={t('wealth.amount')}
        placeholder={t('wealth.minPurchase', { amount: fmt.amount(product.min_purchase), coin: product.coin })}
        precision={WEALTH_AMOUNT_PLACES}
        value={amount}
        onChange={setAmount}
        error={error}
        max={Decimal.max(new Decimal(available), 0).toFixed()}
        testId="wealth-amount"
      />
      <Stack gap={4}>
        <DetailLine label={t('common.available')} value={`${fmt.amount(available)} ${product.coin}`} />
        <DetailLine label={t('wealth.nav')} value={fmt.amount(product.nav)} />
        <DetailLine
          label={t('wealth.estUnits')}
          // Only for an amount that could be subscribed: no units for one below the minimum or over the balance.
          value={
            value?.gt(0) && !error
              ? `≈ ${fmt.amount(value.div(product.nav).toDecimalPlaces(6, Decimal.ROUND_DOWN))}`
              : '--'
          }
        />
        <DetailLine label={t('wealth.pricedAt')} value={fmt.dateTime(product.next_valuation_time * 1000)} />
      </Stack>
      <Text size="xs" c="dimmed">
        {product.disclaimer}
      </Text>
      <Checkbox
        checked={agreed}
        onChange={(e) => setAgreed(e.currentTarget.checked)}
        data-testid="wealth-disclaimer"
        label={
          <>
            {t('wealth.agree')}{' '}
            <Anchor href="/asset-management/institution/disclaimer" target="_blank" size="sm">
              {t('wealth.disclaimer')}
            </Anchor>
          </>
        }
      />
      <Button
        size="md"
        disabled={!can}
        loading={action.isPending}
        onClick={submit}
        data-testid="wealth-subscribe-confirm"
      >
        {t('wealth.subscribe')}
      </Button>
    </Stack>
  );
}
