import {
  burnFor,
  checkRedeemAmount,
  coinsFor,
  Decimal,
  fastArrivalMs,
  isFastRedeemAvailable,
  redeemFee,
  redeemWaitDays,
  standardArrivalMs,
  tokensFor,
  UNLIMITED,
} from '@earn/domain';
import type { StakingActionResult, StakingBalance, StakingProduct } from '@earn/domain/contract';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBalances, useMe } from '../../api/account.js';
import { serverNow } from '../../api/client.js';
import { useStakingAction, useStakingBalances, useStakingProduct } from '../../api/staking.js';
import { AmountInput } from '../../components/AmountInput.js';
import { DetailLine } from '../../components/DetailLine.js';
import { ListStatus, readStatus } from '../../components/ListStatus.js';
import { ResponsiveModal } from '../../components/ResponsiveModal.js';
import { notifyError, refusalText } from '../../lib/notify.js';
import { useFormat } from '../../lib/use-format.js';
import { useFrame } from '../../lib/use-frame.js';
import { HoldingsButton } from './StakeDialog.js';

export interface RedeemTarget {
  product: StakingProduct;
  balance: StakingBalance;
}

/** The redeem modal: amount, redeemable, standard or fast (quota left today, fee), what arrives and when. */
export function RedeemDialog({ target, onClose }: { target: RedeemTarget | null; onClose(): void }) {
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
    frame.post({ type: 'success', side: 'redeem', coin: r.coin, pid: r.pid });
  };
  return (
    <ResponsiveModal
      opened={target !== null}
      onClose={close}
      title={target ? t('staking.redeemTitle', { coin: target.product.mortgage_coin }) : ''}
      size="md"
    >
      {target && !done && <RedeemSources target={target} onDone={succeeded} />}
      {target && done && <RedeemSuccess result={done} onClose={close} />}
    </ResponsiveModal>
  );
}

/**
 * A coin staked through several sources redeems from one of them: the sources the user holds are
 * offered (spec: only protocols with a positive holding; a single one is chosen without asking).
 */
