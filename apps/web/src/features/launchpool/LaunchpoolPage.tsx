import {
  Decimal,
  floorHour,
  isMultiMiningPool,
  type ProjectState,
  projectElapsedPercent,
  projectsInState,
  projectTotalReward,
  UNLIMITED,
} from '@earn/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  Progress,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { memo, type ReactNode, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useMe } from '../../api/account.js';
import { serverNow } from '../../api/client.js';
import {
  type Project,
  type RewardPool,
  type UserPoolStat,
  useProjects,
  useUserProjectStats,
} from '../../api/launchpool.js';
import { CoinIcon } from '../../components/CoinIcon.js';
import { EarlyPart, fetchedApart, useArrived } from '../../components/fetched-apart.js';
import { InfoPopup } from '../../components/InfoPopup.js';
import { ListStatus, readFailure } from '../../components/ListStatus.js';
import { LoadingBlock } from '../../components/LoadingBlock.js';
import { lazyDialog } from '../../components/lazy-dialog.js';
import { useFormat } from '../../lib/use-format.js';
import { useIsMobile } from '../../lib/use-is-mobile.js';
import { useAuthGate } from '../auth/auth-gate.js';
import classes from './LaunchpoolPage.module.css';
import { poolNames } from './pool-names.js';
import { useLaunchWords } from './use-launch-words.js';

const history = fetchedApart(() => import('./LaunchHistory.js').then((m) => m.LaunchHistory));
const StakeModal = lazyDialog(() => import('./StakeModal.js').then((m) => m.StakeModal), {
  isOpen: (p) => p.project !== null,
  close: (p) => p.onClose(),
});
const StakeSuccessModal = lazyDialog(() => import('./LaunchModals.js').then((m) => m.StakeSuccessModal), {
  isOpen: (p) => p.result !== null,
  close: (p) => p.onClose(),
});
const EarlyRedeemModal = lazyDialog(() => import('./LaunchModals.js').then((m) => m.EarlyRedeemModal), {
  isOpen: (p) => p.target !== null,
  close: (p) => p.onClose(),
});
const EligibilityModal = lazyDialog(() => import('./LaunchModals.js').then((m) => m.EligibilityModal), {
  isOpen: (p) => p.target !== null,
  close: (p) => p.onClose(),
});
const LaunchNoteDialog = lazyDialog(() => import('./LaunchModals.js').then((m) => m.LaunchNoteDialog), {
  isOpen: (p) => p.opened,
  close: (p) => p.onClose(),
});
const HourStatementDialog = lazyDialog(() => import('./HourStatementDialog.js').then((m) => m.HourStatementDialog), {
  isOpen: (p) => p.target !== null,
  close: (p) => p.onClose(),
});

const TABS = [
  { value: '1', label: 'launch.inProgress' },
  { value: '2', label: 'launch.upcoming' },
  { value: '3', label: 'launch.completed' },
] as const;

