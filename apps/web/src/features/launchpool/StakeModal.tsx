import {
  checkStake,
  Decimal,
  type EarnOption,
  earnChoicePayload,
  estimatedStakeReward,
  FixedProductType,
  isMultiMiningPool,
  isUnifiedAccount,
  maxStake,
  redemptionSelector,
  remainingQuota,
  shouldAutoApplyMax,
  storedChoice,
  UNLIMITED,
} from '@earn/domain';
import { Alert, Anchor, Badge, Box, Button, Group, Paper, SegmentedControl, Stack, Tabs, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/account.js';
import { serverNow } from '../../api/client.js';
import { useFixedProducts } from '../../api/fixed-earn.js';
import {
  type Project,
  type RewardPool,
  useCheckPoolRule,
  useCreateOrder,
  useStakeAvailable,
  useUserProjectStats,
} from '../../api/launchpool.js';
import { useStakingProducts } from '../../api/staking.js';
import { AddFundsModal } from '../../components/AddFundsModal.js';
import { DecimalInput } from '../../components/DecimalInput.js';
import { InfoPopup } from '../../components/InfoPopup.js';
import { ResponsiveModal } from '../../components/ResponsiveModal.js';
import { track } from '../../lib/analytics.js';
import { clearDialogRefusal, notifyError, refusalText } from '../../lib/notify.js';
import { useFormat } from '../../lib/use-format.js';
import { EligibilityModal } from './LaunchModals.js';
import { useLaunchWords } from './use-launch-words.js';

/** Stake Max click debounce (spec: 200 ms). */
const MAX_DEBOUNCE_MS = 200;
const NO_CAP = '999999999999';

export function StakeModal({
  project,
  rid,
  onClose,
  onStaked,
}: {
  project: Project | null;
  rid: number | null;
  onClose(): void;
  onStaked(result: { project: Project; pool: RewardPool; amount: string }): void;
}) {
  const { words } = useLaunchWords();
  return (
    <ResponsiveModal
      opened={project !== null}
      onClose={onClose}
      title={words('launch.stakeTitle', { coin: project?.coin ?? '' })}
      size="lg"
    >
      {project && <StakeForm project={project} initialRid={rid} onStaked={onStaked} />}
    </ResponsiveModal>
  );
}

export function StakeForm({
  project,
  initialRid,
  onStaked,
  fixedBar = false,
}: {
  project: Project;
  initialRid: number | null;
  onStaked(r: { project: Project; pool: RewardPool; amount: string }): void;
  /** On the mobile page the confirm button sits in a bar fixed to the bottom of the screen. */
  fixedBar?: boolean;
}) {
  const { t } = useTranslation();
  // Multi-mining pools (reward_pool_type 1) are kept out of the tabs.
  const pools = project.reward_pools.filter((p) => !isMultiMiningPool(p.reward_pool_type));
  const [rid, setRid] = useState(initialRid ?? pools[0]?.rid ?? 0);
  const pool = pools.find((p) => p.rid === rid) ?? pools[0];
  if (!pool) return <Text c="dimmed">{t('common.noData')}</Text>;
  return (
    <Stack>
      <Tabs
        value={String(pool.rid)}
        onChange={(v) => {
          // Another pool is another stake: what the last one was refused for no longer stands.
          clearDialogRefusal();
          setRid(Number(v));
        }}
      >
        <Tabs.List>
          {pools.map((p) => (
            <Tabs.Tab
              key={p.rid}
              value={String(p.rid)}
              rightSection={
                p.limit_rule > 0 ? (
                  <Badge size="xs" color="pink">
                    {t('launch.newcomers')}
                  </Badge>
                ) : undefined
              }
            >
              {p.coin}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {/* A new pool resets the amount and re-derives the selector. */}
      <PoolForm key={pool.rid} project={project} pool={pool} onStaked={onStaked} fixedBar={fixedBar} />
    </Stack>
  );
}

function PoolForm({
  project,
  pool,
  onStaked,
  fixedBar,
}: {
  project: Project;
  pool: RewardPool;
  onStaked(r: { project: Project; pool: RewardPool; amount: string }): void;
  fixedBar: boolean;
}) {
  const { t } = useTranslation();
  const { isUS, words } = useLaunchWords();
  const fmt = useFormat();
  const me = useMe();
  const { available: avail, ready: balanceReady } = useStakeAvailable(pool.coin, me.data ?? undefined);
  const unified = isUnifiedAccount(me.data?.mode ?? 'classic');
  const [addFunds, setAddFunds] = useState(false);
  const [capOpen, setCapOpen] = useState(false);
  const stats = useUserProjectStats(project.pid, Boolean(me.data));
  const checkRule = useCheckPoolRule();
  const createOrder = useCreateOrder();
  // Where the user's stake in the pool goes at the end already: one choice for the whole stake.
  const held = stats.data?.find((s) => s.rid === pool.rid);
  const heldChoice =
    held && new Decimal(held.amount).gt(0)
      ? storedChoice(held.simpleEarnStatus, held.simpleEarnPeriod || null)
      : undefined;
  const selector = redemptionSelector(pool, heldChoice);
  const fixedProducts = useFixedProducts(0);
  const stakingProducts = useStakingProducts(pool.coin, 1, 20);
  // The user's pick, else where the selector starts (which follows the stake once it is read).
  const [picked, setPicked] = useState<EarnOption | null>(null);
  const choice = picked ?? selector.initial;
  const [amount, setAmount] = useState('');
  // Max is applied by itself once, and never over what the user has typed meanwhile.
  const autoApplied = useRef(false);
  const typeAmount = (typed: string) => {
    autoApplied.current = true;
    setAmount(typed);
  };

  // Said while this pool is shown: another pool's tab takes it away.
  useEffect(() => {
    if (!selector.showTip3) return;
    const id = notifications.show({ color: 'blue', message: t('launch.earn.tip3') });
    return () => {
      notifications.hide(id);
    };
  }, [selector.showTip3, t]);

  const staked = held?.amount ?? '0';
  const cap = pool.personal_max_amount;
  const poolLeft = pool.left_buy_total_amount === UNLIMITED ? NO_CAP : pool.left_buy_total_amount;
  const quota = remainingQuota({ poolLeft, personalMax: cap, staked });
  const max = maxStake(avail, quota.remaining, pool.decimal_place);
  const ready = balanceReady && stats.isSuccess;
  // A new-users pool: the rule check on Stake says so to anyone, but a reader known not to be new
  // is told before typing, and the form is closed to them.
  const newUsersOnly = pool.limit_rule > 0 && me.data?.is_new_user === false;

  useEffect(() => {
    if (!ready || autoApplied.current) return;
    autoApplied.current = true;
    if (!newUsersOnly && shouldAutoApplyMax(avail, pool.personal_min_amount, quota.remaining)) setAmount(max);
  }, [ready, avail, pool.personal_min_amount, quota.remaining, max, newUsersOnly]);

  const check =
    amount === ''
      ? null
      : checkStake(amount, {
          min: pool.personal_min_amount,
          personalMax: cap,
          staked,
          available: avail,
          coin: pool.coin,
        });
  const error =
    check && !check.ok ? refusalText(check.key, check.params, { context: isUS ? 'us' : undefined }) : undefined;
  const estimate = estimatedStakeReward(check?.ok ? check.value : '0', pool, staked);
  const inPool = new Decimal(staked).gt(0);
  const canConfirm =
    amount !== '' && !error && !quota.usedUp && !newUsersOnly && !createOrder.isPending && !checkRule.isPending;
  const isVipQuota = pool.vip_config !== null && (me.data?.tier ?? 0) >= pool.vip_config.min_tier;
  const startsLater = project.start_timest * 1000 > serverNow();
  const onMax = useDebouncedCallback(() => setAmount(max), { delay: MAX_DEBOUNCE_MS, leading: true });

  const confirm = async () => {
    if (!check?.ok) return;
    if (pool.limit_rule > 0) {
      try {
        await checkRule.mutateAsync({ pid: project.pid, rid: pool.rid });
      } catch (e) {
        notifyError(e);
        return;
      }
    }
    createOrder.mutate(
      { pid: project.pid, rid: pool.rid, amount, ...earnChoicePayload(choice, pool) },
      {
        onSuccess: (r) => {
          track('launchpool_stake_result', { result: 'success', pid: project.pid, rid: pool.rid });
          onStaked({ project, pool, amount: r.amount });
        },
        onError: (e) => {
          track('launchpool_stake_result', { result: 'fail', pid: project.pid, rid: pool.rid, reason: e.message });
          notifyError(e, 'error');
        },
      },
    );
  };

  const confirmButton = (
    <Button
      size="md"
      fullWidth
      disabled={!canConfirm}
      loading={createOrder.isPending || checkRule.isPending}
      onClick={confirm}
      data-testid="stake-confirm"
    >
      {quota.usedUp ? t('finances.startupMining.usedUp') : words('launch.stake')}
    </Button>
  );
  const labels: Record<EarnOption, string> = {
    fixed: t('launch.earn.fixed'),
    flexible: t('launch.earn.flexible'),
    staking: pool.coin === 'USDT' ? t('launch.earn.gusd') : t('launch.earn.staking'),
    spot: t(unified ? 'launch.earn.unified' : 'launch.earn.spot'),
  };
  // A fixed choice needs a normal product of its term on sale at the end (else it goes into
  // flexible), a staking choice a staking product of the coin (else it stays in the wallet): say so.
  const fixedTerm = selector.options.find((o) => o.value === 'fixed')?.termDays;
  const noFixedTerm =
    choice === 'fixed' &&
    fixedProducts.data !== undefined &&
    !fixedProducts.data.some(
      (p) =>
        p.asset === pool.coin &&
        p.lock_up_period === fixedTerm &&
        p.type === FixedProductType.normal &&
        p.sale_status === 1,
    );
  const noStaking =
    choice === 'staking' &&
    stakingProducts.data !== undefined &&
    !stakingProducts.data.list.some((p) => p.mortgage_coin === pool.coin && p.sale_open === 1);
  const releaseNotice = noFixedTerm
    ? t('launch.earn.noFixedTerm', { days: fixedTerm, coin: pool.coin })
    : noStaking
      ? t('launch.earn.noStaking', { coin: pool.coin })
      : null;
  return (
    <Stack>
      {newUsersOnly && (
        <Alert color="yellow" variant="light" data-testid="new-users-only">
          {t('launch.newUserOnly')}
        </Alert>
      )}
      {startsLater && !isUS && (
        <Alert color="blue" variant="light">
          {t('mining.interest_starts', { time: fmt.dateTime(project.start_timest * 1000) })}
        </Alert>
      )}
      <DecimalInput
        label={words('launch.stakeAmount')}
        precision={pool.decimal_place}
        value={amount}
        onChange={typeAmount}
        disabled={quota.remaining.lte(0) || newUsersOnly}
        error={error}
        data-testid="stake-amount"
        rightSectionWidth={64}
        rightSection={
          <Button variant="subtle" size="compact-xs" onClick={onMax} disabled={newUsersOnly} data-testid="stake-max">
            {t('common.max')}
          </Button>
        }
      />
      <Stack gap={4}>
        <Row
          label={
            <Group gap={4}>
              <Text size="sm" c="dimmed">
                {t('common.available')}
              </Text>
              <InfoPopup>
                {t(unified ? 'launch.availableTipUnified' : 'launch.availableTip', { coin: pool.coin })}
              </InfoPopup>
            </Group>
          }
          value={
            <Group gap={6} justify="flex-end">
              <Text size="sm" data-testid="stake-available">
                {fmt.amount(avail)} {pool.coin}
              </Text>
              <Anchor component="button" size="sm" onClick={() => setAddFunds(true)} data-testid="stake-add-funds">
                {t('assets.addFunds')}
              </Anchor>
            </Group>
          }
        />
        <Row label={t('launch.minimum')} value={`${fmt.amount(pool.personal_min_amount)} ${pool.coin}`} />
        <Row
          label={t('launch.remainingQuota')}
          value={
            <Group gap={4} justify="flex-end">
              <Text size="sm" data-testid="remaining-quota">
                {pool.left_buy_total_amount === UNLIMITED && cap === UNLIMITED
                  ? t('launch.unlimited')
                  : `${fmt.amount(Decimal.max(quota.remaining, 0))} ${pool.coin}`}
              </Text>
              {isVipQuota && (
                <Badge size="xs" color="yellow">
                  VIP
                </Badge>
              )}
              {pool.transaction_config.length > 0 && (
                <Anchor component="button" size="sm" onClick={() => setCapOpen(true)} data-testid="stake-raise-cap">
                  {t('launch.raiseCap')}
                </Anchor>
              )}
            </Group>
          }
        />
        <Row label={words('launch.myStake')} value={`${fmt.amount(staked)} ${pool.coin}`} />
        {check?.ok && (
          // With a stake in the pool already, the estimate is what this one adds (nothing, for the
          // pool's only staker): the reward with it in all is said beside it.
          <Row
            label={t(inPool ? 'launch.estRewardExtra' : 'launch.estReward')}
            value={
              <Stack gap={0}>
                <Text size="sm" fw={600} c="teal" data-testid="stake-est-reward">
                  {t('launch.estRewardValue', {
                    hourly: fmt.amount(estimate.hourly),
                    daily: fmt.amount(estimate.daily),
                    coin: project.coin,
                  })}
                </Text>
                {inPool && (
                  <Text size="xs" c="dimmed" data-testid="stake-est-reward-with">
                    {t('launch.estRewardWith', { hourly: fmt.amount(estimate.hourlyWith), coin: project.coin })}
                  </Text>
                )}
              </Stack>
            }
          />
        )}
      </Stack>
      {selector.options.length > 1 && (
        <Stack gap={4}>
          <Text size="sm">{words('launch.earn.title')}</Text>
          <SegmentedControl
            value={choice}
            onChange={(v) => setPicked(v as EarnOption)}
            data={selector.options.map((o) => ({
              value: o.value,
              disabled: o.disabled,
              label:
                o.value === 'fixed'
                  ? `${labels.fixed} ${o.termDays ?? ''}${t('launch.days')}${o.bonusPercent ? ` +${o.bonusPercent}%` : ''}`
                  : labels[o.value],
            }))}
          />
          {releaseNotice && (
            <Alert color="yellow" variant="light" data-testid="release-notice">
              {releaseNotice}
            </Alert>
          )}
          {heldChoice !== undefined && choice !== heldChoice && (
            <Alert color="yellow" variant="light" data-testid="whole-stake-notice">
              {words('launch.earn.wholeStake', { amount: fmt.amount(staked), coin: pool.coin })}
            </Alert>
          )}
        </Stack>
      )}
      <AddFundsModal coin={addFunds ? pool.coin : null} onClose={() => setAddFunds(false)} />
      <EligibilityModal
        target={capOpen ? { project, rid: pool.rid, source: 'cap' } : null}
        onClose={() => setCapOpen(false)}
      />
      {fixedBar ? (
        <Paper
          shadow="md"
          p="sm"
          radius={0}
          style={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: 150 }}
          data-testid="stake-bottom-bar"
        >
          {confirmButton}
        </Paper>
      ) : (
        confirmButton
      )}
    </Stack>
  );
}

/** A label and its value on one line: a long value wraps beside its label, right-aligned, on a phone too. */
function Row({ label, value }: { label: React.ReactNode; value: React.ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
      <Box style={{ flexShrink: 0 }}>
        {typeof label === 'string' ? (
          <Text size="sm" c="dimmed">
            {label}
          </Text>
        ) : (
          label
        )}
      </Box>
      <Box miw={0} ta="right">
        {typeof value === 'string' ? <Text size="sm">{value}</Text> : value}
      </Box>
    </Group>
  );
}
