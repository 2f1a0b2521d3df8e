import { dayStartMs } from '@earn/domain';
import type { HistoryRow } from '@earn/domain/contract';
import { Anchor, Checkbox, Group, Paper, Select, Stack, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useHistory, useHistoryCoins } from '../../api/simple-earn.js';
import { DateRange, type DateRangeValue } from '../../components/DateRange.js';
import { type Column, PagedTable } from '../../components/PagedTable.js';
import { useFormat } from '../../lib/use-format.js';

const PAGE_SIZE = 10;
const TYPE_KEY: Record<number, string> = {
  1: 'earn.type.subscribe',
  2: 'earn.type.redeem',
  3: 'earn.type.interest',
  4: 'earn.type.bonus',
  5: 'earn.type.rateUp',
};
const PREF_KEY = 'earn.history.pref';

/** The initial tab and type: the query, else the stored preference, else flexible subscriptions. */
function initialFilter(params: URLSearchParams): { type: string } {
  const fromQuery = params.get('type');
  if (fromQuery) return { type: fromQuery };
  const stored = localStorage.getItem(PREF_KEY);
  return { type: stored ?? '1' };
}

export default function HistoryPage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [params] = useSearchParams();
  const [type, setType] = useState(() => initialFilter(params).type);
  const [asset, setAsset] = useState<string | null>(params.get('asset'));
  const [range, setRange] = useState<DateRangeValue | null>(null);
  const [daily, setDaily] = useState(false);
  const [page, setPage] = useState(1);
  const coins = useHistoryCoins(true);
  const offset = -new Date().getTimezoneOffset();
  const history = useHistory({
    page,
    limit: PAGE_SIZE,
    type: type === '0' ? undefined : Number(type),
    asset: asset ?? undefined,
    start_at: range ? dayStartMs(range.start, offset) / 1000 : undefined,
    end_at: range ? dayStartMs(range.endExclusive, offset) / 1000 : undefined,
    is_daily_log: daily && type === '3' ? 1 : 0,
  });
  const columns: Column<HistoryRow>[] = [
    {
      key: 'time',
      title: t('earn.history.time'),
      render: (r) => (daily && type === '3' ? fmt.date(r.time_at * 1000) : fmt.dateTime(r.time_at * 1000)),
    },
    { key: 'type', title: t('earn.history.type'), render: (r) => t(TYPE_KEY[r.type] ?? 'earn.type.subscribe') },
    { key: 'coin', title: t('assets.coin'), render: (r) => r.asset },
    {
      key: 'amount',
      title: t('earn.history.amount'),
      align: 'right',
      render: (r) => `${fmt.amount(r.amount)} ${r.type === 4 && r.bonus_asset ? r.bonus_asset : r.asset}`,
    },
    {
      key: 'rate',
      title: t('earn.detail.rate'),
      align: 'right',
      render: (r) => (r.lend_rate_year ? fmt.rate(r.lend_rate_year) : '--'),
    },
  ];
  const change = (next: () => void) => {
    next();
    setPage(1);
  };
  return (
    <Stack maw={1100} mx="auto">
      <Group justify="space-between">
        <Title order={2}>{t('earn.history.title')}</Title>
        <Anchor component={Link} to="/simple-earn">
          {t('earn.title')}
        </Anchor>
      </Group>
      <Tabs value="flexible">
        <Tabs.List>
          <Tabs.Tab value="flexible">{t('earn.flexible')}</Tabs.Tab>
          <Tabs.Tab value="fixed" disabled>
            {t('earn.fixed')}
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Group align="flex-end">
        <Select
          label={t('earn.history.type')}
          value={type}
          allowDeselect={false}
          data-testid="history-type"
          onChange={(v) =>
            change(() => {
              const next = v ?? '0';
              setType(next);
              localStorage.setItem(PREF_KEY, next);
            })
          }
          data={[
            { value: '0', label: t('earn.history.all') },
            ...[1, 2, 3, 4].map((v) => ({ value: String(v), label: t(TYPE_KEY[v] as string) })),
          ]}
          w={160}
        />
        <Select
          label={t('assets.coin')}
          value={asset}
          clearable
          placeholder={t('earn.history.allCoins')}
          onChange={(v) => change(() => setAsset(v))}
          data={coins.data ?? []}
          w={140}
        />
        <DateRange value={range} onChange={(v) => change(() => setRange(v))} limitMonths={6} />
        {type === '3' && (
          <Checkbox
            label={t('earn.history.daily')}
            checked={daily}
            onChange={(e) => change(() => setDaily(e.currentTarget.checked))}
          />
        )}
      </Group>
      <Paper withBorder p="md">
        <PagedTable
          columns={columns}
          rows={history.data?.list ?? []}
          rowKey={(r) => `${r.id ?? ''}-${r.time_at}-${r.asset}-${r.type}`}
          total={history.data?.total ?? 0}
          page={page}
          onPageChange={setPage}
          loading={history.isPending}
        />
      </Paper>
    </Stack>
  );
}
