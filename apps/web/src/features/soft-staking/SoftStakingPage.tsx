import { dayToUtcMs } from '@earn/domain';
import type { SoftStakingStatus } from '@earn/domain/contract';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/account.js';
import { serverNow } from '../../api/client.js';
import { useSoftStakingRewards, useSoftStakingStatus } from '../../api/soft-staking.js';
import { CoinIcon } from '../../components/CoinIcon.js';
import { DateRange, type DateRangeValue } from '../../components/DateRange.js';
import { readStatus } from '../../components/ListStatus.js';
import { type Column, PagedTable, pagedQuery } from '../../components/PagedTable.js';
import { useFormat } from '../../lib/use-format.js';
import { useAuthGate } from '../auth/auth-gate.js';
import { SoftStakingModal } from './SoftStakingModal.js';

const PAGE_SIZE = 10;
type CoinRow = SoftStakingStatus['coins'][number];

/** Soft staking: the opt-in, the coins with their APR, minimum and cap, today's eligible balance and the rewards. */
export default function SoftStakingPage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const me = useMe();
  const { requireLogin } = useAuthGate();
  const status = useSoftStakingStatus();
  const [mode, setMode] = useState<'activate' | 'close' | null>(null);
  const s = status.data;
  const columns: Column<CoinRow>[] = [
    {
      key: 'coin',
      title: t('assets.coin'),
      render: (c) => (
        <Group gap="xs" wrap="nowrap">
          <CoinIcon symbol={c.coin} icon={c.icon} />
          <Text fw={600}>{c.coin}</Text>
        </Group>
      ),
    },
    { key: 'apr', title: t('softStaking.apr'), render: (c) => <Text c="teal">{fmt.rate(c.apr)}</Text> },
    { key: 'min', title: t('softStaking.min'), render: (c) => fmt.amount(c.min_holding) },
    { key: 'cap', title: t('softStaking.cap'), render: (c) => fmt.amount(c.cap) },
    ...(me.data
      ? ([
          { key: 'balance', title: t('softStaking.balance'), render: (c) => fmt.amount(c.balance) },
          {
            key: 'eligible',
            title: t('softStaking.eligible'),
            align: 'right',
            render: (c) => <span data-testid={`soft-eligible-${c.coin}`}>{fmt.amount(c.eligible_today)}</span>,
          },
        ] as Column<CoinRow>[])
      : []),
  ];
  return (
    <Stack maw={1100} mx="auto">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {t('softStaking.title')}
          </Title>
          <Text c="dimmed">{t('softStaking.subtitle')}</Text>
        </div>
        {s?.status ? (
          <Group gap="xs">
            <Badge color="teal" data-testid="soft-staking-on">
              {t('softStaking.on')}
            </Badge>
            <Button variant="default" onClick={() => setMode('close')} data-testid="soft-staking-close">
              {t('softStaking.close')}
            </Button>
          </Group>
        ) : (
          <Button onClick={() => requireLogin(() => setMode('activate'))} data-testid="soft-staking-activate">
            {t('softStaking.activate')}
          </Button>
        )}
      </Group>
      {/* The schedule says what is still to come: gone once the first reward is paid. */}
      {s?.status && s.first_reward_at * 1000 > serverNow() && (
        <Alert color="teal" variant="light" data-testid="soft-staking-schedule">
          {t('softStaking.schedule', {
            from: fmt.date(s.sampling_from * 1000),
            first: fmt.dateTime(s.first_reward_at * 1000),
          })}
        </Alert>
      )}
      <Paper withBorder p="md">
        <PagedTable
          columns={columns}
          rows={s?.coins ?? []}
          rowKey={(c) => c.coin}
          total={s?.coins.length ?? 0}
          page={1}
          onPageChange={() => undefined}
          {...readStatus(status)}
        />
      </Paper>
      {me.data && <Rewards />}
      <SoftStakingModal mode={mode} onClose={() => setMode(null)} />
    </Stack>
  );
}

function Rewards() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [range, setRange] = useState<DateRangeValue | null>(null);
  const [page, setPage] = useState(1);
  const from = range ? dayToUtcMs(range.start) / 1000 : 0;
  const to = range ? dayToUtcMs(range.endExclusive) / 1000 : 0;
  const rewards = useSoftStakingRewards(from, to, page, PAGE_SIZE, true);
  const columns: Column<NonNullable<typeof rewards.data>['list'][number]>[] = [
    { key: 'day', title: t('staking.day'), render: (r) => fmt.date(r.time * 1000) },
    { key: 'coin', title: t('assets.coin'), render: (r) => r.coin },
    { key: 'base', title: t('softStaking.base'), render: (r) => `${fmt.amount(r.base)} ${r.coin}` },
    {
      key: 'amount',
      title: t('staking.reward'),
      align: 'right',
      render: (r) => <span data-testid="soft-reward-amount">{`${fmt.amount(r.amount)} ${r.coin}`}</span>,
    },
  ];
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Text fw={600}>{t('softStaking.rewards')}</Text>
        <DateRange
          value={range}
          onChange={(v) => {
            setRange(v);
            setPage(1);
          }}
          limitMonths={6}
        />
      </Group>
      <PagedTable
        columns={columns}
        {...pagedQuery(rewards)}
        rowKey={(r) => `${r.coin}-${r.time}`}
        page={page}
        onPageChange={setPage}
      />
    </Paper>
  );
}
