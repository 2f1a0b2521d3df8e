import { vipLabel } from '@earn/domain';
import type { FixedHolding } from '@earn/domain/contract';
import { Anchor, Badge, Button, Card, Flex, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFixedHoldings } from '../../../api/fixed-earn.js';
import { CoinIcon } from '../../../components/CoinIcon.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { InfoPopup } from '../../../components/InfoPopup.js';
import { ListStatus, readStatus } from '../../../components/ListStatus.js';
import { type Column, PagedTable } from '../../../components/PagedTable.js';
import { useFormat } from '../../../lib/use-format.js';
import { useIsMobile } from '../../../lib/use-is-mobile.js';
import { useOpenedItem } from '../../../lib/use-opened-item.js';
import { EarlyRedeemDialog } from './EarlyRedeemDialog.js';
import { FixedSubscribeDialog, type FixedTarget } from './FixedSubscribeDialog.js';
import { foreignBonus } from './foreign-bonus.js';
import { RedeemToSelect, ReinvestSwitch } from './OrderChoices.js';
import { renewsAtMaturity } from './renewal.js';
import { useSubscribeAgain } from './use-subscribe-again.js';

const PAGE_SIZE = 10;

export const fixedDetailLink = (o: Pick<FixedHolding, 'id' | 'asset' | 'order_id'>) =>
  `/simple-earn/my-lendings/${o.id}?orderType=fixed&asset=${o.asset}&order_id=${o.order_id}`;

/** The order's APR, with the ladder bonus and the voucher on hover (spec). */
export function FixedAprCell({ order }: { order: FixedHolding }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  // Redeemed early, the order was paid what early_redeem says, not the APR it was sold at.
  const early = order.status === 4;
  const extra = order.bonus_info || order.coupon_info;
  const foreign = foreignBonus(order);
  return (
    <Group gap={4} wrap="nowrap">
      <Text
        size="sm"
        c={early ? 'dimmed' : 'teal'}
        fw={600}
        td={early ? 'line-through' : undefined}
        data-testid={`fixed-apr-${order.order_id}`}
      >
        {extra ? `${order.total_year_rate_percent}%` : fmt.rate(order.year_rate)}
      </Text>
      {early && (
        <InfoPopup title={t('fixed.status.4')}>
          <Stack gap={2}>
            <Text size="sm">
              {t('common.pair', {
                label: t('fixed.early.interest'),
                value: `${fmt.amount(order.early_redeem.interest)} ${order.asset}`,
              })}
            </Text>
            <Text size="sm">
              {t(foreign ? 'fixed.early.forfeitedInterest' : 'fixed.early.forfeited', {
                lost: fmt.amount(order.early_redeem.forfeited),
                coin: order.asset,
              })}
            </Text>
            {/* A bonus paid in another coin is not in `forfeited` (which is in the order's coin). */}
            {foreign && (
              <Text size="sm">
                {t('fixed.early.forfeitedBonus', {
                  bonus: fmt.amount(foreign.amount),
                  coin: foreign.bonus_asset,
                })}
              </Text>
            )}
          </Stack>
        </InfoPopup>
      )}
      {extra && !early && (
        <InfoPopup title={t('fixed.apr')}>
          <Stack gap={2}>
            <Text size="sm">
              {t('common.pair', { label: t('fixed.aprProduct'), value: fmt.rate(order.year_rate) })}
            </Text>
            <OrderExtras order={order} />
          </Stack>
        </InfoPopup>
      )}
    </Group>
  );
}

/**
 * What an order earns beyond its product's APR, as its pop-ups list it: "Est. bonus: 1.97 USDT"
 * ("Bonus paid" once paid), "Rate-up voucher: +3.00% · 0.57 USDT", and that a bonus in another coin is
 * not in the APR.
 */
