import { Decimal, parseAmount } from '@earn/domain';
import { ActionIcon, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBalances, useTransfer } from '../api/account.js';
import { useCoins } from '../api/market.js';
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
  const [from, setFrom] = useState<Wallet>('spot');
  const [amount, setAmount] = useState('');

  useEffect(() => {
    if (opened) {
      setAsset(coin);
      setAmount('');
    }
  }, [opened, coin]);

  const to: Wallet = from === 'spot' ? 'unified' : 'spot';
  const decimals = coins.data?.find((c) => c.symbol === asset)?.decimals ?? 8;
  const row = balances.data?.find((b) => b.asset === asset);
  const available = new Decimal(row ? row[from] : '0');
  const parsed = amount === '' ? null : parseAmount('amount', amount, { maxDecimals: decimals });
  const error = parsed?.ok && parsed.value.gt(available) ? t('finances.inadequateBalance') : undefined;
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
        <Text size="sm" c="dimmed">
          {t('common.available')}: {fmt.amount(available)} {asset}
        </Text>
        <Button onClick={submit} disabled={!canSubmit} loading={transfer.isPending} fullWidth>
          {t('common.confirm')}
        </Button>
      </Stack>
    </ResponsiveModal>
  );
}
