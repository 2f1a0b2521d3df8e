import { dayStartMs } from '@earn/domain';
import type { HistoryRow } from '@earn/domain/contract';
import { Anchor, Center, Checkbox, Group, Loader, Paper, Stack, Tabs, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/account.js';
import {
  DAILY_INTEREST_PAGE_SIZE,
  HISTORY_PAGE_SIZE,
  useDailyInterest,
  useHistory,
  useHistoryCoins,
} from '../../api/simple-earn.js';
import { DateRange, type DateRangeValue } from '../../components/DateRange.js';
import { readFailure, readStatus } from '../../components/ListStatus.js';
import { type Column, PagedTable, pagedQuery } from '../../components/PagedTable.js';
import { useFormat } from '../../lib/use-format.js';
import { FixedHistory } from './fixed/FixedHistory.js';
import { FLEXIBLE_TYPES, offeredFlexibleType, paidCoin, TYPE_KEY } from './history-types.js';
import { InterestDayDialog } from './InterestDayDialog.js';
import { TypeCoinFilters } from './TypeCoinFilters.js';

/**
 * The history's initial type: from the query, else the user's stored preference, else interest when
 * there are interest records, else subscriptions (flexible lend).
 */
function useInitialType(queryType: string | null, uid: number | undefined): string | null {
  const stored = uid === undefined ? null : localStorage.getItem(`earn.history.pref.${uid}`);
  const known = offeredFlexibleType(queryType) ?? offeredFlexibleType(stored);
  const probe = useHistory({ page: 1, limit: 1, type: 3 }, known === null && uid !== undefined);
  if (known) return known;
  // A probe that cannot be read does not hold the page back: the list below says why it is empty.
  if (readFailure(probe)) return '1';
  if (!probe.data) return null;
  return probe.data.total > 0 ? '3' : '1';
}

/**
 * The history: a flexible and a fixed tab (the tab from the query, else flexible). Given
 * `onTabChange`, the query holds the tab (a page's address, kept on reload and Back).
 */
export function HistoryView({
  queryType,
  queryAsset,
  queryTab,
  onTabChange,
}: {
  queryType: string | null;
  queryAsset: string | null;
  queryTab?: string | null;
  onTabChange?: (tab: 'flexible' | 'fixed') => void;
}) {
  const { t } = useTranslation();
  const fromQuery = queryTab === 'fixed' ? 'fixed' : 'flexible';
  const [chosen, setChosen] = useState(fromQuery);
  const tab = onTabChange ? fromQuery : chosen;
  return (
    <Tabs
      value={tab}
      onChange={(v) => (onTabChange ?? setChosen)(v === 'fixed' ? 'fixed' : 'flexible')}
      keepMounted={false}
    >
      <Tabs.List mb="md">
        <Tabs.Tab value="flexible">{t('earn.flexible')}</Tabs.Tab>
        <Tabs.Tab value="fixed" data-testid="history-fixed-tab">
          {t('earn.fixed')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="flexible">
        <FlexibleHistory queryType={queryType} queryAsset={queryAsset} />
      </Tabs.Panel>
      <Tabs.Panel value="fixed">
        <FixedHistory queryAsset={queryAsset} />
      </Tabs.Panel>
    </Tabs>
  );
}

function FlexibleHistory({ queryType, queryAsset }: { queryType: string | null; queryAsset: string | null }) {
  const me = useMe();
  const initial = useInitialType(queryType, me.data?.uid);
  if (!initial || !me.data) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  return <HistoryFilters initialType={initial} initialAsset={queryAsset} uid={me.data.uid} />;
}

function HistoryFilters({
  initialType,
  initialAsset,
  uid,
}: {
  initialType: string;
  initialAsset: string | null;
  uid: number;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [type, setType] = useState(initialType);
  const [asset, setAsset] = useState<string | null>(initialAsset);
  const [range, setRange] = useState<DateRangeValue | null>(null);
  const [daily, setDaily] = useState(false);
  const [page, setPage] = useState(1);
  const [day, setDay] = useState<{ timeAt: number; asset: string } | null>(null);
  const coins = useHistoryCoins(true);
  const offset = -new Date().getTimezoneOffset();
  const showDaily = daily && type === '3';
  const history = useHistory(
    {
      page,
      limit: HISTORY_PAGE_SIZE,
      type: type === '0' ? undefined : Number(type),
      asset: asset ?? undefined,
      start_at: range ? dayStartMs(range.start, offset) / 1000 : undefined,
      end_at: range ? dayStartMs(range.endExclusive, offset) / 1000 : undefined,
    },
    !showDaily,
  );
  const dailyRows = useDailyInterest(showDaily, asset ?? undefined);
  useEffect(() => {
    localStorage.setItem(`earn.history.pref.${uid}`, type);
  }, [type, uid]);

  const columns: Column<HistoryRow>[] = [
    { key: 'time', title: t('earn.history.time'), render: (r) => fmt.dateTime(r.time_at * 1000) },
    { key: 'type', title: t('earn.history.type'), render: (r) => t(TYPE_KEY[r.type] ?? 'earn.type.subscribe') },
    {
      key: 'coin',
      title: t('assets.coin'),
      // A bonus paid in another coin is that coin's, earned on the position's.
      render: (r) =>
        paidCoin(r) === r.asset ? (
          r.asset
        ) : (
          <Stack gap={0}>
            <span>{paidCoin(r)}</span>
            <Text size="xs" c="dimmed">
              {t('earn.history.bonusOn', { coin: r.asset })}
            </Text>
          </Stack>
        ),
    },
    {
      key: 'amount',
      title: t('earn.history.amount'),
      align: 'right',
      render: (r) => `${fmt.amount(r.amount)} ${paidCoin(r)}`,
    },
    {
      key: 'rate',
      title: t('earn.detail.rate'),
      align: 'right',
      render: (r) => (r.lend_rate_year ? fmt.rate(r.lend_rate_year) : '--'),
    },
  ];
  const dailyColumns: Column<HistoryRow>[] = [
    {
      key: 'day',
      title: t('earn.history.day'),
      render: (r) => (
        <Anchor
          component="button"
          onClick={() => setDay({ timeAt: r.time_at, asset: r.asset })}
          data-testid="interest-day"
        >
          {fmt.date(r.time_at * 1000)}
        </Anchor>
      ),
    },
    { key: 'coin', title: t('assets.coin'), render: (r) => r.asset },
    {
      key: 'amount',
      title: t('earn.type.interest'),
      align: 'right',
      render: (r) => `${fmt.amount(r.amount)} ${r.asset}`,
    },
  ];
  const change = (next: () => void) => {
    next();
    setPage(1);
  };
  const allDaily = dailyRows.data ?? [];
  return (
    <Stack>
      <Group align="flex-end">
        <TypeCoinFilters
          types={FLEXIBLE_TYPES}
          type={type}
          onType={(v) => change(() => setType(v))}
          coins={coins.data ?? []}
          asset={asset}
          onAsset={(v) => change(() => setAsset(v))}
          testId="history-type"
        />
        {!showDaily && <DateRange value={range} onChange={(v) => change(() => setRange(v))} limitMonths={6} />}
        {type === '3' && (
          <Checkbox
            label={t('earn.history.daily')}
            checked={daily}
            onChange={(e) => change(() => setDaily(e.currentTarget.checked))}
          />
        )}
      </Group>
      <Paper withBorder p="md">
        {showDaily ? (
          <PagedTable
            columns={dailyColumns}
            rows={allDaily.slice((page - 1) * DAILY_INTEREST_PAGE_SIZE, page * DAILY_INTEREST_PAGE_SIZE)}
            rowKey={(r) => `${r.time_at}-${r.asset}`}
            total={allDaily.length}
            page={page}
            onPageChange={setPage}
            pageSize={DAILY_INTEREST_PAGE_SIZE}
            {...readStatus(dailyRows)}
          />
        ) : (
          <PagedTable
            columns={columns}
            {...pagedQuery(history)}
            rowKey={(r) => `${r.id ?? ''}-${r.time_at}-${r.asset}-${r.type}`}
            page={page}
            onPageChange={setPage}
            pageSize={HISTORY_PAGE_SIZE}
          />
        )}
      </Paper>
      <InterestDayDialog day={day} onClose={() => setDay(null)} />
    </Stack>
  );
}
