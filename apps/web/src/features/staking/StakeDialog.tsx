import {
  bonusForStakeNow,
  checkStakeAmount,
  Decimal,
  isUSRegion,
  mintAmount,
  stakeable,
  tokensFor,
  UNLIMITED,
} from '@earn/domain';
import type { StakingActionResult, StakingProduct } from '@earn/domain/contract';
import { ActionIcon, Alert, Anchor, Button, Checkbox, Group, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconTransfer } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBalances, useBorrowSetting, useMe } from '../../api/account.js';
import { serverNow } from '../../api/client.js';
import { useStakingAction, useStakingLoans, useStakingProduct, useStakingUserInfo } from '../../api/staking.js';
import { AddFundsModal } from '../../components/AddFundsModal.js';
import { AmountInput } from '../../components/AmountInput.js';
import { DetailLine } from '../../components/DetailLine.js';
import { ListStatus, readStatus } from '../../components/ListStatus.js';
import { ResponsiveModal } from '../../components/ResponsiveModal.js';
import { notifyError, refusalText } from '../../lib/notify.js';
import { useFormat } from '../../lib/use-format.js';
import { useFrame } from '../../lib/use-frame.js';
import { dailyEstimate } from './estimate.js';
import { StakingBadges } from './ProductBadges.js';
import { ProductInfo } from './ProductInfo.js';
import { periodParams } from './period.js';

const left = (v: string) => (v === UNLIMITED ? null : new Decimal(v));