export function OrderExtras({ order }: { order: FixedHolding }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const foreign = foreignBonus(order);
  const line = (label: string, value: string) => <Text size="sm">{t('common.pair', { label, value })}</Text>;
  return (
    <>
      {order.bonus_info &&
        line(
          t(order.status === 3 ? 'fixed.bonusPaid' : 'fixed.estBonus'),
          `${fmt.amount(order.bonus_info.amount)} ${order.bonus_info.bonus_asset}`,
        )}
      {order.coupon_info &&
        line(
          t('fixed.voucher.label'),
          `+${fmt.percent(order.coupon_info.rate_ratio)} · ${fmt.amount(order.coupon_info.interest)} ${order.asset}`,
        )}
      {foreign && (
        <Text size="sm" c="dimmed">
          {t('fixed.bonusInOther', { asset: foreign.bonus_asset })}
        </Text>
      )}
    </>
  );
}

export function FixedStatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" fw={600} c={status <= 1 ? 'teal' : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
      {t(`fixed.status.${status}`)}
    </Text>
  );
}

/** A date over its time (and what it is, when not what the column says): short lines keep the wide table within the page. */
function DateTimeCell({ ms, note }: { ms: number; note?: string }) {
  const fmt = useFormat();
  return (
    <Stack gap={0}>
      <Text size="sm">{fmt.date(ms)}</Text>
      <Text size="xs" c="dimmed">
        {fmt.time(ms)}
      </Text>
      {note && (
        <Text size="xs" c="teal">
          {note}
        </Text>
      )}
    </Stack>
  );
}

