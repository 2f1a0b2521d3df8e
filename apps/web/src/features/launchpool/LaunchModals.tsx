import { Decimal, isMultiMiningPool, isUnifiedAccount, parseAmount } from '@earn/domain';
import { Alert, Anchor, Button, Group, List, Stack, Stepper, Tabs, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe, useSiteLinks } from '../../api/account.js';
import {
  type Project,
  type RewardPool,
  type UserPoolStat,
  useEarnMore,
  useRedeemStake,
  useUserProjectStats,
  useUserStat,
} from '../../api/launchpool.js';
import { CancelButton } from '../../components/CancelButton.js';
import { DecimalInput } from '../../components/DecimalInput.js';
import { Dialog } from '../../components/Dialog.js';
import { ResponsiveModal } from '../../components/ResponsiveModal.js';
import { usdtPair } from '../../lib/exchange-pairs.js';
import { notifyError, notifySuccess } from '../../lib/notify.js';
import { useFormat } from '../../lib/use-format.js';
import { useLaunchWords } from './use-launch-words.js';

/** After a stake: the amount, the candy-drop 'earn more' section (not for US), and the transaction-limit alert. */
export function StakeSuccessModal({
  result,
  onClose,
}: {
  result: { project: Project; pool: RewardPool; amount: string } | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { isUS, words } = useLaunchWords();
  const fmt = useFormat();
  const userStat = useUserStat(result !== null);
  const earnMore = useEarnMore(result?.pool.coin ?? '', result !== null && !isUS);
  const firstTier = result?.pool.transaction_config[0];
  const belowTier =
    firstTier &&
    userStat.data &&
    new Decimal(userStat.data.user_60_day_transaction_amount).lt(firstTier.transaction_amount);
  return (
    <Dialog opened={result !== null} onClose={onClose} title={words('launch.staked')} centered>
      {result && (
        <Stack>
          <Text data-testid="stake-success-amount">
            {fmt.amount(result.amount)} {result.pool.coin}
          </Text>
          {belowTier && (
            <Alert color="yellow">
              {words('launch.limitAlert', { amount: fmt.amount(firstTier.transaction_amount) })}
            </Alert>
          )}
          {!isUS && (earnMore.data?.list.length ?? 0) > 0 && (
            <Stack gap={4}>
              <Text fw={600}>{t('launch.earnMore')}</Text>
              {earnMore.data?.list.map((item) => (
                <Anchor key={item.type} href={item.link}>
                  {t('launch.earnMoreItem', { coin: item.coin, rate: fmt.rate(item.rate_year) })}
                </Anchor>
              ))}
            </Stack>
          )}
          <Group grow>
            {!isUS && earnMore.data?.candydrop_url && (
              <Button component="a" href={earnMore.data.candydrop_url} variant="default" data-testid="go-to-candy">
                {t('launch.goToCandy')}
              </Button>
            )}
            <Button onClick={onClose}>{t('finances.gotIt')}</Button>
          </Group>
        </Stack>
      )}
    </Dialog>
  );
}

/** 'early redeem': principal back to the trading wallet before the project ends. */
export function EarlyRedeemModal({
  target,
  onClose,
}: {
  target: { project: Project; pool: RewardPool; stat: UserPoolStat } | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const redeem = useRedeemStake();
  const me = useMe();
  const [amount, setAmount] = useState('');
  // The stake as last read (a refusal re-reads it), not the copy taken when the dialog opened.
  const stats = useUserProjectStats(target?.project.pid ?? 0, target !== null);
  const stat = stats.data?.find((s) => s.rid === target?.pool.rid) ?? target?.stat;
  const staked = stat?.amount ?? '0';
  const close = () => {
    setAmount('');
    onClose();
  };
  const parsed = amount === '' ? null : parseAmount('amount', amount, { maxDecimals: target?.pool.decimal_place ?? 8 });
  const tooMuch = parsed?.ok && parsed.value.gt(staked);
  const submit = useDebouncedCallback(
    () => {
      if (!target || !parsed?.ok || tooMuch) return;
      redeem.mutate(
        { pid: target.project.pid, rid: target.pool.rid, amount },
        {
          onSuccess: (r) => {
            notifySuccess(t('launch.redeemed', { amount: fmt.amount(r.amount), coin: target.pool.coin }));
            close();
          },
          onError: (e) => notifyError(e, 'error'),
        },
      );
    },
    { delay: 200, leading: true },
  );
  return (
    <ResponsiveModal opened={target !== null} onClose={close} title={t('launch.earlyRedeem')} size="sm">
      <Stack>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('launch.redeemable')}
          </Text>
          <Text size="sm">
            {fmt.amount(staked)} {target?.pool.coin}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('launch.lastHourReward')}
          </Text>
          <Text size="sm">
            {fmt.amount(stat?.lastHourRewardAmount ?? '0')} {target?.project.coin}
          </Text>
        </Group>
        <DecimalInput
          label={t('earn.redeem.amount')}
          precision={target?.pool.decimal_place ?? 8}
          value={amount}
          onChange={setAmount}
          error={
            tooMuch
              ? t('redeem.number.maxLimit', { amount: fmt.amount(staked), coin: target?.pool.coin ?? '' })
              : undefined
          }
          data-testid="early-redeem-amount"
          rightSectionWidth={64}
          rightSection={
            <Button variant="subtle" size="compact-xs" onClick={() => setAmount(staked)}>
              {t('common.max')}
            </Button>
          }
        />
        <Text size="xs" c="dimmed" data-testid="early-redeem-note">
          {t('launch.redeem.note', {
            wallet: t(isUnifiedAccount(me.data?.mode ?? 'classic') ? 'value.unified' : 'value.spot'),
            coin: target?.project.coin ?? '',
          })}
        </Text>
        <Group grow>
          <CancelButton onCancel={close} />
          <Button
            onClick={submit}
            disabled={!parsed?.ok || Boolean(tooMuch)}
            loading={redeem.isPending}
            data-testid="early-redeem-confirm"
          >
            {t('common.confirm')}
          </Button>
        </Group>
      </Stack>
    </ResponsiveModal>
  );
}

