import {
  aprBreakdown,
  awardBonus,
  checkFlexibleSubscribe,
  Decimal,
  estimatedDailyReturn,
  flexibleTimeline,
  ladderBonus,
  onTopOf,
  parseAmount,
} from '@earn/domain';
import type { FlexibleProduct } from '@earn/domain/contract';
import { Alert, Anchor, Badge, Button, Group, List, Stack, Table, Tabs, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe } from '../../api/account.js';
import { serverNow } from '../../api/client.js';
import { useRates } from '../../api/market.js';
import { useAvailable, useHolding, useSubscribeFlexible } from '../../api/simple-earn.js';
import { AmountInput } from '../../components/AmountInput.js';
import { CoinIcon } from '../../components/CoinIcon.js';
import { DetailLine } from '../../components/DetailLine.js';
import { InfoPopup } from '../../components/InfoPopup.js';
import { ResponsiveModal } from '../../components/ResponsiveModal.js';
import { notifyError, refusalText } from '../../lib/notify.js';
import { useAutoClose } from '../../lib/use-auto-close.js';
import { useFormat } from '../../lib/use-format.js';
import { useIsMobile } from '../../lib/use-is-mobile.js';
import { AprText } from './AprText.js';
import { EarnTimeline } from './EarnTimeline.js';
import { LendAvailable } from './LendAvailable.js';
import { MinAprModal } from './MinAprModal.js';
import { useSuccessTitle } from './use-success-title.js';

/** Subscribe is throttled (spec: 500 ms). */
const SUBSCRIBE_THROTTLE_MS = 500;

export function SubscribeDialog({ product, onClose }: { product: FlexibleProduct | null; onClose(): void }) {
  const { t } = useTranslation();
  const [success, setSuccess] = useState<{ asset: string; amount: string; apr: FlexibleProduct } | null>(null);
  // 'Subscribe more' from the success view opens the form again for the same coin.
  const [again, setAgain] = useState<FlexibleProduct | null>(null);
  const shown = product ?? again;
  const close = () => {
    setAgain(null);
    onClose();
  };
  return (
    <>
      <ResponsiveModal
        opened={shown !== null}
        onClose={close}
        title={t('earn.subscribe.title', { coin: shown?.asset ?? '' })}
        size="lg"
      >
        {shown && (
          <SubscribeForm
            product={shown}
            onDone={(amount) => {
              setSuccess({ asset: shown.asset, amount, apr: shown });
              close();
            }}
          />
        )}
      </ResponsiveModal>
      <SubscribeSuccess
        result={success}
        onClose={() => setSuccess(null)}
        onMore={() => {
          setAgain(success?.apr ?? null);
          setSuccess(null);
        }}
      />
    </>
  );
}