/** The fixed holdings tab: every column of the spec, paged at 10; a load-more list on phones. */
export function FixedHoldings() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const isMobile = useIsMobile();
  const [page, setPage] = useState(1);
  const [mobileLimit, setMobileLimit] = useState(PAGE_SIZE);
  const holdings = useFixedHoldings(isMobile ? 1 : page, isMobile ? mobileLimit : PAGE_SIZE);
  const list = holdings.data?.list ?? [];
  const [redeeming, setRedeeming] = useOpenedItem(list, (o) => o.order_id);
  const [subscribing, setSubscribing] = useState<FixedTarget | null>(null);
  const subscribeAgain = useSubscribeAgain(setSubscribing);

  // The order's number under its coin: a column of its own would push the table past a laptop's width.
  const coin = (o: FixedHolding) => (
    <Anchor component={Link} to={fixedDetailLink(o)} underline="never" c="inherit">
      <Group gap="xs" wrap="nowrap">
        <CoinIcon symbol={o.asset} icon={o.icon} />
        <div>
          <Group gap={6} wrap="nowrap">
            <Text fw={600}>{o.asset}</Text>
            {o.product_type === 2 && (
              <Badge size="xs" color="yellow" variant="light">
                {vipLabel(o)}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {t('fixed.orderId')} {o.order_id}
          </Text>
        </div>
      </Group>
    </Anchor>
  );
  // In the table the two buttons stack, so the widest column of a wide table stays narrow.
  const actions = (o: FixedHolding, stacked = false) => (
    <Flex gap={stacked ? 4 : 'xs'} direction={stacked ? 'column' : 'row'} justify="flex-end" align="stretch">
      {o.status <= 1 && (
        <Button
          size="compact-sm"
          variant="default"
          disabled={o.product_info.pre_redeem !== 1 || o.actions_locked}
          title={
            o.product_info.pre_redeem !== 1
              ? t('fixed.lock.product')
              : o.actions_locked
                ? t('fixed.lock.hour')
                : undefined
          }
          onClick={() => setRedeeming(o)}
          data-testid={`early-${o.order_id}`}
        >
          {t('fixed.early.button')}
        </Button>
      )}
      <Button size="compact-sm" onClick={() => subscribeAgain(o)} data-testid={`again-${o.order_id}`}>
        {t('earn.subscribeAgain')}
      </Button>
    </Flex>
  );
  const columns: Column<FixedHolding>[] = [
    { key: 'coin', title: t('assets.coin'), render: coin },
    { key: 'created', title: t('fixed.subscribedAt'), render: (o) => <DateTimeCell ms={o.create_time * 1000} /> },
    {
      key: 'principal',
      title: t('earn.holding.principal'),
      render: (o) => <span data-testid={`fixed-principal-${o.order_id}`}>{fmt.amount(o.principal)}</span>,
    },
    { key: 'term', title: t('fixed.term'), render: (o) => t('fixed.days', { count: o.lock_up_period }) },
    { key: 'interest', title: t('fixed.estEarnings'), render: (o) => fmt.amount(o.total_interest) },
    { key: 'apr', title: t('fixed.apr'), render: (o) => <FixedAprCell order={o} /> },
    {
      key: 'received',
      title: t('fixed.receivedAt'),
      render: (o) =>
        renewsAtMaturity(o) ? (
          <DateTimeCell ms={o.finish_time * 1000} note={t('fixed.timeline.nextSubscription')} />
        ) : (
          <DateTimeCell ms={o.received_time * 1000} />
        ),
    },
    { key: 'status', title: t('fixed.statusTitle'), render: (o) => <FixedStatusBadge status={o.status} /> },
    { key: 'redeemTo', title: t('fixed.redeemTo'), render: (o) => <RedeemToSelect order={o} /> },
    { key: 'reinvest', title: t('fixed.reinvest.short'), render: (o) => <ReinvestSwitch order={o} /> },
    { key: 'actions', title: t('assets.actions'), align: 'right', render: (o) => actions(o, true) },
  ];
  // A first visit with nothing held is shown where to start.
  const empty = (
    <EmptyState
      text={t('earn.holdings.emptyFixed')}
      action={{ label: t('earn.holdings.explore'), to: '/simple-earn' }}
    />
  );
  return (
    <>
      {isMobile ? (
        <Stack gap="sm" data-testid="fixed-holdings">
          {list.map((o) => (
            <Card key={o.order_id} withBorder padding="sm">
              <Group justify="space-between">
                {coin(o)}
                <FixedStatusBadge status={o.status} />
              </Group>
              {[
                [t('fixed.subscribedAt'), fmt.dateTime(o.create_time * 1000)],
                [t('earn.holding.principal'), `${fmt.amount(o.principal)} ${o.asset}`],
                [t('fixed.term'), t('fixed.days', { count: o.lock_up_period })],
                [t('fixed.estEarnings'), `${fmt.amount(o.total_interest)} ${o.asset}`],
                renewsAtMaturity(o)
                  ? [t('fixed.timeline.nextSubscription'), fmt.dateTime(o.finish_time * 1000)]
                  : [t('fixed.receivedAt'), fmt.dateTime(o.received_time * 1000)],
              ].map(([label, value]) => (
                <Group key={label} justify="space-between" mt={4}>
                  <Text size="sm" c="dimmed">
                    {label}
                  </Text>
                  <Text size="sm">{value}</Text>
                </Group>
              ))}
              <Group justify="space-between" mt={4}>
                <Text size="sm" c="dimmed">
                  {t('fixed.apr')}
                </Text>
                <FixedAprCell order={o} />
              </Group>
              <Group justify="space-between" mt="xs">
                <Text size="sm" c="dimmed">
                  {t('fixed.redeemTo')}
                </Text>
                <RedeemToSelect order={o} />
              </Group>
              <Group justify="space-between" mt="xs">
                <Text size="sm" c="dimmed">
                  {t('fixed.reinvest.short')}
                </Text>
                <ReinvestSwitch order={o} />
              </Group>
              <Group mt="xs" justify="flex-end">
                {actions(o)}
              </Group>
            </Card>
          ))}
          <ListStatus count={list.length} {...readStatus(holdings)} empty={empty} />
          {(holdings.data?.total ?? 0) > list.length && (
            <Button variant="subtle" onClick={() => setMobileLimit(mobileLimit + PAGE_SIZE)}>
              {t('earn.loadMore')}
            </Button>
          )}
        </Stack>
      ) : (
        <Paper withBorder p="md" data-testid="fixed-holdings">
          <PagedTable
            columns={columns}
            rows={list}
            rowKey={(o) => o.order_id}
            total={holdings.data?.total ?? 0}
            page={page}
            onPageChange={setPage}
            empty={empty}
            {...readStatus(holdings)}
            // Eleven columns: a laptop's width holds them with narrower gaps.
            cellSpacing={6}
          />
        </Paper>
      )}
      <EarlyRedeemDialog order={redeeming} onClose={() => setRedeeming(null)} />
      <FixedSubscribeDialog target={subscribing} onClose={() => setSubscribing(null)} />
    </>
  );
}
