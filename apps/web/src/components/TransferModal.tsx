import { Decimal, parseAmount } from '@earn/domain';
import { ActionIcon, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBalances, useMe, useTransfer } from '../api/account.js';
import { useCoins } from '../api/market.js';
import { useAvailable } from '../api/simple-earn.js';
import { notifyError, notifySuccess, refusalText } from '../lib/notify.js';
import { useFormat } from '../lib/use-format.js';
import { DecimalInput } from './DecimalInput.js';
import { ResponsiveModal } from './ResponsiveModal.js';

type Wallet = 'spot' | 'unified';

/** Transfer button debounce (spec: 500 ms). */
const TRANSFER_DEBOUNCE_MS = 500;

export function TransferModal({ opened, onClose, coin }: { opened: boolean; onClose(): void; coin: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const coins = useCoins();
  const balances = useBalances(opened);
  const transfer = useTransfer();
  const [asset, setAsset] = useState(coin);
  // The account's trading wallet (where its money is), and the first to move from.
  const me = useMe();
  const trading: Wallet = me.data?.mode && me.data.mode !== 'classic' ? 'unified' : 'spot';
  const [from, setFrom] = useState<Wallet>(trading);
  const [amount, setAmount] = useState('');

  useEffect(() => {
    if (opened) {
      setAsset(coin);
      setFrom(trading);
      setAmount('');
    }
  }, [opened, coin, trading]);

  const to: Wallet = from === 'spot' ? 'unified' : 'spot';
  const decimals = coins.data?.find((c) => c.symbol === asset)?.decimals ?? 8;
  const row = balances.data?.find((b) => b.asset === asset);
  // Borrowed coins cannot leave the trading wallet: what can is its outable.
  const outable = useAvailable(asset, opened && from === trading);
  const held = new Decimal(row ? row[from] : '0');
  const available = from === trading ? new Decimal(outable.data?.outable ?? '0') : held;
  const borrowed = from === trading && outable.data ? new Decimal(outable.data.available).minus(available) : null;
  const parsed = amount === '' ? null : parseAmount('amount', amount, { maxDecimals: decimals });
  // More than can leave but no more than is held: what stops it is the loan, and it is named.
  const error =
    parsed?.ok && parsed.value.gt(available)
      ? borrowed?.gt(0) && parsed.value.lte(held)
        ? t('finances.borrowed', { amount: fmt.amount(available), coin: asset, loan: fmt.amount(borrowed) })
        : t('finances.inadequateBalance')
      : undefined;
  const canSubmit = parsed?.ok === true && !error && !transfer.isPending;

  const submit = useDebouncedCallback(
    () => {
      if (!canSubmit) return;
      transfer.mutate(
        { asset, amount, from, to },
        {
          onSuccess: (res) => {
            notifySuccess(t('transfer.success', { amount: fmt.amount(res.amount), coin: res.asset }));
            onClose();
          },
          onError: (e) => notifyError(e),
        },
      );
    },
    { delay: TRANSFER_DEBOUNCE_MS, leading: true },
  );

  const walletLabel = (w: Wallet) => t(w === 'spot' ? 'transfer.spot' : 'transfer.unified');

  return (
    <ResponsiveModal opened={opened} onClose={onClose} title={t('transfer.title')}>
      <Stack>
        <Group align="flex-end" wrap="nowrap">
          <Stack gap={2} style={{ flex: 1 }}>
            <Text size="xs" c="dimmed">
              {t('transfer.from')}
            </Text>
            <Text fw={600} data-testid="transfer-from">
              {walletLabel(from)}
            </Text>
          </Stack>
          <ActionIcon variant="light" aria-label={t('transfer.swap')} onClick={() => setFrom(to)}>
            ⇄
          </ActionIcon>
          <Stack gap={2} style={{ flex: 1 }} align="flex-end">
            <Text size="xs" c="dimmed">
              {t('transfer.to')}
            </Text>
            <Text fw={600}>{walletLabel(to)}</Text>
          </Stack>
        </Group>
        <Select
          label={t('transfer.coin')}
          searchable
          allowDeselect={false}
          value={asset}
          onChange={(v) => {
            if (v) setAsset(v);
            setAmount('');
          }}
          data={(coins.data ?? []).map((c) => ({ value: c.symbol, label: c.symbol }))}
        />
        <DecimalInput
          label={t('transfer.amount')}
          placeholder={t('transfer.enterAmount')}
          precision={decimals}
          value={amount}
          onChange={setAmount}
          error={error ?? (parsed && !parsed.ok && amount !== '0' ? refusalText(parsed.key, parsed.params) : undefined)}
          rightSectionWidth={64}
          rightSection={
            <Button variant="subtle" size="compact-xs" onClick={() => setAmount(available.toFixed())}>
              {t('common.max')}
            </Button>
          }
          data-testid="transfer-amount"
        />
        <Text size="sm" c="dimmed" data-testid="transfer-available">
          {t('common.available')}: {fmt.amount(available)} {asset}
        </Text>
        {borrowed?.gt(0) && (
          <Text size="xs" c="dimmed" data-testid="transfer-borrowed">
            {t('transfer.borrowed', { amount: fmt.amount(borrowed), coin: asset })}
          </Text>
        )}
        <Button onClick={submit} disabled={!canSubmit} loading={transfer.isPending} fullWidth>
          {t('common.confirm')}
        </Button>
      </Stack>
    </ResponsiveModal>
  );
}
