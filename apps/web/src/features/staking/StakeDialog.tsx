import { checkStakeAmount, Decimal, dailyBonus, dailyReward, isBonusActive, UNLIMITED } from '@earn/domain';
import type { StakingActionResult, StakingProduct } from '@earn/domain/contract';
import { Alert, Anchor, Button, Checkbox, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBalances, useMe } from '../../api/account.js';
import { serverNow } from '../../api/client.js';
import { useStakingAction, useStakingProducts, useStakingUserInfo } from '../../api/staking.js';
import { AmountInput } from '../../components/AmountInput.js';
import { ResponsiveModal } from '../../components/ResponsiveModal.js';
import { notifyError } from '../../lib/notify.js';
import { useFormat } from '../../lib/use-format.js';
import { DetailLine } from './DetailLine.js';
import { StakingBadges } from './ProductBadges.js';
import { ProductInfo } from './ProductInfo.js';

const left = (v: string) => (v === UNLIMITED ? null : new Decimal(v));

/** The stake modal: amount with Max, what can be staked, the caps, the estimated daily reward, the agreement. */
export function StakeDialog({ product, onClose }: { product: StakingProduct | null; onClose(): void }) {
  const { t } = useTranslation();
  const [done, setDone] = useState<StakingActionResult | null>(null);
  const close = () => {
    setDone(null);
    onClose();
  };
  return (
    <ResponsiveModal
      opened={product !== null}
      onClose={close}
      title={product ? t('staking.stakeTitle', { coin: product.mortgage_coin }) : ''}
      size="md"
    >
      {product && !done && <StakeSources product={product} onDone={setDone} />}
      {product && done && <StakeSuccess result={done} onMore={() => setDone(null)} onClose={close} />}
    </ResponsiveModal>
  );
}

/**
 * A coin staked through several sources of return (DeFi protocols, validators) shows them to choose
 * from, each with its APR; the form follows the choice.
 */
