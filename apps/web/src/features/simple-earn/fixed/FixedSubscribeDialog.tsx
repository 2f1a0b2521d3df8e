import {
  checkFixedSubscribe,
  checkRenewalAmount,
  Decimal,
  FixedProductType,
  fixedInterest,
  fixedTimeline,
  ladderBonus,
  parseAmount,
  placeOnLadder,
  tierOpens,
  VIP_TIER,
  vipLabel,
  voucherInterest,
} from '@earn/domain';
import type { FixedProduct } from '@earn/domain/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  List,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Tabs,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe } from '../../../api/account.js';
import { serverNow } from '../../../api/client.js';
import {
  useCoupons,
  useFixedProducts,
  useLendFixed,
  useRemainingQuota,
  useSubscribeCheck,
} from '../../../api/fixed-earn.js';
import { useAvailable } from '../../../api/simple-earn.js';
import { AmountInput } from '../../../components/AmountInput.js';
import { CoinIcon } from '../../../components/CoinIcon.js';
import { DecimalInput } from '../../../components/DecimalInput.js';
import { Dialog } from '../../../components/Dialog.js';
import { ListStatus, readFailure } from '../../../components/ListStatus.js';
import { ResponsiveModal } from '../../../components/ResponsiveModal.js';
import { notifyError } from '../../../lib/notify.js';
import { useAutoClose } from '../../../lib/use-auto-close.js';
import { useFormat } from '../../../lib/use-format.js';
import { useIsMobile } from '../../../lib/use-is-mobile.js';
import { EarnTimeline } from '../EarnTimeline.js';
import { LendAvailable } from '../LendAvailable.js';
import { ladderEnd, useLadderText } from '../use-ladder-text.js';
import { useSuccessTitle } from '../use-success-title.js';
import { sameTerm } from './same-term.js';

/** Subscribe is throttled (spec: 500 ms). */
const SUBSCRIBE_THROTTLE_MS = 500;

export interface FixedTarget {
  asset: string;
  /** The term to open on; else the coin's first subscribable one. */
  productId?: number;
}

/**
 * The fixed-term subscribe dialog (multi-term): the coin's terms as chips (APR, days, VIP badge,
 * sold-out styling), the amount checked in the spec's order, a rate-up voucher, redeem-to,
 * auto-reinvest with the part that renews, the estimate and the timeline.
 */
