import { Decimal, vipLabel } from '@earn/domain';
import { rowIdOf } from '@earn/domain/contract';
import { Anchor, Badge, Button, CopyButton, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useFixedOrder } from '../../../api/fixed-earn.js';
import { CoinIcon } from '../../../components/CoinIcon.js';
import { DetailLine } from '../../../components/DetailLine.js';
import { ListStatus, readFailure } from '../../../components/ListStatus.js';
import { LoadingBlock } from '../../../components/LoadingBlock.js';
import { notifySuccess } from '../../../lib/notify.js';
import { useFormat } from '../../../lib/use-format.js';
import { useIsMobile } from '../../../lib/use-is-mobile.js';
import { EarlyRedeemDialog } from './EarlyRedeemDialog.js';
import { FixedDetailApr } from './FixedDetailApr.js';
import { FixedStatusBadge } from './FixedHoldings.js';
import { FixedSubscribeDialog, type FixedTarget } from './FixedSubscribeDialog.js';
import { RedeemToSelect, ReinvestSwitch } from './OrderChoices.js';
import { renewsAtMaturity } from './renewal.js';
import { useSubscribeAgain } from './use-subscribe-again.js';

/** A fixed order's detail: every figure of the spec, its switches, early redeem and subscribe again. */
export default function FixedDetailPage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const isMobile = useIsMobile();
  const [params] = useSearchParams();
  // The address names the order twice (/my-lendings/{id}?order_id={id}); a link that names two
  // orders names none. By the row-id rule, '0', '1e3' or 2^31 name no order, and are not asked for.
  const { id: pathId } = useParams();
  const orderId = params.get('order_id') ?? pathId ?? '';
  const named = rowIdOf(orderId) !== null && (pathId === undefined || pathId === orderId);
  const order = useFixedOrder(named ? orderId : '');
  const [redeeming, setRedeeming] = useState(false);
  const [subscribing, setSubscribing] = useState<FixedTarget | null>(null);
  const subscribeAgain = useSubscribeAgain(setSubscribing);
  // A read that keeps failing falls through to say so, with a retry, not to load through every try.
  if (order.isPending && named && !readFailure(order)) return <LoadingBlock rows={6} />;
  const o = order.data;
  if (!o) {
    return (
      <Stack maw={900} mx="auto">
        <Paper withBorder p="md" data-testid="fixed-detail-empty">
          <ListStatus
            count={0}
            error={readFailure(order)}
            onRetry={() => void order.refetch()}
            empty={named ? t('fixed.detail.notFound', { id: orderId }) : t('fixed.detail.noOrder')}
          />
        </Paper>
        <Anchor component={Link} to="/simple-earn/my-lendings?tab=fixed">
          {t('earn.myHoldings')}
        </Anchor>
      </Stack>
    );
  }
  // Paid (3) or redeemed early (4): the figures are what was paid and when, no longer estimates.
  const ended = o.status >= 3;
  // Renews at maturity, and whether a part of it is paid out.
  const renews = renewsAtMaturity(o);
  const partPaidOut = renews && o.reinvest_amount !== '' && new Decimal(o.reinvest_amount).lt(o.principal);
  // On a phone a field is a line, its value to the right of its label: two columns would break an
  // amount with 8 places, or a date and time, over two lines.
  const field = (label: string, value: React.ReactNode, testId?: string) =>
    isMobile ? (
      <DetailLine key={label} label={label} value={value} {...(testId ? { testId } : {})} />
    ) : (
      <Stack gap={2} key={label}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Text fw={600} component="div" data-testid={testId}>
          {value}
        </Text>
      </Stack>
    );
  return (
    <Stack maw={900} mx="auto">
      <Anchor component={Link} to="/simple-earn/my-lendings?tab=fixed" size="sm">
        ← {t('earn.myHoldings')}
      </Anchor>
      <Group justify="space-between">
        <Group gap="sm">
          <CoinIcon symbol={o.asset} icon={o.icon} />
          <Title order={1} size="h2">
            {o.asset} · {t('fixed.termTitle', { count: o.lock_up_period })}
          </Title>
          {o.product_type === 2 && (
            <Badge color="yellow" variant="light">
              {vipLabel(o)}
            </Badge>
          )}
          <FixedStatusBadge status={o.status} />
        </Group>
      </Group>
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing={isMobile ? 'xs' : 'lg'}>
          {field(t('earn.holding.principal'), `${fmt.amount(o.principal)} ${o.asset}`, 'detail-principal')}
          {field(
            t(ended ? 'fixed.earningsPaid' : 'fixed.estEarnings'),
            `${fmt.amount(o.total_interest)} ${o.asset}`,
            'detail-interest',
          )}
          {field(t('fixed.term'), t('fixed.days', { count: o.lock_up_period }))}
          {field(
            // With a bonus the detail shows the product's APR (spec), and says so.
            t(o.bonus_info && o.status !== 4 ? 'fixed.aprProduct' : 'fixed.apr'),
            <FixedDetailApr order={o} />,
          )}
          {field(t('fixed.subscribedAt'), fmt.dateTime(o.create_time * 1000))}
          {field(t('earn.timeline.interestStarts'), fmt.dateTime(o.interest_start_time * 1000))}
          {/* Spec: with auto-reinvest on, the timeline shows the next subscription (the renewal
              starts at maturity) instead of the redemption; a part renewal's rest is still paid out. */}
          {renews && field(t('fixed.timeline.nextSubscription'), fmt.dateTime(o.finish_time * 1000), 'detail-renews')}
          {(!renews || partPaidOut) &&
            field(
              t(ended ? 'fixed.received' : renews ? 'fixed.restReceivedAt' : 'fixed.receivedAt'),
              fmt.dateTime(o.received_time * 1000),
              'detail-received',
            )}
          {field(
            t('fixed.orderId'),
            <Group gap={4}>
              {o.order_id}
              <CopyButton value={o.order_id}>
                {({ copy }) => (
                  <Anchor
                    component="button"
                    size="sm"
                    onClick={() => {
                      copy();
                      notifySuccess(t('Copied'));
                    }}
                  >
                    {t('fixed.copy')}
                  </Anchor>
                )}
              </CopyButton>
            </Group>,
          )}
          {o.renewed_order_id &&
            field(
              t('fixed.renewedInto'),
              <Anchor
                component={Link}
                to={`/simple-earn/my-lendings/${o.renewed_order_id}?orderType=fixed&asset=${o.asset}&order_id=${o.renewed_order_id}`}
              >
                {o.renewed_order_id}
              </Anchor>,
            )}
        </SimpleGrid>
      </Paper>
      {o.status <= 2 && (
        <Paper withBorder p="md">
          <Stack>
            <Stack gap={2}>
              <Group justify="space-between">
                <Text>{t('fixed.redeemTo')}</Text>
                <RedeemToSelect order={o} />
              </Group>
              {/* Said, not only in the '--' tooltip: a phone shows no tooltip. */}
              {o.reinvest_status === 1 && (
                <Text size="xs" c="dimmed" data-testid="redeem-to-reinvest">
                  {t('fixed.redeemTo.reinvest')}
                </Text>
              )}
            </Stack>
            {o.product_info.reinvest === 1 && (
              <Group justify="space-between">
                <Stack gap={0}>
                  <Text>{t('fixed.reinvest.label')}</Text>
                  {o.reinvest_status === 1 && (
                    <Text size="xs" c="dimmed">
                      {o.reinvest_amount
                        ? t('fixed.reinvest.partOf', { amount: fmt.amount(o.reinvest_amount), coin: o.asset })
                        : t('fixed.reinvest.all')}
                    </Text>
                  )}
                </Stack>
                <ReinvestSwitch order={o} />
              </Group>
            )}
          </Stack>
        </Paper>
      )}
      <Group>
        {o.status <= 1 && (
          <Button
            variant="default"
            disabled={o.product_info.pre_redeem !== 1 || o.actions_locked}
            onClick={() => setRedeeming(true)}
            data-testid="detail-early"
          >
            {t('fixed.early.button')}
          </Button>
        )}
        <Button onClick={() => subscribeAgain(o)}>{t('earn.subscribeAgain')}</Button>
      </Group>
      {o.product_info.pre_redeem !== 1 && o.status <= 1 && (
        <Text size="sm" c="dimmed">
          {t('fixed.lock.product')}
        </Text>
      )}
      <EarlyRedeemDialog order={redeeming ? o : null} onClose={() => setRedeeming(false)} />
      <FixedSubscribeDialog target={subscribing} onClose={() => setSubscribing(null)} />
    </Stack>
  );
}