function RedeemSources({ target, onDone }: { target: RedeemTarget; onDone(r: StakingActionResult): void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { product } = target;
  const balances = useStakingBalances(true);
  const held = (balances.data ?? []).filter(
    (b) => product.defi.some((d) => d.pid === b.pid) && new Decimal(b.mortgage_amount).gt(0),
  );
  const [pid, setPid] = useState(target.balance.pid);
  const picked = useStakingProduct(product.mortgage_coin, pid);
  const balance = held.find((b) => b.pid === pid) ?? target.balance;
  const chosen = pid === product.pid ? product : picked.data;
  return (
    <Stack>
      {held.length > 1 && (
        <Select
          label={t('staking.source')}
          value={String(pid)}
          allowDeselect={false}
          onChange={(v) => v && setPid(Number(v))}
          data={held.map((b) => ({
            value: String(b.pid),
            label: `${b.protocol_name || b.coin} · ${fmt.amount(b.mortgage_amount)} ${b.coin}`,
          }))}
          data-testid="redeem-source"
        />
      )}
      {chosen ? (
        <RedeemForm key={chosen.pid} target={{ product: chosen, balance }} onDone={onDone} />
      ) : (
        <ListStatus count={0} {...readStatus(picked)} />
      )}
    </Stack>
  );
}

function RedeemForm({ target, onDone }: { target: RedeemTarget; onDone(r: StakingActionResult): void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const action = useStakingAction();
  const { product, balance } = target;
  const coin = product.mortgage_coin;
  // A receipt-token product redeems its tokens; what arrives is their coins at today's rate.
  const receipt = product.exchange_type === 'asset';
  const unit = receipt ? product.receipt_coin : coin;
  const toCoins = (v: Decimal) => (receipt ? new Decimal(coinsFor(v, product.exchange_rate)) : v);
  const x = product.extra;
  const quota = x.redeem_quick_left === UNLIMITED ? null : new Decimal(x.redeem_quick_left);
  const fastLeft = quota && receipt ? new Decimal(tokensFor(quota, product.exchange_rate)) : quota;
  const me = useMe();
  const wallets = useBalances(Boolean(me.data));
  const fastOffered = isFastRedeemAvailable({
    enabled: x.redeem_quick === 1,
    dailyQuota: x.redeem_quick_left,
    usedToday: '0',
    minRedeemAmount: product.min_redeem_amount,
  });
  const [quick, setQuick] = useState(false);
  const [amount, setAmount] = useState('');
  const check =
    amount === ''
      ? null
      : checkRedeemAmount(amount, {
          coin: unit,
          minRedeemAmount: product.min_redeem_amount,
          redeemable: balance.mortgage_amount,
          fastLeft: quick ? fastLeft : null,
        });
  const ruleError =
    check && !check.ok && check.key !== 'staking.amount.required' ? refusalText(check.key, check.params) : undefined;
  const value = check?.ok ? check.value : new Decimal(0);
  const { fee, received } = redeemFee(toCoins(value), quick ? x.redeem_quick_fee : x.redeem_fee);
  const debtCoin = balance.mint_coin;
  const repays = debtCoin ? burnFor(balance.debt_amount, balance.mortgage_amount, value) : null;
  const debtRow = wallets.data?.find((b) => b.asset === debtCoin);
  const debtAvailable = (me.data?.mode && me.data.mode !== 'classic' ? debtRow?.unified : debtRow?.spot) ?? '0';
  const repayShort = repays?.gt(debtAvailable) === true;
  const error =
    ruleError ??
    (repayShort && repays
      ? t('staking.debt.repay', { amount: fmt.amount(repays), coin: debtCoin, available: fmt.amount(debtAvailable) })
      : undefined);
  const now = serverNow();
  const waitDays = redeemWaitDays({
    income_days: product.income_days,
    redeem_minday: x.redeem_minday,
    redeem_maxday: x.redeem_maxday,
  });
  const arrival = quick ? fastArrivalMs(now, x.redeem_quick_long) : standardArrivalMs(now, waitDays);
  const instant = x.redeem_minday <= 0 && x.redeem_maxday <= 0;
  const redeem = () =>
    check?.ok &&
    action.mutate(
      {
        side: 1,
        amount: check.value.toFixed(),
        coin,
        pid: product.pid,
        quick: quick ? 1 : 0,
        // The VIP theme's calls carry src=1, as its stakes do.
        ...(me.data?.is_vip ? { src: 1 as const } : {}),
      },
      { onSuccess: onDone, onError: (e) => notifyError(e) },
    );
  const card = (isQuick: boolean, title: string, body: string, disabled: boolean) => (
    <UnstyledButton
      onClick={() => !disabled && setQuick(isQuick)}
      disabled={disabled}
      data-testid={isQuick ? 'redeem-fast' : 'redeem-standard'}
      aria-pressed={quick === isQuick}
    >
      <Paper
        withBorder
        p="sm"
        radius="md"
        style={{
          borderColor: quick === isQuick ? 'var(--mantine-color-teal-6)' : undefined,
          opacity: disabled ? 0.5 : 1,
          height: '100%',
        }}
      >
        <Text fw={600} size="sm">
          {title}
        </Text>
        <Text size="xs" c="dimmed">
          {body}
        </Text>
      </Paper>
    </UnstyledButton>
  );
  return (
    <Stack>
      <SimpleGrid cols={2}>
        {card(
          false,
          t('staking.standard'),
          instant ? t('staking.arrivesAtOnce') : t('staking.withinDays', { count: waitDays }),
          false,
        )}
        {card(
          true,
          t('staking.fast'),
          x.redeem_quick !== 1
            ? t('staking.fastOff')
            : t('staking.fastBody', {
                minutes: x.redeem_quick_long,
                fee: fmt.rate(x.redeem_quick_fee),
                // The quota is in the coin, whatever unit the amount is entered in.
                left: quota === null ? t('staking.unlimited') : `${fmt.amount(quota)} ${coin}`,
              }),
          !fastOffered,
        )}
      </SimpleGrid>
      <AmountInput
        label={t('staking.redeemAmount')}
        precision={8}
        value={amount}
        onChange={setAmount}
        error={error}
        max={balance.mortgage_amount}
        testId="redeem-amount"
      />
      <Stack gap={4}>
        <DetailLine label={t('staking.redeemable')} value={`${fmt.amount(balance.mortgage_amount)} ${unit}`} />
        {receipt && (
          <DetailLine
            label={t('staking.kind.receipt', { coin: unit })}
            value={t('staking.receiptRate', { token: unit, rate: fmt.amount(product.exchange_rate), coin })}
          />
        )}
        {repays && (
          <>
            <DetailLine
              label={t('staking.repays')}
              value={`${fmt.amount(repays)} ${debtCoin}`}
              testId="redeem-repays"
            />
            <DetailLine
              label={t('staking.repayAvailable', { mint: debtCoin })}
              value={`${fmt.amount(debtAvailable)} ${debtCoin}`}
            />
          </>
        )}
        <DetailLine label={t('staking.fee')} value={`${fmt.amount(fee)} ${coin}`} testId="redeem-fee" />
        <DetailLine label={t('staking.received')} value={`${fmt.amount(received)} ${coin}`} testId="redeem-received" />
        <DetailLine label={t('staking.redeemTime')} value={fmt.dateTime(now)} />
        <DetailLine label={t('staking.arrival')} value={fmt.dateTime(arrival)} testId="redeem-arrival" />
      </Stack>
      <Text size="xs" c="dimmed">
        {quick
          ? t('staking.confirmFast', { minutes: x.redeem_quick_long })
          : instant
            ? t('staking.confirmInstant')
            : t('staking.confirmWithin', { count: waitDays })}
      </Text>
      <Button
        size="md"
        disabled={!check?.ok || repayShort || action.isPending}
        loading={action.isPending}
        onClick={redeem}
        data-testid="redeem-confirm"
      >
        {t('staking.redeem')}
      </Button>
    </Stack>
  );
}

function RedeemSuccess({ result, onClose }: { result: StakingActionResult; onClose(): void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const frame = useFrame();
  // Paid at once (a fast redemption, or one without a wait): it is there already.
  const arrived = result.redeem_stamp * 1000 <= serverNow();
  return (
    <Stack data-testid="redeem-success">
      <Text fw={600}>
        {t('staking.redeemedTitle', { amount: fmt.amount(result.amount), coin: result.receipt_coin || result.coin })}
      </Text>
      <Text size="sm">
        {t(arrived ? 'staking.redeemedBodyArrived' : 'staking.redeemedBody', {
          received: fmt.amount(result.received),
          fee: fmt.amount(result.fee),
          coin: result.coin,
          time: fmt.dateTime(result.redeem_stamp * 1000),
        })}
      </Text>
      {result.burnt !== '0' && (
        <DetailLine label={t('staking.repays')} value={`${fmt.amount(result.burnt)} ${result.mint_coin}`} />
      )}
      <Group grow>
        <HoldingsButton coin={result.coin} onClose={onClose} />
        {frame.framed ? (
          <Button
            onClick={() =>
              frame.post({
                type: 'open-page',
                url: `/myaccount/funds/finance/staking?asset=${result.coin}&product-type=0&open-history=1&type=1`,
              })
            }
          >
            {t('staking.viewHistory')}
          </Button>
        ) : (
          <Button component={Link} to="/staking?tab=redemptions" onClick={onClose}>
            {t('staking.viewHistory')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
