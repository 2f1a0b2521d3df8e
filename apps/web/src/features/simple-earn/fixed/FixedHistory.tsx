import { dayStartMs } from '@earn/domain';
import type { FixedHistoryRow } from '@earn/domain/contract';
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFixedHistory, useFixedProducts } from '../../../api/fixed-earn.js';
import { HISTORY_PAGE_SIZE } from '../../../api/simple-earn.js';
import { DateRange, type DateRangeValue } from '../../../components/DateRange.js';
import { type Column, PagedTable, pagedQuery } from '../../../components/PagedTable.js';
import { useFormat } from '../../../lib/use-format.js';
import { paidCoin, TYPE_KEY } from '../history-types.js';
import { TypeCoinFilters } from '../TypeCoinFilters.js';

/** History modes worth naming on a fixed row (spec). */
const MODE_KEY: Record<number, string> = {
  10: 'fixed.mode.launchpool',
  14: 'fixed.mode.toFlexible',
  15: 'fixed.mode.reinvest',
};

/** The fixed tab of the history: every record type (1-5), by coin and date range, each row linked to its order. */
export function FixedHistory({ queryAsset }: { queryAsset: string | null }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [type, setType] = useState('0');
  const [asset, setAsset] = useState<string | null>(queryAsset);
  const [range, setRange] = useState<DateRangeValue | null>(null);
  const [page, setPage] = useState(1);
  const products = useFixedProducts(0);
  const coins = [...new Set((products.data ?? []).map((p) => p.asset))].sort();
  const offset = -new Date().getTimezoneOffset();
  const history = useFixedHistory({
    page,
    limit: HISTORY_PAGE_SIZE,
    ...(type !== '0' ? { type: Number(type) } : {}),
    ...(asset ? { asset } : {}),
    ...(range
      ? { start_at: dayStartMs(range.start, offset) / 1000, end_at: dayStartMs(range.endExclusive, offset) / 1000 }
      : {}),
  });
  const change = (next: () => void) => {
    next();
    setPage(1);
  };
  const columns: Column<FixedHistoryRow>[] = [
    { key: 'time', title: t('earn.history.time'), render: (r) => fmt.dateTime(r.time_at * 1000) },
    {
      key: 'type',
      title: t('earn.history.type'),
      render: (r) => (
        <>
          {t(TYPE_KEY[r.type] ?? 'earn.type.subscribe')}
          {MODE_KEY[r.mode] ? ` · ${t(MODE_KEY[r.mode] as string)}` : ''}
        </>
      ),
    },
    {
      key: 'order',
      title: t('fixed.orderId'),
      render: (r) => (
        <Anchor
          component={Link}
          to={`/simple-earn/my-lendings/${r.order_id}?orderType=fixed&asset=${r.asset}&order_id=${r.order_id}`}
          size="sm"
        >
          {r.order_id}
        </Anchor>
      ),
    },
    { key: 'term', title: t('fixed.term'), render: (r) => t('fixed.days', { count: r.lock_up_period }) },
    {
      key: 'amount',
      title: t('earn.history.amount'),
      align: 'right',
      render: (r) => `${fmt.amount(r.amount)} ${paidCoin(r)}`,
    },
    {
      key: 'rate',
      title: t('fixed.apr'),
      align: 'right',
      render: (r) => {
        if (r.type === 5) return r.rate_ratio ? `+${fmt.percent(r.rate_ratio)}` : '--';
        if (!r.lend_rate_year) return '--';
        return <SubscriptionApr row={r} />;
      },
    },
  ];
  return (
    <Stack>
      <Group align="flex-end">
        <TypeCoinFilters
          types={[1, 2, 3, 4, 5]}
          type={type}
          onType={(v) => change(() => setType(v))}
          coins={coins}
          asset={asset}
          onAsset={(v) => change(() => setAsset(v))}
          testId="fixed-history-type"
        />
        <DateRange value={range} onChange={(v) => change(() => setRange(v))} limitMonths={6} />
      </Group>
      <Paper withBorder p="md" data-testid="fixed-history">
        <PagedTable
          columns={columns}
          {...pagedQuery(history)}
          rowKey={(r) => String(r.id)}
          page={page}
          onPageChange={setPage}
          pageSize={HISTORY_PAGE_SIZE}
        />
      </Paper>
    </Stack>
  );
}

/**
 * A subscription's APR as its holding shows it (the product's, with what its voucher and a bonus in
 * its own coin add over the whole order), and under it what that is made of when it is more.
 */
function SubscriptionApr({ row }: { row: FixedHistoryRow }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const base = fmt.rate(row.lend_rate_year);
  const parts = [
    row.rate_ratio ? t('fixed.history.voucherPart', { ratio: fmt.percent(row.rate_ratio), count: row.rate_day }) : null,
    row.bonus_amount
      ? t('fixed.history.bonusPart', { amount: fmt.amount(row.bonus_amount), coin: row.bonus_asset })
      : null,
  ].filter((part) => part !== null);
  if (parts.length === 0) return base;
  return (
    <Stack gap={0} align="flex-end">
      <Text size="sm" fw={600}>
        {row.total_year_rate_percent ? `${row.total_year_rate_percent}%` : base}
      </Text>
      <Text size="xs" c="dimmed" ta="right">
        {[base, ...parts].join(' + ')}
      </Text>
    </Stack>
  );
}