export default function LaunchpoolPage() {
  const { t } = useTranslation();
  const { words } = useLaunchWords();
  const me = useMe();
  const projects = useProjects();
  // The tab is in the address, so a link (the inbox's, for one) can open the one it means.
  const [params, setParams] = useSearchParams();
  // A link to a project (the inbox's) opens the tab it is in now, which its start or end may have changed.
  const linked = projects.data?.find((p) => String(p.pid) === params.get('pid'));
  const asked = params.get('tab') ?? (linked ? String(linked.state) : '1');
  const tab = ['1', '2', '3', ...(me.data ? ['history'] : [])].includes(asked) ? asked : '1';
  const setTab = (value: string) => setParams({ tab: value }, { replace: true });
  const [noteOpen, setNoteOpen] = useState(false);
  const [staking, setStaking] = useState<{ project: Project; rid: number } | null>(null);
  const [success, setSuccess] = useState<{ project: Project; pool: RewardPool; amount: string } | null>(null);
  const [redeeming, setRedeeming] = useState<{ project: Project; pool: RewardPool; stat: UserPoolStat } | null>(null);
  const [eligibility, setEligibility] = useState<{ project: Project; rid: number } | null>(null);
  const [statement, setStatement] = useState<{ rid: number; hour: number } | null>(null);
  const { requireLogin } = useAuthGate();
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const shown = useMemo(() => projectsInState(projects.data ?? [], Number(tab) as ProjectState), [projects.data, tab]);
  // The cards are drawn from a deferred copy: new ones in the background, in short slices, while the
  // page keeps answering; and not again when anything else on the page changes.
  const projectsFailure = readFailure(projects);
  const shownProjects = useDeferredValue(projects.isPending ? undefined : shown);
  const stake = useCallback(
    (project: Project, rid: number) =>
      requireLogin(() =>
        // On a phone the stake form is a page with a fixed bottom bar (spec); on desktop a modal.
        isMobile ? navigate(`/launchpool/stake?pid=${project.pid}&rid=${rid}`) : setStaking({ project, rid }),
      ),
    [requireLogin, isMobile, navigate],
  );
  const redeem = useCallback(
    (project: Project, pool: RewardPool, stat: UserPoolStat) => setRedeeming({ project, pool, stat }),
    [],
  );
  const checkEligibility = useCallback(
    (project: Project, pool: RewardPool) => setEligibility({ project, rid: pool.rid }),
    [],
  );
  return (
    <Stack maw={1100} mx="auto">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {t('launch.title')}
          </Title>
          <Text c="dimmed">{words('launch.subtitle')}</Text>
        </div>
        <Anchor component="button" onClick={() => setNoteOpen(true)}>
          {t('launch.note.title')}
        </Anchor>
      </Group>
      <Tabs value={tab} onChange={(v) => setTab(v ?? '1')}>
        {/* One line on a phone too (the theme's tabs). */}
        <Tabs.List>
          {TABS.map((x) => (
            <Tabs.Tab key={x.value} value={x.value}>
              {t(x.label)}
            </Tabs.Tab>
          ))}
          {me.data && <Tabs.Tab value="history">{t('earn.history.title')}</Tabs.Tab>}
        </Tabs.List>
      </Tabs>
      {/* A link to a project that is not (or no longer) listed, as an old inbox message's, says so. */}
      {projects.data && params.get('pid') !== null && !linked && (
        <Alert color="yellow" data-testid="no-project">
          {t('launch.noProject')}
        </Alert>
      )}
      {tab === 'history' ? (
        <HistoryTab onFailed={() => setTab('1')} />
      ) : (
        <>
          <ProjectList
            projects={shownProjects}
            linkedPid={linked?.pid ?? null}
            onStake={stake}
            onRedeem={redeem}
            onEligibility={checkEligibility}
            onStatement={setStatement}
          />
          {/* No projects: why (a read that failed, with a retry) or that the tab has none. */}
          {(shownProjects !== undefined || Boolean(projectsFailure)) && (
            <ListStatus
              count={shownProjects?.length ?? 0}
              error={projectsFailure}
              onRetry={() => void projects.refetch()}
            />
          )}
        </>
      )}
      <StakeModal
        project={staking?.project ?? null}
        rid={staking?.rid ?? null}
        onClose={() => setStaking(null)}
        onStaked={(r) => {
          setStaking(null);
          setSuccess(r);
        }}
      />
      <StakeSuccessModal result={success} onClose={() => setSuccess(null)} />
      <EarlyRedeemModal target={redeeming} onClose={() => setRedeeming(null)} />
      <HourStatementDialog target={statement} onClose={() => setStatement(null)} />
      <EligibilityModal
        target={eligibility ? { ...eligibility, source: 'eligibility' } : null}
        onClose={() => setEligibility(null)}
      />
      <LaunchNoteDialog opened={noteOpen} onClose={() => setNoteOpen(false)} />
    </Stack>
  );
}