function SubscribeForm({ product, onDone }: { product: FlexibleProduct; onDone(amount: string): void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const isMobile = useIsMobile();
  const me = useMe();
  const available = useAvailable(product.asset);
  const subscribe = useSubscribeFlexible();
  const [amount, setAmount] = useState('');
  const [minRate, setMinRate] = useState<string | null>(null);
  // A subscription without a minimum keeps the one the holding has: that is the one to show.
  const holding = useHolding(me.data ? product.asset : '');
  const keptRate = holding.data?.min_lend_rate_year ?? null;
  const shownRate = minRate ?? keptRate;
  const [editingRate, setEditingRate] = useState(false);
  const [nowMs, setNowMs] = useState(() => serverNow());
  useEffect(() => {
    const timer = setInterval(() => setNowMs(serverNow()), 1000);
    return () => clearInterval(timer);
  }, []);

  const balance = available.data?.lend_earn_available ?? '0';
  const precision = isMobile ? 6 : 8;
  // Zero is read, so that it is told the minimum like any amount below it.
  const parsed = amount === '' ? null : parseAmount('amount', amount, { maxDecimals: precision, allowZero: true });
  const check = parsed?.ok
    ? checkFlexibleSubscribe(parsed.value, {
        minLendAmount: product.min_lend_amount,
        available: balance,
        asset: product.asset,
      })
    : null;
  const error = check && !check.ok ? refusalText(check.key, check.params) : undefined;
  const hasRate = new Decimal(product.next_time_rate_year).gt(0);
  const canSubmit = check?.ok === true && hasRate && !subscribe.isPending;
  const value = check?.ok ? check.value : new Decimal(0);
  const daily = estimatedDailyReturn(value, product.next_time_rate_year);
  // Bonuses are paid on the whole holding: what is held already fills the ladder's lowest tiers and
  // the award pool's limit, so the estimate is what the amount adds on top of it.
  const held = holding.data ? new Decimal(holding.data.curr_amount).minus(holding.data.frozen_amount) : new Decimal(0);
  const ladder = ladderBonus(value, product.ladder_apr, { periodsPerYear: 365, at: onTopOf(held, value) });
  // The award pool pays in its own coin, at the coins' prices.
  const { award } = aprBreakdown(product);
  const rates = useRates();
  const awardPrice = product.award_asset ? rates.data?.get(product.award_asset) : undefined;
  const awardDaily =
    award && awardPrice?.gt(0)
      ? awardBonus(value, award, {
          periodsPerYear: 365,
          held,
          priceRatio: (rates.data?.get(product.asset) ?? new Decimal(0)).div(awardPrice),
        })
      : null;
  const timeline = flexibleTimeline(nowMs);

  const submit = useDebouncedCallback(
    () => {
      if (!check?.ok) return;
      subscribe.mutate(
        { asset: product.asset, amount: check.value.toFixed(), ...(minRate ? { rateYear: minRate } : {}) },
        { onSuccess: (res) => onDone(res.amount), onError: (e) => notifyError(e) },
      );
    },
    { delay: SUBSCRIBE_THROTTLE_MS, leading: true },
  );

  return (
    <Stack>
      <Group justify="space-between">
        <Group gap="sm">
          <CoinIcon symbol={product.asset} icon={product.icon} />
          <Text fw={700}>{t('earn.flexible')}</Text>
        </Group>
        <Stack gap={0} align="flex-end">
          <Text size="xs" c="dimmed">
            {t('earn.estApr')}
          </Text>
          <AprText product={product} />
        </Stack>
      </Group>
      <AmountInput
        label={t('earn.subscribe.amount')}
        placeholder={t('earn.subscribe.min', { amount: fmt.amount(product.min_lend_amount), coin: product.asset })}
        precision={precision}
        value={amount}
        onChange={setAmount}
        error={error}
        max={new Decimal(balance).toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed()}
        testId="subscribe-amount"
      />
      <Group justify="space-between">
        <LendAvailable amount={balance} coin={product.asset} />
        {!me.data && (
          <Text size="sm" c="dimmed">
            {t('auth.needLogin')}
          </Text>
        )}
      </Group>
      <Group justify="space-between">
        <Group gap={4}>
          <Text size="sm">{t('earn.minApr.label')}</Text>
          <InfoPopup title={t('earn.minApr.label')}>{t('earn.minApr.intro')}</InfoPopup>
        </Group>
        <Group gap="xs">
          {/* Marked as the detail page marks it (spec: a system-default label when equal to it). */}
          {shownRate && new Decimal(shownRate).eq(product.limit_min_lend_rate_year) && (
            <Badge size="xs" variant="light" data-testid="min-apr-default">
              {t('earn.minApr.systemDefault')}
            </Badge>
          )}
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => setEditingRate(true)}
            data-testid="edit-min-apr"
          >
            {shownRate ? fmt.rate(shownRate) : t('earn.minApr.systemDefault')}
          </Anchor>
        </Group>
      </Group>
      <Stack gap={4}>
        <DetailLine
          whole
          label={t('earn.subscribe.estDaily')}
          value={`${fmt.amount(daily)} ${product.asset}`}
          testId="estimated-daily"
        />
        {award && product.award_asset && (
          <DetailLine
            whole
            label={t('earn.subscribe.estAward')}
            value={awardDaily ? `${fmt.amount(awardDaily)} ${product.award_asset}` : '…'}
            testId="estimated-award"
          />
        )}
        {product.ladder_apr.length > 0 && (
          <DetailLine
            whole
            label={t('earn.subscribe.estBonus')}
            value={`${fmt.amount(ladder)} ${product.ladder_apr[0]?.bonus_asset ?? ''}`}
            testId="estimated-ladder"
          />
        )}
        {(award || product.ladder_apr.length > 0) && held.gt(0) && (
          <Text size="xs" c="dimmed" data-testid="bonus-on-top">
            {t('earn.subscribe.bonusOnTop', { held: fmt.amount(held), coin: product.asset })}
          </Text>
        )}
      </Stack>
      {product.ladder_apr.length > 0 && (
        <Table withTableBorder fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('earn.ladder.tier')}</Table.Th>
              <Table.Th ta="right">{t('earn.ladder.apr')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {product.ladder_apr.map((tier) => (
              <Table.Tr key={`${tier.left}-${tier.right}`}>
                <Table.Td>
                  {fmt.amount(tier.left)} – {fmt.amount(tier.right)} {product.asset}
                </Table.Td>
                <Table.Td ta="right">+{fmt.rate(tier.apr)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Tabs defaultValue="timeline">
        <Tabs.List>
          <Tabs.Tab value="timeline">{t('earn.timeline.title')}</Tabs.Tab>
          <Tabs.Tab value="trading">{t('earn.rules.trading')}</Tabs.Tab>
          <Tabs.Tab value="product">{t('earn.rules.product')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="timeline" pt="sm">
          <EarnTimeline
            steps={[
              { title: t('earn.timeline.subscribed'), ms: timeline.subscribedMs },
              { title: t('earn.timeline.interestStarts'), ms: timeline.interestStartMs },
              { title: t('earn.timeline.interestReceived'), ms: timeline.interestReceivedMs },
            ]}
          />
        </Tabs.Panel>
        <Tabs.Panel value="trading" pt="sm">
          <List size="sm" spacing={4}>
            <List.Item>{t('earn.rules.t1')}</List.Item>
            <List.Item>
              {t('earn.rules.t2', { amount: fmt.amount(product.min_lend_amount), coin: product.asset })}
            </List.Item>
          </List>
        </Tabs.Panel>
        <Tabs.Panel value="product" pt="sm">
          <List size="sm" spacing={4} type="ordered">
            <List.Item>{t('earn.rules.p1')}</List.Item>
            <List.Item>{t('earn.rules.p2')}</List.Item>
            <List.Item>{t('earn.rules.p3')}</List.Item>
          </List>
        </Tabs.Panel>
      </Tabs>
      {!hasRate && <Alert color="yellow">{t('earn.subscribe.noRate')}</Alert>}
      <Button
        size="md"
        onClick={submit}
        disabled={!canSubmit}
        loading={subscribe.isPending}
        data-testid="subscribe-confirm"
      >
        {t('earn.subscribe.confirm')}
      </Button>
      <MinAprModal
        opened={editingRate}
        onClose={() => setEditingRate(false)}
        asset={product.asset}
        current={shownRate ?? product.limit_min_lend_rate_year}
        limitMinRate={product.limit_min_lend_rate_year}
        maxRate={product.max_lend_rate_year}
        onChoose={setMinRate}
      />
    </Stack>
  );
}

function SubscribeSuccess({
  result,
  onClose,
  onMore,
}: {
  result: { asset: string; amount: string; apr: FlexibleProduct } | null;
  onClose(): void;
  onMore(): void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const isMobile = useIsMobile();
  // Spec: on mobile, viewing holdings goes to my-lendings with the tab and the history flag.
  const holdingsLink = `/simple-earn/my-lendings?tab=flexible${isMobile ? '&show_history_modal=1' : ''}`;
  const successTitle = useSuccessTitle();
  useAutoClose(result !== null, onClose);
  return (
    <ResponsiveModal opened={result !== null} onClose={onClose} title={successTitle} size="sm">
      {result && (
        <Stack>
          <Group justify="space-between">
            <Text c="dimmed">{t('assets.coin')}</Text>
            <Text fw={600}>{result.asset}</Text>
          </Group>
          <Group justify="space-between">
            <Text c="dimmed">{t('earn.subscribe.amount')}</Text>
            <Text fw={600} data-testid="success-amount">
              {fmt.amount(result.amount)} {result.asset}
            </Text>
          </Group>
          <Group justify="space-between">
            <Text c="dimmed">{t('earn.estApr')}</Text>
            <AprText product={result.apr} />
          </Group>
          <Group grow>
            <Button component={Link} to={holdingsLink} variant="default" onClick={onClose}>
              {t('earn.success.viewHoldings')}
            </Button>
            <Button onClick={onMore} data-testid="subscribe-more">
              {t('earn.success.more')}
            </Button>
          </Group>
        </Stack>
      )}
    </ResponsiveModal>
  );
}