function StakeSources({ product, onDone }: { product: StakingProduct; onDone(r: StakingActionResult): void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const list = useStakingProducts(product.mortgage_coin, 1, 20);
  const sources = (list.data?.list ?? []).filter((p) => p.mortgage_coin === product.mortgage_coin);
  const [pid, setPid] = useState(product.pid);
  const chosen = sources.find((p) => p.pid === pid) ?? product;
  return (
    <Stack>
      {sources.length > 1 && (
        <Select
          label={t('staking.source')}
          value={String(chosen.pid)}
          allowDeselect={false}
          onChange={(v) => v && setPid(Number(v))}
          data={sources.map((p) => ({
            value: String(p.pid),
            label: `${p.protocol_name || p.mortgage_coin} · ${fmt.rate(p.most_rate)}`,
          }))}
          data-testid="staking-source"
        />
      )}
      <StakeForm key={chosen.pid} product={chosen} onDone={onDone} />
    </Stack>
  );
}

function StakeForm({ product, onDone }: { product: StakingProduct; onDone(r: StakingActionResult): void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const me = useMe();
  const balances = useBalances(Boolean(me.data));
  const info = useStakingUserInfo(product.mortgage_coin, product.pid, Boolean(me.data));
  const action = useStakingAction();
  const [amount, setAmount] = useState('');
  const [agreed, setAgreed] = useState(false);
  const coin = product.mortgage_coin;
  const row = balances.data?.find((b) => b.asset === coin);
  const available = (me.data?.mode && me.data.mode !== 'classic' ? row?.unified : row?.spot) ?? '0';
  const personalLeft = info.data ? left(info.data.personal_left) : null;
  const check =
    amount === ''
      ? null
      : checkStakeAmount(amount, {
          coin,
          minMortgageAmount: product.min_mortgage_amount,
          available,
          personalLeft,
          crowdLeft: left(product.crowd_left),
        });
  // Spec: nothing at or below 0 shows no message.
  const error =
    check && !check.ok && check.key !== 'staking.amount.required' ? t(check.key, check.params ?? {}) : undefined;
  const value = check?.ok ? check.value : new Decimal(0);
  const discount = info.data?.vip_discount ?? '0';
  const daily = dailyReward({
    holding: value,
    rate: product.rate,
    feeRate: product.fee_rate,
    vipDiscountPercent: discount,
  });
  const dayStart = Math.floor(serverNow() / 86_400_000) * 86_400_000;
  const bonus =
    product.extra_interest && isBonusActive(product.extra_interest, dayStart)
      ? dailyBonus(value, product.extra_interest.interest)
      : new Decimal(0);
  const maxStake = Decimal.max(
    Decimal.min(new Decimal(available), personalLeft ?? available, left(product.crowd_left) ?? available),
    0,
  );
  const canStake = check?.ok === true && agreed && product.sale_open === 1 && !action.isPending;
  const stake = () =>
    check?.ok &&
    action.mutate(
      {
        side: 0,
        amount: check.value.toFixed(),
        coin,
        pid: product.pid,
        ...(me.data?.is_vip ? { src: 1 as const } : {}),
      },
      { onSuccess: onDone, onError: (e) => notifyError(e) },
    );
  return (
    <Stack>
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {product.protocol_name || coin}
          </Text>
          <StakingBadges product={product} />
        </Stack>
        <Stack gap={0} align="flex-end">
          <Text size="xs" c="dimmed">
            {t('staking.apr')}
          </Text>
          <Text fw={700} c="teal" data-testid="stake-apr">
            {fmt.rate(product.rate)}
            {product.most_rate !== product.rate && ` ~ ${fmt.rate(product.most_rate)}`}
          </Text>
        </Stack>
      </Group>
      <AmountInput
        label={t('staking.amount')}
        placeholder={t('staking.minStake', { amount: fmt.amount(product.min_mortgage_amount), coin })}
        precision={8}
        value={amount}
        onChange={setAmount}
        error={error}
        max={maxStake.toFixed()}
        testId="staking-amount"
      />
      <Stack gap={4}>
        <DetailLine
          label={t('common.available')}
          value={`${fmt.amount(available)} ${coin}`}
          testId="staking-available"
        />
        <DetailLine
          label={t('staking.personalCap')}
          value={personalLeft === null ? t('staking.unlimited') : `${fmt.amount(personalLeft)} ${coin}`}
        />
        <DetailLine
          label={t('staking.estDaily')}
          value={`${fmt.amount(daily)} ${product.reward_coin === coin ? coin : `${coin} → ${product.reward_coin}`}`}
          testId="staking-est-daily"
        />
        {bonus.gt(0) && (
          <DetailLine
            label={t('staking.estBonus')}
            value={`${fmt.amount(bonus)} ${product.extra_interest?.reward_coin || coin}`}
          />
        )}
        <DetailLine label={t('staking.firstReward')} value={fmt.dateTime(product.first_reward_time * 1000)} />
        <DetailLine
          label={t('staking.redeemPeriod')}
          value={t(`staking.period.${product.extra.redeem_period}`, periodParams(product))}
        />
      </Stack>
      {product.vip_config && info.data && (
        <Alert color="yellow" variant="light" data-testid="vip-discount">
          {new Decimal(discount).gt(0)
            ? t('staking.vipApplied', { percent: discount })
            : t('staking.vipRange', {
                percent: product.vip_config.vip_sale,
                min: product.vip_config.min_tier,
                max: product.vip_config.max_tier,
              })}
        </Alert>
      )}
      <Checkbox
        checked={agreed}
        onChange={(e) => setAgreed(e.currentTarget.checked)}
        data-testid="staking-agree"
        label={
          <>
            {t('staking.agree')}{' '}
            <Anchor href="/docs/staking_user_agreement.pdf" target="_blank" size="sm">
              {t('staking.agreement')}
            </Anchor>
          </>
        }
      />
      <Button size="md" disabled={!canStake} loading={action.isPending} onClick={stake} data-testid="staking-confirm">
        {product.sale_open === 1 ? t('staking.stake') : t('staking.closed')}
      </Button>
      <ProductInfo product={product} />
    </Stack>
  );
}

/** What the redeem-period wording needs (spec: the derived state and its days). */
export function periodParams(p: StakingProduct) {
  return {
    min: p.extra.redeem_minday,
    max: p.extra.redeem_maxday,
    days: p.income_days,
  };
}

function StakeSuccess({ result, onMore, onClose }: { result: StakingActionResult; onMore(): void; onClose(): void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <Stack data-testid="stake-success">
      <Text fw={600}>{t('staking.stakedTitle', { amount: fmt.amount(result.amount), coin: result.coin })}</Text>
      <Text size="sm" c="dimmed">
        {t('staking.firstRewardOn', { time: fmt.dateTime(result.redeem_stamp * 1000) })}
      </Text>
      <Group grow>
        <Button component={Link} to="/staking?tab=mine" variant="default" onClick={onClose}>
          {t('staking.viewHoldings')}
        </Button>
        <Button onClick={onMore}>{t('staking.continue')}</Button>
      </Group>
    </Stack>
  );
}