/** The tab's projects, a card each; skeletons while they load. */
const ProjectList = memo(function ProjectList({
  projects,
  linkedPid,
  onStake,
  onRedeem,
  onEligibility,
  onStatement,
}: {
  projects: Project[] | undefined;
  /** The project a link (the inbox's) names: shown marked, and scrolled to. */
  linkedPid: number | null;
  onStake(project: Project, rid: number): void;
  onRedeem(project: Project, pool: RewardPool, stat: UserPoolStat): void;
  onEligibility(project: Project, pool: RewardPool): void;
  onStatement(target: { rid: number; hour: number }): void;
}) {
  if (!projects) return <LoadingBlock rows={5} height={44} />;
  return projects.map((project) => (
    <ProjectCard
      key={project.pid}
      project={project}
      linked={project.pid === linkedPid}
      onStake={(rid) => onStake(project, rid)}
      onRedeem={(pool, stat) => onRedeem(project, pool, stat)}
      onEligibility={(pool) => onEligibility(project, pool)}
      onStatement={onStatement}
    />
  ));
});

/** The history tab; if its code cannot be fetched the user is told and taken back to the projects. */
function HistoryTab({ onFailed }: { onFailed(): void }) {
  const { arrived } = useArrived(history);
  const History = history.loaded;
  if (arrived && History) return <History />;
  return <EarlyPart part={history} props={{}} fallback={<LoadingBlock rows={5} height={44} />} onFailed={onFailed} />;
}

