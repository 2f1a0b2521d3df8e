import { dayStartMs } from '@earn/domain';
import type { LaunchHistoryRow, LaunchHistoryType } from '@earn/domain/contract';
import { Anchor, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLaunchHistory, useProjects } from '../../api/launchpool.js';
import { DateRange, type DateRangeValue } from '../../components/DateRange.js';
import { type Column, PagedTable, pagedQuery } from '../../components/PagedTable.js';
import { useFormat } from '../../lib/use-format.js';
import { HourStatementDialog } from './HourStatementDialog.js';
import { poolNames } from './pool-names.js';
import { useLaunchWords } from './use-launch-words.js';

const TYPES: LaunchHistoryType[] = ['stake', 'reward', 'redeem', 'release'];

/** The user's stakes, rewards, redemptions and releases, filtered by type, coin and date range; a reward opens its hour's statement. */
export function LaunchHistory() {
  const { t } = useTranslation();
  const { words } = useLaunchWords();
  const fmt = useFormat();
  const projects = useProjects();
  const [type, setType] = useState<LaunchHistoryType | null>(null);
  const [coin, setCoin] = useState<string | null>(null);
  const [range, setRange] = useState<DateRangeValue | null>(null);
  const [page, setPage] = useState(1);
  const [statement, setStatement] = useState<{ rid: number; hour: number } | null>(null);
  const offset = -new Date().getTimezoneOffset();
  const history = useLaunchHistory(
    {
      page,
      limit: 10,
      ...(type ? { type } : {}),
      ...(coin ? { coin } : {}),
      ...(range
        ? { start_at: dayStartMs(range.start, offset) / 1000, end_at: dayStartMs(range.endExclusive, offset) / 1000 }
        : {}),
    },
    true,
  );
  const coins = [
    ...new Set((projects.data ?? []).flatMap((p) => [p.coin, ...p.reward_pools.map((pool) => pool.coin)])),
  ].sort();
  const names = new Map((projects.data ?? []).map((p) => [p.pid, `${p.name} (${p.coin})`]));
  // Two pools of a project may take the same coin: each row names its own.
  const pools = new Map((projects.data ?? []).flatMap((p) => [...poolNames(p.reward_pools, t('launch.newcomers'))]));
  const change = (next: () => void) => {
    next();
    setPage(1);
  };
  const columns: Column<LaunchHistoryRow>[] = [
    { key: 'time', title: t('earn.history.time'), render: (r) => fmt.dateTime(r.time_at * 1000) },
    {
      key: 'pool',
      title: t('launch.pool'),
      // Named by the project's name in the reader's language: two projects may pay the same coin.
      render: (r) =>
        t('launch.history.pool', {
          project: names.get(r.pid) ?? r.project_coin,
          coin: pools.get(r.rid)?.name ?? r.pool_coin,
        }),
    },
    {
      key: 'type',
      title: t('earn.history.type'),
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm">{words(`launch.type.${r.type}`)}</Text>
          {r.destination && (
            <Text size="xs" c="dimmed" data-testid="release-destination">
              {t(`launch.history.to.${r.destination}`)}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'amount',
      title: t('earn.history.amount'),
      align: 'right',
      render: (r) =>
        r.hour !== undefined ? (
          <Anchor
            component="button"
            size="sm"
            onClick={() => setStatement({ rid: r.rid, hour: r.hour as number })}
            data-testid="reward-statement"
          >
            {fmt.amount(r.amount)} {r.coin}
          </Anchor>
        ) : (
          `${fmt.amount(r.amount)} ${r.coin}`
        ),
    },
  ];
  return (
    <Stack>
      <Group align="flex-end">
        <Select
          label={t('earn.history.type')}
          value={type}
          clearable
          placeholder={t('earn.history.all')}
          data-testid="launch-history-type"
          onChange={(v) => change(() => setType(v as LaunchHistoryType | null))}
          data={TYPES.map((v) => ({ value: v, label: words(`launch.type.${v}`) }))}
          w={160}
        />
        <Select
          label={t('assets.coin')}
          value={coin}
          clearable
          placeholder={t('earn.history.allCoins')}
          onChange={(v) => change(() => setCoin(v))}
          data={coins}
          w={140}
        />
        <DateRange value={range} onChange={(v) => change(() => setRange(v))} limitMonths={6} />
      </Group>
      <Text size="xs" c="dimmed">
        {t('launch.history.statementHint')}
      </Text>
      <Paper withBorder p="md">
        <PagedTable
          columns={columns}
          {...pagedQuery(history)}
          rowKey={(r) => String(r.id)}
          page={page}
          onPageChange={setPage}
        />
      </Paper>
      <HourStatementDialog target={statement} onClose={() => setStatement(null)} />
    </Stack>
  );
}