/** Where the eligibility modal was opened: the pool's eligibility link, or the stake form's cap. */
export type EligibilitySource = 'eligibility' | 'cap';

/**
 * Eligibility and staking cap (transaction config): one tab per reward pool, each with the step list
 * of 60-day volume tiers T1..Tn and the cap each unlocks. Opened from the cap, it also says how much
 * more volume reaches the next tier.
 */
export function EligibilityModal({
  target,
  onClose,
}: {
  target: { project: Project; rid: number; source: EligibilitySource } | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const userStat = useUserStat(target !== null);
  const pools = target?.project.reward_pools.filter((p) => !isMultiMiningPool(p.reward_pool_type)) ?? [];
  const [rid, setRid] = useState<number | null>(null);
  const shown = pools.find((p) => p.rid === (rid ?? target?.rid)) ?? pools[0];
  const volume = new Decimal(userStat.data?.user_60_day_transaction_amount ?? '0');
  const exchange = useSiteLinks().data?.exchange_url ?? null;
  return (
    <Dialog
      opened={target !== null}
      onClose={() => {
        setRid(null);
        onClose();
      }}
      title={t(target?.source === 'cap' ? 'launch.raiseCap' : 'launch.eligibility')}
      centered
      size="lg"
    >
      {target && shown && (
        <Stack data-testid={`eligibility-${target.source}`}>
          <Tabs value={String(shown.rid)} onChange={(v) => setRid(Number(v))}>
            <Tabs.List>
              {pools.map((p) => (
                <Tabs.Tab key={p.rid} value={String(p.rid)}>
                  {p.coin}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
          <PoolTiers pool={shown} volume={volume} showNext={target.source === 'cap' && userStat.isSuccess} />
          {/* Futures and spot trading are the exchange's pages, in the pool's coin: offered only where the
              operator says they are. */}
          {exchange && (
            <Group grow>
              <Button component="a" href={`${exchange}/futures/USDT/${usdtPair(shown.coin)}`} variant="default">
                {t('launch.futures')}
              </Button>
              <Button component="a" href={`${exchange}/trade/${usdtPair(shown.coin)}`}>
                {t('launch.trade')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Dialog>
  );
}

function PoolTiers({ pool, volume, showNext }: { pool: RewardPool; volume: Decimal; showNext: boolean }) {
  const { t } = useTranslation();
  const { words } = useLaunchWords();
  const fmt = useFormat();
  const tiers = pool.transaction_config;
  if (tiers.length === 0) return <Text size="sm">{words('launch.noVolumeRule', { coin: pool.coin })}</Text>;
  const reached = tiers.filter((tier) => volume.gte(tier.transaction_amount)).length;
  const next = tiers[reached];
  return (
    <Stack>
      <Text size="sm">{t('launch.yourVolume', { amount: fmt.amount(volume, 2) })}</Text>
      {showNext && (
        <Alert color={next ? 'blue' : 'teal'} variant="light">
          {next
            ? words('launch.nextTier', {
                amount: fmt.amount(new Decimal(next.transaction_amount).minus(volume), 2),
                tier: `T${reached + 1}`,
                cap: fmt.amount(next.mortgage_limit),
                coin: pool.coin,
              })
            : t('launch.topTier')}
        </Alert>
      )}
      <Stepper active={reached} orientation="vertical" size="sm">
        {tiers.map((tier, i) => (
          <Stepper.Step
            key={tier.transaction_amount}
            label={`T${i + 1}`}
            description={words('launch.tier', {
              volume: fmt.amount(tier.transaction_amount),
              cap: fmt.amount(tier.mortgage_limit),
              coin: pool.coin,
            })}
          />
        ))}
      </Stepper>
    </Stack>
  );
}

/** The launch pool's notes for participants, numbered. */
export function LaunchNoteDialog({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { words } = useLaunchWords();
  return (
    <Dialog opened={opened} onClose={onClose} title={t('launch.note.title')} centered>
      <List type="ordered" spacing="xs" size="sm">
        {[1, 2, 3, 4, 5].map((i) => (
          <List.Item key={i}>{words(`launch.note.${i}`)}</List.Item>
        ))}
      </List>
    </Dialog>
  );
}