function useCountdown(targetSec: number): string {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => serverNow());
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, targetSec * 1000 - now);
  const d = Math.floor(left / 86_400_000);
  const h = Math.floor((left % 86_400_000) / 3_600_000);
  const m = Math.floor((left % 3_600_000) / 60_000);
  const s = Math.floor((left % 60_000) / 1000);
  return `${d}${t('launch.days')} ${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

function ProjectCard({
  project,
  linked,
  onStake,
  onRedeem,
  onEligibility,
  onStatement,
}: {
  project: Project;
  linked: boolean;
  onStake(rid: number): void;
  onRedeem(pool: RewardPool, stat: UserPoolStat): void;
  onEligibility(pool: RewardPool): void;
  onStatement(target: { rid: number; hour: number }): void;
}) {
  const { t } = useTranslation();
  // A project a link names is brought into view once, when its card is first drawn.
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (linked) card.current?.scrollIntoView({ block: 'start' });
  }, [linked]);
  const { isUS, words } = useLaunchWords();
  const fmt = useFormat();
  const me = useMe();
  const stats = useUserProjectStats(project.pid, Boolean(me.data));
  const countdown = useCountdown(project.state === 2 ? project.start_timest : project.end_timest);
  const elapsed = projectElapsedPercent(serverNow(), project.start_timest * 1000, project.end_timest * 1000);
  const isMobile = useIsMobile();
  // The last settled hour of the project (its statement opens from "Last hour", "Final hour" once it
  // ended), if one has ended.
  const settledUntil = Math.min(floorHour(serverNow()), project.end_timest * 1000);
  const lastHour = me.data && settledUntil > project.start_timest * 1000 ? settledUntil / 1000 - 3600 : null;
  // An ended project's figures are as they stood at its end, and its APR is labelled so.
  const ended = project.state === 3;
  const columns = [
    { key: 'pool', title: t('launch.pool') },
    // An ended project's stakes are back with their holders: its figures are those at its end.
    { key: 'staked', title: words(ended ? 'launch.totalStakedEnd' : 'launch.totalStaked') },
    { key: 'apr', title: isUS ? t('launch.rate') : ended ? t('launch.finalApr') : t('earn.estApr') },
    { key: 'mine', title: words('launch.myStake') },
    { key: 'rewards', title: t('launch.rewards') },
    { key: 'actions', title: t('assets.actions') },
  ] as const;
  // Each pool's cells, laid out as a table row on desktop and as a card on phones.
  const names = poolNames(project.reward_pools, t('launch.newcomers'));
  const rows = project.reward_pools
    .filter((p) => !isMultiMiningPool(p.reward_pool_type))
    .map((pool) => {
      const mine = stats.data?.find((s) => s.rid === pool.rid);
      // Only while the project runs: before its start no stake has earned anything yet.
      const lessThanHour = project.state === 1 && mine && new Decimal(mine.valid_amount).lt(mine.amount);
      const rate = new Decimal(pool.rate_year).gt(0) ? fmt.rate(pool.rate_year) : '--';
      const cells: Record<(typeof columns)[number]['key'], ReactNode> = {
        pool: (
          <Group gap={6}>
            <Text fw={600}>
              {pool.coin}
              {names.get(pool.rid)?.place ? ` #${names.get(pool.rid)?.place}` : ''}
            </Text>
            {pool.limit_rule > 0 && (
              <Badge size="xs" color="pink">
                {t('launch.newcomers')}
              </Badge>
            )}
            {pool.vip_config && (
              <Badge size="xs" color="yellow" data-testid={`vip-pool-${pool.rid}`}>
                VIP
              </Badge>
            )}
            {pool.transaction_config.length > 0 && (
              <Anchor component="button" size="xs" onClick={() => onEligibility(pool)}>
                {t('launch.eligibility')}
              </Anchor>
            )}
          </Group>
        ),
        staked: (
          <>
            <Text size="sm">
              {fmt.abbreviate(pool.total_staked)} {pool.coin}
            </Text>
            <Text size="xs" c="dimmed">
              {t('launch.peak')} {fmt.abbreviate(pool.peak_staked)} ·{' '}
              {t(ended ? 'launch.avgFinalHour' : 'launch.avgLastHour')} {fmt.abbreviate(pool.avg_staked_last_hour)}{' '}
              {pool.coin}
            </Text>
          </>
        ),
        apr: (
          <Group gap={4} justify={isMobile ? 'flex-end' : undefined} wrap="nowrap">
            <Text size="sm" fw={isUS ? undefined : 600} c={isUS ? undefined : 'teal'}>
              {rate}
            </Text>
            <InfoPopup>
              {isUS ? t('launch.usRateTip') : t(ended ? 'launch.finalAprTip' : 'launch.aprTip', { coin: project.coin })}
            </InfoPopup>
          </Group>
        ),
        mine: (
          <>
            <Text size="sm" data-testid={`my-stake-${pool.coin}`}>
              {fmt.amount(mine?.amount ?? '0')} {pool.coin}
            </Text>
            {/* An ended project has given every stake back: the reader's 0 beside the total at its end says why. */}
            {ended && mine && (
              <Text size="xs" c="dimmed" data-testid={`returned-${pool.rid}`}>
                {words('launch.returnedAtEnd')}
              </Text>
            )}
            {/* Narrow, so the note wraps under the stake instead of widening its column over the others. */}
            {lessThanHour && (
              <Text size="xs" c="orange" maw={200} ml={isMobile ? 'auto' : undefined}>
                {words('launch.lessThanHour')}
              </Text>
            )}
          </>
        ),
        rewards: (
          <>
            <Text size="sm" data-testid={`rewards-${pool.coin}`}>
              {fmt.amount(mine?.lastRewardAmount ?? '0')} {project.coin}
            </Text>
            {lastHour === null ? (
              <Text size="xs" c="dimmed">
                {t(ended ? 'launch.finalHour' : 'launch.lastHour')} {fmt.amount(mine?.lastHourRewardAmount ?? '0')}{' '}
                {project.coin}
              </Text>
            ) : (
              <Anchor
                component="button"
                size="xs"
                onClick={() => onStatement({ rid: pool.rid, hour: lastHour })}
                data-testid={`last-hour-${pool.coin}`}
              >
                {t(ended ? 'launch.finalHour' : 'launch.lastHour')} {fmt.amount(mine?.lastHourRewardAmount ?? '0')}{' '}
                {project.coin}
              </Anchor>
            )}
          </>
        ),
        actions: (
          <Group gap="xs" justify={isMobile ? undefined : 'flex-end'} wrap="nowrap" grow={isMobile}>
            {project.state !== 3 && (
              <Button
                size={isMobile ? 'sm' : 'compact-sm'}
                onClick={() => onStake(pool.rid)}
                data-testid={`stake-${project.coin}-${pool.coin}`}
              >
                {words('launch.stake')}
              </Button>
            )}
            {mine && new Decimal(mine.amount).gt(0) && project.state !== 3 && (
              <Button
                size={isMobile ? 'sm' : 'compact-sm'}
                variant="default"
                onClick={() => onRedeem(pool, mine)}
                data-testid={`redeem-${pool.coin}`}
              >
                {t('earn.redeem.button')}
              </Button>
            )}
          </Group>
        ),
      };
      return { pool, cells };
    });
  return (
    <Card
      ref={card}
      withBorder
      padding="lg"
      data-testid={`project-${project.coin}`}
      data-linked={linked || undefined}
      className={linked ? classes.linked : undefined}
    >
      <Group justify="space-between">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <CoinIcon symbol={project.coin} icon={project.icon} size={36} />
          <div style={{ minWidth: 0 }}>
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {/* Isolated: an operator's name in another script (or with a direction mark) cannot turn the coin around. */}
              <bdi>{project.name}</bdi> ({project.coin})
            </Text>
            <Text size="xs" c="dimmed">
              {fmt.dateTime(project.start_timest * 1000)} – {fmt.dateTime(project.end_timest * 1000)}
            </Text>
          </div>
        </Group>
        {project.state !== 3 && (
          <Badge variant="light" size="lg">
            {t(project.state === 2 ? 'launch.startsIn' : 'launch.endsIn')} {countdown}
          </Badge>
        )}
      </Group>
      <Group mt="sm" gap="lg">
        <Text size="sm" data-testid={`total-rewards-${project.coin}`}>
          <Text span c="dimmed">
            {t('launch.totalRewards')}
          </Text>{' '}
          {fmt.amount(projectTotalReward(project.reward_pools))} {project.coin}
        </Text>
        <Text size="sm" c="dimmed">
          {t('launch.elapsed', { percent: Math.floor(elapsed) })}
        </Text>
      </Group>
      <Progress value={elapsed} size="sm" mt={6} aria-label={t('launch.elapsed', { percent: Math.floor(elapsed) })} />
      {isMobile ? (
        <Stack gap="xs" mt="md">
          {rows.map(({ pool, cells }) => (
            <Paper key={pool.rid} withBorder p="sm" data-testid={`pool-${project.coin}-${pool.coin}`}>
              <Stack gap={6}>
                {cells.pool}
                {columns.slice(1, -1).map((c) => (
                  <Group key={c.key} justify="space-between" align="flex-start" wrap="nowrap">
                    <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {c.title}
                    </Text>
                    <div style={{ textAlign: 'right' }}>{cells[c.key]}</div>
                  </Group>
                ))}
                {cells.actions}
              </Stack>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table verticalSpacing="sm" mt="md">
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key} ta={c.key === 'actions' ? 'right' : undefined} style={{ whiteSpace: 'nowrap' }}>
                  {c.title}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(({ pool, cells }) => (
              <Table.Tr key={pool.rid} data-testid={`pool-${project.coin}-${pool.coin}`}>
                {columns.map((c) => (
                  <Table.Td key={c.key} ta={c.key === 'actions' ? 'right' : undefined}>
                    {cells[c.key]}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Stack gap={0} mt="xs">
        {project.reward_pools.map((p) => (
          <Text key={p.rid} size="xs" c="dimmed">
            {t('launch.poolSummary', {
              pool: names.get(p.rid)?.name ?? p.coin,
              reward: fmt.abbreviate(p.total_reward),
              rewardCoin: project.coin,
              cap:
                p.buy_total_amount === UNLIMITED
                  ? words('launch.poolNoCap')
                  : words('launch.poolCap', { amount: fmt.abbreviate(p.buy_total_amount), pool: p.coin }),
            })}
          </Text>
        ))}
      </Stack>
    </Card>
  );
}