/** The stake modal: amount with Max, what can be staked, the caps, the estimated daily reward, the agreement. */
export function StakeDialog({ product, onClose }: { product: StakingProduct | null; onClose(): void }) {
  const { t } = useTranslation();
  const frame = useFrame();
  const [done, setDone] = useState<StakingActionResult | null>(null);
  const close = () => {
    setDone(null);
    frame.post({ type: 'close' });
    onClose();
  };
  const succeeded = (r: StakingActionResult) => {
    setDone(r);
    frame.post({ type: 'success', side: 'stake', coin: r.coin, pid: r.pid });
  };
  const more = () => {
    setDone(null);
    frame.post({ type: 'reopen' });
  };
  return (
    <ResponsiveModal
      opened={product !== null}
      onClose={close}
      title={product ? t('staking.stakeTitle', { coin: product.mortgage_coin }) : ''}
      size="md"
    >
      {product && !done && <StakeSources product={product} onDone={succeeded} />}
      {product && done && <StakeSuccess result={done} onMore={more} onClose={close} />}
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
  const [pid, setPid] = useState(product.pid);
  const picked = useStakingProduct(product.mortgage_coin, pid);
  // The product as read now, in the reader's language (a switch of language reads it again); the
  // list's copy it was opened from until then.
  const chosen = picked.data ?? (pid === product.pid ? product : undefined);
  return (
    <Stack>
      {product.is_defi === 1 && (
        <Select
          label={t('staking.source')}
          value={String(pid)}
          allowDeselect={false}
          onChange={(v) => v && setPid(Number(v))}
          data={product.defi.map((d) => ({
            value: String(d.pid),
            label: `${d.protocol_name || product.mortgage_coin} · ${fmt.rate(d.rate)}`,
          }))}
          data-testid="staking-source"
        />
      )}
      {chosen ? (
        <StakeForm key={chosen.pid} product={chosen} onDone={onDone} />
      ) : (
        <ListStatus count={0} {...readStatus(picked)} />
      )}
    </Stack>
  );
}

function StakeForm({ product, onDone }: { product: StakingProduct; onDone(r: StakingActionResult): void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const me = useMe();
  // A US user has no transfer between accounts (spec): the balance's mark offers the ways to add
  // funds they have (a deposit), not the assets page's transfer.
  const isUS = isUSRegion(me.data?.region ?? '');
  const moneyIn = t('staking.transfer', { context: isUS ? 'us' : undefined });
  const [addFunds, setAddFunds] = useState(false);
  const balances = useBalances(Boolean(me.data));
  const info = useStakingUserInfo(product.mortgage_coin, product.pid, Boolean(me.data));
  const action = useStakingAction();
  const [amount, setAmount] = useState('');
  const [agreed, setAgreed] = useState(false);
  // A debt product confirms the order (what is minted against what) before staking.
  const [confirming, setConfirming] = useState(false);
  const coin = product.mortgage_coin;
  const row = balances.data?.find((b) => b.asset === coin);
  const balance = (me.data?.mode && me.data.mode !== 'classic' ? row?.unified : row?.spot) ?? '0';
  // Borrowed coins are staked only where the coin allows it (spec: else taken off the balance
  // first); until the setting is read, they are taken off.
  const loans = useStakingLoans(coin, Boolean(me.data));
  const borrowSetting = useBorrowSetting(coin, Boolean(me.data));
  const borrowed = borrowSetting.data?.is_support_staking === 1 ? '0' : (loans.data?.assets[coin] ?? '0');
  const available = stakeable(balance, borrowed).toFixed();
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
    check && !check.ok && check.key !== 'staking.amount.required' ? refusalText(check.key, check.params) : undefined;
  const value = check?.ok ? check.value : new Decimal(0);
  const discount = info.data?.vip_discount ?? '0';
  // A web3-task bonus is estimated only for a user whose task is done, and only if the stake's first
  // counted day is in the event while it can still pay.
  const bonusApplies =
    (product.extra_interest_type === 0 || info.data?.task_done === 1) &&
    bonusForStakeNow(product.extra_interest, serverNow(), product.reward_delay_days);
  const estimate = dailyEstimate(product, value, discount, bonusApplies);
  const maxStake = Decimal.max(
    Decimal.min(new Decimal(available), personalLeft ?? available, left(product.crowd_left) ?? available),
    0,
  );
  const canStake = check?.ok === true && agreed && product.sale_open === 1 && !action.isPending;
  const debt = product.debt[0];
  const minted = debt ? mintAmount(value, product.mortgage_price, debt.mint_price, debt.mint_ratio) : null;
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
  if (confirming && debt && minted) {
    return (
      <Stack data-testid="staking-confirm-order">
        <Text fw={600}>{t('staking.confirmOrder')}</Text>
        <Text size="sm">
          {t('staking.confirmOrderBody', {
            amount: fmt.amount(value),
            coin,
            minted: fmt.amount(minted),
            mint: debt.reward_coin,
          })}
        </Text>
        <Stack gap={4}>
          <DetailLine label={t('staking.amount')} value={`${fmt.amount(value)} ${coin}`} />
          <DetailLine label={t('staking.mintPrice', { coin })} value={`${fmt.amount(product.mortgage_price)} USDT`} />
          <DetailLine label={t('staking.mintRatio')} value={fmt.rate(debt.mint_ratio)} />
          <DetailLine label={t('staking.mintEstimate')} value={`${fmt.amount(minted)} ${debt.reward_coin}`} />
        </Stack>
        <Group grow>
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('staking.back')}
          </Button>
          <Button disabled={!canStake} loading={action.isPending} onClick={stake} data-testid="staking-confirm-mint">
            {t('staking.confirmAndMint')}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack>
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={2} miw={0}>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
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
          value={
            <Group gap={4} wrap="nowrap" justify="flex-end">
              <span>{`${fmt.amount(available)} ${coin}`}</span>
              <Tooltip label={moneyIn}>
                {isUS ? (
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    aria-label={moneyIn}
                    data-testid="staking-money-in"
                    onClick={() => setAddFunds(true)}
                  >
                    <IconTransfer size={14} />
                  </ActionIcon>
                ) : (
                  <ActionIcon
                    component={Link}
                    to={`/myaccount/funds/spot?asset=${coin}`}
                    variant="subtle"
                    size="sm"
                    aria-label={moneyIn}
                    data-testid="staking-money-in"
                  >
                    <IconTransfer size={14} />
                  </ActionIcon>
                )}
              </Tooltip>
            </Group>
          }
          testId="staking-available"
        />
        <DetailLine
          label={t('staking.personalCap')}
          value={personalLeft === null ? t('staking.unlimited') : `${fmt.amount(personalLeft)} ${coin}`}
        />
        {product.crowd_left !== UNLIMITED && (
          <DetailLine
            label={t('staking.crowdLeft')}
            value={`${fmt.amount(product.crowd_left)} ${coin}`}
            testId="staking-crowd-left"
          />
        )}
        <DetailLine
          label={t('staking.estDaily')}
          value={`${fmt.amount(estimate.reward)} ${product.reward_coin}`}
          testId="staking-est-daily"
        />
        {estimate.bonus.gt(0) && (
          <DetailLine label={t('staking.estBonus')} value={`${fmt.amount(estimate.bonus)} ${estimate.bonusCoin}`} />
        )}
        {product.exchange_type === 'asset' && (
          <>
            <DetailLine
              label={t('staking.receiptYouGet')}
              value={t('staking.receiptEstimate', {
                amount: fmt.amount(tokensFor(value, product.exchange_rate)),
                token: product.receipt_coin,
              })}
              testId="staking-receipt-estimate"
            />
            <DetailLine
              label={t('staking.kind.receipt', { coin: product.receipt_coin })}
              value={t('staking.receiptRate', {
                token: product.receipt_coin,
                rate: fmt.amount(product.exchange_rate),
                coin,
              })}
            />
          </>
        )}
        {debt && minted && (
          <DetailLine
            label={t('staking.mintEstimate')}
            value={`${fmt.amount(minted)} ${debt.reward_coin}`}
            testId="staking-mint-estimate"
          />
        )}
        <DetailLine label={t('staking.firstReward')} value={fmt.dateTime(product.first_reward_time * 1000)} />
        <DetailLine
          label={t('staking.redeemPeriod')}
          value={t(`staking.period.${product.extra.redeem_period}`, periodParams(product))}
        />
      </Stack>
      {product.exchange_type === 'asset' && (
        <Text size="xs" c="dimmed">
          {t('staking.receiptNote', { token: product.receipt_coin, coin })}
        </Text>
      )}
      {product.extra_interest_type === 1 && product.extra_interest_task && info.data && (
        <Alert color={info.data.task_done ? 'teal' : 'blue'} variant="light" data-testid="staking-task">
          {info.data.task_done ? (
            t('staking.taskDone')
          ) : (
            <Group justify="space-between" gap="xs">
              <span>{t('staking.taskTodo')}</span>
              <Anchor href={product.extra_interest_task.jump_web} target="_blank" rel="noopener noreferrer" size="sm">
                {t('staking.taskGo')}
              </Anchor>
            </Group>
          )}
        </Alert>
      )}
      {/* Spec: shown with vip_config for a known tier, and nothing when the tier is outside its range. */}
      {product.vip_config && info.data && new Decimal(discount).gt(0) && (
        <Alert color="yellow" variant="light" data-testid="vip-discount">
          {t('staking.vipApplied', { percent: discount })}
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
      <Button
        size="md"
        disabled={!canStake}
        loading={action.isPending}
        onClick={debt ? () => setConfirming(true) : stake}
        data-testid="staking-confirm"
      >
        {product.sale_open === 1 ? t('staking.stake') : t('staking.closed')}
      </Button>
      <ProductInfo product={product} />
      <AddFundsModal coin={addFunds ? coin : null} onClose={() => setAddFunds(false)} />
    </Stack>
  );
}

function StakeSuccess({ result, onMore, onClose }: { result: StakingActionResult; onMore(): void; onClose(): void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const mint = result.mint_coin !== '' && result.minted !== '0';
  return (
    <Stack data-testid={mint ? 'mint-success' : 'stake-success'}>
      <Text fw={600}>
        {mint
          ? t('staking.mintedTitle', { amount: fmt.amount(result.minted), coin: result.mint_coin })
          : t('staking.stakedTitle', { amount: fmt.amount(result.amount), coin: result.coin })}
      </Text>
      {mint && (
        <Text size="sm">
          {t('staking.mintedBody', {
            collateral: fmt.amount(result.amount),
            coin: result.coin,
            mint: result.mint_coin,
          })}
        </Text>
      )}
      {result.receipt_coin !== '' && (
        <Text size="sm">
          {t('staking.receiptMintedOn', {
            token: result.receipt_coin,
            // Tokens are minted at the close of the day before the first reward (the day they first grow).
            time: fmt.dateTime((result.redeem_stamp - 86_400) * 1000),
          })}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {t('staking.firstRewardOn', { time: fmt.dateTime(result.redeem_stamp * 1000) })}
      </Text>
      <Group grow>
        <HoldingsButton coin={result.coin} onClose={onClose} />
        <Button onClick={onMore}>{t('staking.continue')}</Button>
      </Group>
    </Stack>
  );
}

/** To my staking; inside the assets frame the frame opens the page itself (spec: open-page). */
export function HoldingsButton({ coin, onClose }: { coin: string; onClose(): void }) {
  const { t } = useTranslation();
  const frame = useFrame();
  if (frame.framed) {
    return (
      <Button
        variant="default"
        onClick={() =>
          frame.post({ type: 'open-page', url: `/myaccount/myfunds/financial_staking?asset=${coin}&product-type=0` })
        }
      >
        {t('staking.viewHoldings')}
      </Button>
    );
  }
  return (
    <Button component={Link} to="/staking?tab=mine" variant="default" onClick={onClose}>
      {t('staking.viewHoldings')}
    </Button>
  );
}