export function FixedSubscribeDialog({ target, onClose }: { target: FixedTarget | null; onClose(): void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [done, setDone] = useState<FixedSubscribed | null>(null);
  // "Subscribe more" reopens the dialog on the same term after the caller has closed it.
  const [again, setAgain] = useState<FixedTarget | null>(null);
  const current = target ?? again;
  const close = () => {
    setAgain(null);
    onClose();
  };
  const closeDone = useCallback(() => setDone(null), []);
  const successTitle = useSuccessTitle();
  useAutoClose(done !== null, closeDone);
  return (
    <>
      <ResponsiveModal
        opened={current !== null}
        onClose={close}
        title={t('fixed.subscribe.title', { coin: current?.asset ?? '' })}
        size="lg"
      >
        {current && (
          <FixedSubscribeForm
            key={`${current.asset}-${current.productId ?? ''}`}
            target={current}
            onDone={(result) => {
              setDone(result);
              close();
            }}
          />
        )}
      </ResponsiveModal>
      <ResponsiveModal opened={done !== null} onClose={closeDone} title={successTitle} size="sm">
        {done && (
          <Stack>
            {[
              [t('assets.coin'), done.asset],
              [t('earn.subscribe.amount'), `${fmt.amount(done.amount)} ${done.asset}`],
              [t('fixed.term'), t('fixed.days', { count: done.days })],
              // The product's APR, as the form showed it; then, where a ladder bonus or a voucher adds
              // to it, the order's whole APR, as the holdings will show it.
              [t('fixed.apr'), fmt.rate(done.productRate)],
              ...(done.withExtras ? [[t('fixed.totalApr'), `${done.ratePercent}%`]] : []),
            ].map(([label, value]) => (
              <Group key={label} justify="space-between">
                <Text c="dimmed">{label}</Text>
                <Text fw={600} data-testid={`fixed-success-${label}`}>
                  {value}
                </Text>
              </Group>
            ))}
            <Group grow>
              <Button component={Link} to="/simple-earn/my-lendings?tab=fixed" variant="default" onClick={closeDone}>
                {t('earn.success.viewHoldings')}
              </Button>
              <Button
                data-testid="fixed-subscribe-more"
                onClick={() => {
                  setAgain({ asset: done.asset, productId: done.productId });
                  setDone(null);
                }}
              >
                {t('earn.success.more')}
              </Button>
            </Group>
          </Stack>
        )}
      </ResponsiveModal>
    </>
  );
}

/** What the success view shows of a new order, and the term "Subscribe more" reopens. */
interface FixedSubscribed {
  asset: string;
  amount: string;
  days: number;
  /** The product's APR (a ratio), as the form shows it. */
  productRate: string;
  /** Whether a ladder bonus or a voucher adds to it (this order's, not only the product's offer). */
  withExtras: boolean;
  /** The order's APR in percent, with its voucher and bonus (as the holdings show it). */
  ratePercent: string;
  productId: number;
}

/** The products of a coin a user sees in the dialog: normal and special, VIP ones of their tier (or the one asked for). */
function termsOf(products: readonly FixedProduct[], asset: string, tier: number, productId?: number) {
  return products
    .filter((p) => p.asset === asset)
    .filter((p) => p.type !== FixedProductType.vip || p.id === productId || tierOpens(tier, p))
    .sort((a, b) => a.lock_up_period - b.lock_up_period || a.type - b.type);
}

function FixedSubscribeForm({ target, onDone }: { target: FixedTarget; onDone(result: FixedSubscribed): void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const isMobile = useIsMobile();
  const me = useMe();
  const tier = me.data?.tier ?? 0;
  const products = useFixedProducts(0);
  const terms = termsOf(products.data ?? [], target.asset, tier, target.productId);
  const [chosenId, setChosenId] = useState<number | undefined>(target.productId);
  const product = terms.find((p) => p.id === chosenId) ?? terms.find((p) => p.sale_status === 1) ?? terms[0] ?? null;
  if (products.isPending) return <Text c="dimmed">{t('common.loading')}</Text>;
  if (!product) return <Text c="dimmed">{t('common.noData')}</Text>;
  return (
    <Stack>
      <Group gap="xs" data-testid="fixed-terms">
        {terms.map((p) => (
          <UnstyledButton
            key={p.id}
            style={{
              padding: '6px 12px',
              borderRadius: 8,
              border: `1px solid var(--mantine-color-${p.id === product.id ? 'teal-6' : 'gray-4'})`,
              background: p.id === product.id ? 'var(--mantine-color-teal-light)' : undefined,
              opacity: p.sale_status === 2 ? 0.55 : 1,
              textAlign: 'center',
            }}
            aria-pressed={p.id === product.id}
            onClick={() => setChosenId(p.id)}
            data-testid={`term-${p.lock_up_period}-${p.type}`}
          >
            <Text size="sm" fw={700}>
              {t('fixed.days', { count: p.lock_up_period })}
            </Text>
            <Text size="xs" c={p.sale_status === 2 ? 'dimmed' : 'teal'}>
              {p.sale_status === 2 ? t('fixed.soldOut') : fmt.rate(p.year_rate)}
            </Text>
            {p.type === FixedProductType.vip && (
              <Badge size="xs" color="yellow" variant="light">
                {vipLabel(p)}
              </Badge>
            )}
            {p.type === FixedProductType.special && (
              <Badge size="xs" color="grape" variant="light">
                {t('fixed.special')}
              </Badge>
            )}
            {/* As the home page's chip marks it: this term pays a ladder bonus. */}
            {p.ladder_apr.length > 0 && (
              <Badge size="xs" color="orange" variant="light" data-testid={`term-bonus-${p.id}`}>
                {t('earn.bonus')}
              </Badge>
            )}
            {/* Two products of one term and kind are told apart by the operator's title. */}
            {p.title !== '' && terms.some((q) => q.id !== p.id && sameTerm(p, q)) && (
              <Text size="xs" c="dimmed" maw={140} lineClamp={2}>
                {p.title}
              </Text>
            )}
          </UnstyledButton>
        ))}
      </Group>
      <TermForm key={product.id} product={product} tier={tier} precision={isMobile ? 6 : 8} onDone={onDone} />
    </Stack>
  );
}

function TermForm({
  product,
  tier,
  precision,
  onDone,
}: {
  product: FixedProduct;
  tier: number;
  precision: number;
  onDone(result: FixedSubscribed): void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const ladderText = useLadderText();
  const me = useMe();
  const soldOut = product.sale_status === 2;
  const available = useAvailable(product.asset, Boolean(me.data));
  const quota = useRemainingQuota(product.id, Boolean(me.data) && !soldOut);
  const coupons = useCoupons(product.id, Boolean(me.data) && !soldOut);
  const check = useSubscribeCheck(product.id, Boolean(me.data) && product.type === FixedProductType.special);
  const lend = useLendFixed(product.type === FixedProductType.vip);
  const [amount, setAmount] = useState('');
  // The first recommendation is selected; '' means none (the user toggled it off).
  const [voucherId, setVoucherId] = useState<string | null>(null);
  const [reinvest, setReinvest] = useState(false);
  const [renewAmount, setRenewAmount] = useState('');
  const [redeemTo, setRedeemTo] = useState<'0' | '1'>(product.redeem_account === 1 ? '1' : '0');
  const [nowMs, setNowMs] = useState(() => serverNow());
  useEffect(() => {
    const timer = setInterval(() => setNowMs(serverNow()), 1000);
    return () => clearInterval(timer);
  }, []);
  const firstCoupon = coupons.data?.[0];
  const chosenVoucherId = voucherId ?? (firstCoupon ? String(firstCoupon.id) : '');
  const voucher = coupons.data?.find((c) => String(c.id) === chosenVoucherId) ?? null;

  const balance = available.data?.lend_earn_available ?? '0';
  // Zero is read, so that it is told the minimum like any amount below it.
  const parsed = amount === '' ? null : parseAmount('amount', amount, { maxDecimals: precision, allowZero: true });
  const checked =
    parsed?.ok && !soldOut
      ? checkFixedSubscribe(parsed.value, {
          asset: product.asset,
          minLendAmount: product.min_lend_amount,
          available: balance,
          productRemaining: quota.data?.product_remaining ?? product.remaining_quota,
          userRemaining: quota.data?.user_remaining ?? product.remaining_quota,
          voucher: voucher ?? undefined,
        })
      : null;
  const error = checked && !checked.ok ? t(checked.key, checked.params ?? {}) : undefined;
  const warning =
    checked?.ok && checked.value.warning ? t(checked.value.warning.key, checked.value.warning.params) : null;
  const value = checked?.ok ? checked.value.amount : new Decimal(0);
  const renew = renewAmount === '' ? null : parseAmount('reinvest_amount', renewAmount, { maxDecimals: 6 });
  const renewal =
    renew?.ok && checked?.ok
      ? checkRenewalAmount(renew.value, {
          principal: value,
          minLendAmount: product.min_lend_amount,
          asset: product.asset,
        })
      : null;
  const renewError =
    renew && !renew.ok
      ? t(renew.key, renew.params ?? {})
      : renewal && !renewal.ok
        ? t(renewal.key, renewal.params ?? {})
        : undefined;
  const ineligible = product.type === FixedProductType.special && check.data && !check.data.is_able_subscribe;
  const [ineligibleSeen, setIneligibleSeen] = useState(false);
  const vipOutside = product.type === FixedProductType.vip && !soldOut && !tierOpens(tier, product);
  // A product with a ladder promises a bonus that depends on what the user holds in it: none is
  // promised, nor anything subscribed, until that is known.
  const hasLadder = product.ladder_apr.length > 0;
  const holdingUnknown = hasLadder && Boolean(me.data) && !quota.data;
  const canSubmit =
    checked?.ok === true &&
    !renewError &&
    !ineligible &&
    !vipOutside &&
    !holdingUnknown &&
    new Decimal(product.year_rate).gt(0);

  const interest = fixedInterest(value, product.year_rate, product.lock_up_period);
  const priceRatio = new Decimal(product.bonus_asset_price).isZero()
    ? new Decimal(0)
    : new Decimal(product.product_asset_price).div(product.bonus_asset_price);
  // A new order fills the lowest parts of the ladder the user's open orders in the product leave free.
  const heldBefore = new Decimal(quota.data?.user_held ?? 0);
  const ladderAt = placeOnLadder(quota.data?.user_ladder_slices ?? [], value);
  const tiersEnd = ladderEnd(product.ladder_apr);
  const bonus = ladderBonus(value, product.ladder_apr, {
    periodsPerYear: 365,
    periods: product.lock_up_period,
    priceRatio,
    at: ladderAt,
  });
  const extra = voucher ? voucherInterest(value, voucher, product.lock_up_period) : new Decimal(0);
  const timeline = fixedTimeline(nowMs, product.lock_up_period);

  const submit = useDebouncedCallback(
    () => {
      if (!checked?.ok || !canSubmit) return;
      lend.mutate(
        {
          product_id: product.id,
          amount: checked.value.amount.toFixed(),
          year_rate: product.year_rate,
          redeem_account_type: reinvest ? 0 : (Number(redeemTo) as 0 | 1),
          reinvest_status: reinvest ? 1 : 0,
          ...(voucher ? { financial_rate_id: voucher.id } : {}),
          ...(hasLadder ? { bonus_amount: bonus.toFixed() } : {}),
          ...(reinvest && renew?.ok ? { reinvest_amount: renew.value.toFixed() } : {}),
        },
        {
          onSuccess: (res) =>
            onDone({
              asset: product.asset,
              amount: res.amount,
              days: res.lock_up_period,
              productRate: product.year_rate,
              withExtras: bonus.gt(0) || extra.gt(0),
              ratePercent: res.total_year_rate_percent,
              productId: product.id,
            }),
          onError: (e) => notifyError(e),
        },
      );
    },
    { delay: SUBSCRIBE_THROTTLE_MS, leading: true },
  );
  const wallet = me.data?.mode && me.data.mode !== 'classic' ? t('fixed.to.unified') : t('fixed.to.spot');

  return (
    <Stack>
      <Group justify="space-between">
        <Group gap="sm">
          <CoinIcon symbol={product.asset} icon={product.icon} />
          <div>
            <Text fw={700}>{product.title || t('fixed.termTitle', { count: product.lock_up_period })}</Text>
            {product.subtitle && (
              <Text size="xs" c="dimmed">
                {product.subtitle}
              </Text>
            )}
          </div>
        </Group>
        <Stack gap={0} align="flex-end">
          <Text size="xs" c="dimmed">
            {t('fixed.apr')}
          </Text>
          <Text fw={700} c="teal" data-testid="fixed-apr">
            {fmt.rate(product.year_rate)}
          </Text>
        </Stack>
      </Group>
      {vipOutside && (
        <Alert color="yellow" data-testid="vip-banner">
          {tier < product.min_vip
            ? t(tier < VIP_TIER ? 'fixed.vip.upgradeGuide' : 'fixed.vip.upgrade', { tier: vipLabel(product) })
            : t('fixed.vip.above')}{' '}
          {/* Spec: the upgrade link names the tier to reach; above the range, the VIP page shows what the tier opens. */}
          <Anchor component={Link} to={tier < product.min_vip ? `/vip?upTo=${product.min_vip}` : '/vip'} size="sm">
            {t('vip.seeTiers')}
          </Anchor>
        </Alert>
      )}
      {ineligible && (
        <Alert color="red" title={t('fixed.ineligible.title')} data-testid="ineligible">
          {t(check.data?.reason ?? 'fixed.ineligible.title')}
        </Alert>
      )}
      {/* Spec: a failed eligibility check shows the ineligible modal; the alert above keeps the reason after it. */}
      <Dialog
        opened={Boolean(ineligible) && !ineligibleSeen}
        onClose={() => setIneligibleSeen(true)}
        title={t('fixed.ineligible.title')}
        size="sm"
        centered
      >
        <Stack>
          <Text size="sm" data-testid="ineligible-modal">
            {t(check.data?.reason ?? 'fixed.ineligible.title')}
          </Text>
          <Button onClick={() => setIneligibleSeen(true)}>{t('common.ok')}</Button>
        </Stack>
      </Dialog>
      {soldOut && (
        <Alert color="gray" data-testid="sold-out">
          {t('fixed.soldOutAlert')}
        </Alert>
      )}
      <AmountInput
        label={t('earn.subscribe.amount')}
        placeholder={t('earn.subscribe.min', { amount: fmt.amount(product.min_lend_amount), coin: product.asset })}
        precision={precision}
        value={amount}
        onChange={setAmount}
        error={error}
        disabled={soldOut}
        max={new Decimal(balance).toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed()}
        testId="fixed-amount"
      />
      {warning && (
        <Text size="xs" c="orange" data-testid="voucher-warning">
          {warning}
        </Text>
      )}
      <Group justify="space-between" gap="xs">
        <LendAvailable amount={balance} coin={product.asset} />
        {quota.data && !ineligible && !vipOutside && (
          <Text size="sm" c="dimmed" data-testid="fixed-quota">
            {t('fixed.quotaLeft')}: {fmt.amount(quota.data.remaining)} {product.asset}
          </Text>
        )}
      </Group>
      {(coupons.data?.length ?? 0) > 0 && (
        <Select
          label={t('fixed.voucher.label')}
          value={chosenVoucherId}
          allowDeselect={false}
          onChange={(v) => setVoucherId(v ?? '')}
          data-testid="voucher-select"
          data={[
            ...(coupons.data ?? []).map((c) => ({
              value: String(c.id),
              label: t('fixed.voucher.option', {
                ratio: fmt.percent(c.rate_ratio),
                count: c.rate_day,
                low: fmt.amount(c.buy_limit_low),
                coin: c.using_currency,
              }),
            })),
            { value: '', label: t('fixed.voucher.none') },
          ]}
        />
      )}
      {product.reinvest === 1 && (
        <Stack gap={6}>
          <Switch
            label={t('fixed.reinvest.label')}
            checked={reinvest}
            onChange={(e) => setReinvest(e.currentTarget.checked)}
            data-testid="fixed-reinvest"
          />
          {reinvest && (
            <DecimalInput
              label={t('fixed.reinvest.amount')}
              description={t('fixed.reinvest.amountHint')}
              placeholder={t('fixed.reinvest.all')}
              precision={6}
              value={renewAmount}
              onChange={setRenewAmount}
              error={renewError}
              data-testid="fixed-renew-amount"
            />
          )}
        </Stack>
      )}
      {product.redeem_account === 1 && !reinvest && (
        <Stack gap={4}>
          <Text size="sm">{t('fixed.redeemTo')}</Text>
          <SegmentedControl
            value={redeemTo}
            onChange={(v) => setRedeemTo(v as '0' | '1')}
            data={[
              { value: '1', label: t('fixed.to.flexible') },
              { value: '0', label: wallet },
            ]}
            data-testid="fixed-redeem-to"
          />
        </Stack>
      )}
      <Stack gap={4} data-testid="fixed-estimate">
        <Row label={t('fixed.estInterest')} value={`${fmt.amount(interest)} ${product.asset}`} />
        {hasLadder && (
          <Row
            label={t('fixed.estBonus')}
            value={holdingUnknown ? '…' : `${fmt.amount(bonus)} ${product.bonus_asset}`}
            testId="fixed-est-bonus"
          />
        )}
        {hasLadder && (
          <Stack gap={0} data-testid="fixed-ladder">
            {product.ladder_apr.map((tier) => (
              <Text size="xs" c="dimmed" key={`${tier.left}-${tier.right}`}>
                {ladderText.tier(tier, product.asset)}
              </Text>
            ))}
          </Stack>
        )}
        {holdingUnknown && <ListStatus count={1} error={readFailure(quota)} onRetry={() => void quota.refetch()} />}
        {hasLadder && heldBefore.gt(0) && ladderAt.length > 0 && (
          <Text size="xs" c="dimmed" data-testid="fixed-bonus-at">
            {new Decimal(ladderAt[0]?.[0] ?? 0).gte(tiersEnd)
              ? t('fixed.bonusBeyond', {
                  amount: fmt.amount(heldBefore),
                  end: fmt.amount(tiersEnd),
                  asset: product.asset,
                })
              : t('fixed.bonusAt', {
                  amount: fmt.amount(heldBefore),
                  parts: ladderText.parts(ladderAt, tiersEnd),
                  asset: product.asset,
                })}
          </Text>
        )}
        {voucher && <Row label={t('fixed.estVoucher')} value={`${fmt.amount(extra)} ${product.asset}`} />}
      </Stack>
      <Tabs defaultValue="timeline">
        <Tabs.List>
          <Tabs.Tab value="timeline">{t('earn.timeline.title')}</Tabs.Tab>
          <Tabs.Tab value="trading">{t('earn.rules.trading')}</Tabs.Tab>
          <Tabs.Tab value="product">{t('earn.rules.product')}</Tabs.Tab>
          {(coupons.data?.length ?? 0) > 0 && <Tabs.Tab value="voucher">{t('fixed.rules.voucher')}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="timeline" pt="sm">
          <EarnTimeline
            steps={[
              { title: t('earn.timeline.subscribed'), ms: timeline.subscribedMs },
              { title: t('earn.timeline.interestStarts'), ms: timeline.interestStartMs },
              { title: t('fixed.timeline.maturity'), ms: timeline.finishMs },
              reinvest
                ? { title: t('fixed.timeline.nextSubscription'), ms: timeline.finishMs }
                : { title: t('fixed.timeline.received'), ms: timeline.receivedMs },
            ]}
          />
        </Tabs.Panel>
        <Tabs.Panel value="trading" pt="sm">
          <List size="sm" spacing={4}>
            <List.Item>
              {t('fixed.rules.min', { amount: fmt.amount(product.min_lend_amount), coin: product.asset })}
            </List.Item>
            <List.Item>
              {new Decimal(product.user_max_lend_volume).gt(0)
                ? t('fixed.rules.limit', { amount: fmt.amount(product.user_max_lend_volume), coin: product.asset })
                : t('fixed.rules.noLimit')}
            </List.Item>
            <List.Item>
              {product.pre_redeem === 1
                ? product.pre_redeem_rate_year
                  ? t('fixed.rules.earlyRate', { rate: fmt.rate(product.pre_redeem_rate_year) })
                  : t('fixed.rules.earlyForfeit')
                : t('fixed.rules.noEarly')}
            </List.Item>
            <List.Item>{t('fixed.rules.lock')}</List.Item>
          </List>
        </Tabs.Panel>
        <Tabs.Panel value="product" pt="sm">
          <List size="sm" spacing={4} type="ordered">
            {(['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'] as const).map((k) => (
              <List.Item key={k}>{t(`fixed.rules.${k}`)}</List.Item>
            ))}
          </List>
        </Tabs.Panel>
        <Tabs.Panel value="voucher" pt="sm">
          <List size="sm" spacing={4} type="ordered">
            {(['v1', 'v2', 'v3', 'v4', 'v5', 'v6'] as const).map((k) => (
              <List.Item key={k}>{t(`fixed.rules.${k}`)}</List.Item>
            ))}
          </List>
        </Tabs.Panel>
      </Tabs>
      <Button
        size="md"
        onClick={submit}
        disabled={soldOut || !canSubmit}
        loading={lend.isPending}
        data-testid="fixed-confirm"
      >
        {soldOut ? t('fixed.soldOut') : t('earn.subscribe.confirm')}
      </Button>
    </Stack>
  );
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Group justify="space-between">
      <Text size="sm">{label}</Text>
      <Text size="sm" fw={600} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}
