import { Decimal, isStablecoin, isUSRegion, roundDown, valueInUsdt } from '@earn/domain';
import type { Balance, Coin } from '@earn/domain/contract';
import { Alert, Button, Card, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBalances, useMe } from '../../api/account.js';
import { useCoins, useRates } from '../../api/market.js';
import { AddFundsModal } from '../../components/AddFundsModal.js';
import { CoinIcon } from '../../components/CoinIcon.js';
import { CoinSearch } from '../../components/CoinSearch.js';
import { InfoPopup } from '../../components/InfoPopup.js';
import { type Column, PagedTable } from '../../components/PagedTable.js';
import { TransferModal } from '../../components/TransferModal.js';
import { useFormat } from '../../lib/use-format.js';
import { useIsMobile } from '../../lib/use-is-mobile.js';
import { DualOrders } from '../dual/DualOrders.js';

interface Row extends Balance {
  coin: Coin | undefined;
  total: Decimal;
  value: Decimal;
}

const PAGE_SIZE = 10;
/** USDT values are shown to the cent. */
const VALUE_PLACES = 2;

export default function AssetsPage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const isMobile = useIsMobile();
  const me = useMe();
  const balances = useBalances(true);
  const coins = useCoins();
  const rates = useRates();
  const [search, setSearch] = useState('');
  const [hideZero, setHideZero] = useState(true);
  const [page, setPage] = useState(1);
  const [addFundsCoin, setAddFundsCoin] = useState<string | null>(null);
  const [transferCoin, setTransferCoin] = useState<string | null>(null);
  const canTransfer = !isMobile && !isUSRegion(me.data?.region ?? '');

  const rows = useMemo<Row[]>(() => {
    const byCoin = new Map((coins.data ?? []).map((c) => [c.symbol, c]));
    const rateMap = rates.data ?? new Map();
    return (balances.data ?? []).map((b) => {
      const total = new Decimal(b.spot).plus(b.unified);
      // Each row's value as shown (2 places, rounded down), so the total is exactly the sum of its rows.
      const value = roundDown(valueInUsdt(total, b.asset, rateMap), VALUE_PLACES);
      return { ...b, coin: byCoin.get(b.asset), total, value };
    });
  }, [balances.data, coins.data, rates.data]);

  const query = search.trim().toUpperCase();
  const shown = rows
    .filter((r) => (hideZero ? !r.total.isZero() : true))
    .filter((r) => !query || r.asset.includes(query) || r.coin?.name.toUpperCase().includes(query))
    .sort((a, b) => b.value.comparedTo(a.value));
  const totalValue = rows.reduce((acc, r) => acc.plus(r.value), new Decimal(0));
  const pageRows = shown.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  const actions = (r: Row) => (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <Button
        size="compact-sm"
        variant="light"
        onClick={() => setAddFundsCoin(r.asset)}
        data-testid={`add-funds-${r.asset}`}
      >
        {t('assets.addFunds')}
      </Button>
      {canTransfer && (
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => setTransferCoin(r.asset)}
          data-testid={`transfer-${r.asset}`}
        >
          {t('assets.transfer')}
        </Button>
      )}
    </Group>
  );

  const columns: Column<Row>[] = [
    {
      key: 'coin',
      title: t('assets.coin'),
      render: (r) => (
        <Group gap="sm" wrap="nowrap">
          <CoinIcon symbol={r.asset} icon={r.coin?.icon} />
          <div>
            <Text fw={600}>{r.asset}</Text>
            <Text size="xs" c="dimmed">
              {r.coin?.name}
            </Text>
          </div>
        </Group>
      ),
    },
    {
      key: 'spot',
      title: t('assets.spot'),
      align: 'right',
      render: (r) => <span data-testid={`spot-${r.asset}`}>{fmt.amount(r.spot)}</span>,
    },
    {
      key: 'unified',
      title: t('assets.unified'),
      align: 'right',
      render: (r) => <span data-testid={`unified-${r.asset}`}>{fmt.amount(r.unified)}</span>,
    },
    {
      key: 'value',
      title: t('assets.value'),
      align: 'right',
      render: (r) => <span data-testid={`value-${r.asset}`}>{fmt.fixed(r.value, VALUE_PLACES)}</span>,
    },
    { key: 'actions', title: t('assets.actions'), align: 'right', render: actions },
  ];

  return (
    <Stack maw={1100} mx="auto">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {t('assets.title')}
          </Title>
          <Group gap={4}>
            <Text c="dimmed" size="sm">
              {t('assets.estimated')}
            </Text>
            <InfoPopup title={t('assets.estimated')}>{t('assets.estimatedTip')}</InfoPopup>
          </Group>
          <Text size="xl" fw={700} data-testid="total-value">
            {fmt.fixed(totalValue, VALUE_PLACES)} USDT
          </Text>
        </div>
        <Group>
          {/* Reachable with no coin held yet, when the list has no rows to offer it on. */}
          <Button onClick={() => setAddFundsCoin('USDT')} data-testid="add-funds">
            {t('assets.addFunds')}
          </Button>
          <CoinSearch
            value={search}
            onChange={(v) => {
              setSearch(v);
              setPage(1);
            }}
            width={180}
          />
          <Checkbox
            label={t('assets.hideZero')}
            checked={hideZero}
            onChange={(e) => {
              setHideZero(e.currentTarget.checked);
              setPage(1);
            }}
          />
        </Group>
      </Group>
      {balances.isError && (
        <Alert color="red" title={t('common.error')}>
          <Button size="xs" variant="light" onClick={() => balances.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      )}
      {isMobile ? (
        <Stack gap="sm">
          {shown.map((r) => (
            <Card key={r.asset} withBorder padding="sm">
              <Group justify="space-between" wrap="nowrap">
                <Group gap="sm" wrap="nowrap">
                  <CoinIcon symbol={r.asset} icon={r.coin?.icon} />
                  <div>
                    <Text fw={600}>{r.asset}</Text>
                    {!isStablecoin(r.asset) && (
                      <Text size="xs" c="dimmed">
                        ≈ {fmt.fixed(r.value, VALUE_PLACES)} USDT
                      </Text>
                    )}
                  </div>
                </Group>
                <Text fw={600}>{fmt.amount(r.total)}</Text>
              </Group>
              <Group mt="xs" justify="space-between">
                <Text size="xs" c="dimmed">
                  {t('assets.spot')} {fmt.amount(r.spot)} · {t('assets.unified')} {fmt.amount(r.unified)}
                </Text>
                {actions(r)}
              </Group>
            </Card>
          ))}
          {!balances.isPending && shown.length === 0 && (
            <Paper p="xl" ta="center" c="dimmed">
              {query ? t('assets.noMatch') : t('assets.empty')}
            </Paper>
          )}
        </Stack>
      ) : (
        <Paper withBorder p="md">
          <PagedTable
            columns={columns}
            rows={pageRows}
            rowKey={(r) => r.asset}
            total={shown.length}
            page={page}
            onPageChange={setPage}
            loading={balances.isPending}
            empty={query ? t('assets.noMatch') : t('assets.empty')}
          />
        </Paper>
      )}
      {me.data && <DualOrders />}
      <AddFundsModal coin={addFundsCoin} onClose={() => setAddFundsCoin(null)} />
      <TransferModal
        opened={transferCoin !== null}
        coin={transferCoin ?? 'USDT'}
        onClose={() => setTransferCoin(null)}
      />
    </Stack>
  );
}
