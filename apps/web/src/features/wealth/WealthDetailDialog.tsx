import { Decimal, UNIT_PLACES, wealthAxis } from '@earn/domain';
import type { WealthProduct } from '@earn/domain/contract';
import { Badge, Group, SegmentedControl, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWealthDetail, useWealthLines } from '../../api/wealth.js';
import { ChartLoading } from '../../components/ChartLoading.js';
import { DetailLine } from '../../components/DetailLine.js';
import { InfoPopup } from '../../components/InfoPopup.js';
import { ListStatus, readStatus } from '../../components/ListStatus.js';
import { ResponsiveModal } from '../../components/ResponsiveModal.js';
import { useFormat } from '../../lib/use-format.js';

const RateLineChart = lazy(() => import('../../components/RateLineChart.js'));
/** Spec: chart ranges 30, 180, 365 and 730 days, default 30. */
const RANGES = ['30', '180', '365', '730'] as const;

/** A holding's detail: personal info, product info, and the assets-trend and change charts. */
export function WealthDetailDialog({ product, onClose }: { product: WealthProduct | null; onClose(): void }) {
  return (
    <ResponsiveModal opened={product !== null} onClose={onClose} title={product?.name ?? ''} size="lg">
      {product && <Detail product={product} />}
    </ResponsiveModal>
  );
}

function Detail({ product }: { product: WealthProduct }) {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  const held = product.unit !== '0' || product.unit_pending !== '0' || product.amount_pending !== '0';
  const detail = useWealthDetail(product, held, i18n.language);
  const d = detail.data;
  return (
    <Stack data-testid="wealth-detail">
      <Group gap="xs">
        <Badge color={product.project_type === 5 ? 'grape' : 'yellow'} variant="light">
          {t(product.project_type === 5 ? 'wealth.thirdParty' : 'wealth.platform')}
        </Badge>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {product.manager}
        </Text>
      </Group>
      {held && (
        <>
          <Text fw={600}>{t('wealth.personal')}</Text>
          {d ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={4}>
              <DetailLine label={t('wealth.worth')} value={`${fmt.amount(d.amount)} ${d.coin}`} testId="wealth-worth" />
              <DetailLine label={t('wealth.units')} value={fmt.amount(d.unit)} testId="wealth-detail-units" />
              <DetailLine
                label={t('wealth.income')}
                value={
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <span data-testid="wealth-income">{`${fmt.amount(d.income_amount)} ${d.coin}`}</span>
                    <InfoPopup>{t('wealth.incomeTip', { places: UNIT_PLACES })}</InfoPopup>
                  </Group>
                }
              />
              <DetailLine label={t('wealth.buyNav')} value={fmt.amount(d.net_value_ratio_buy)} />
              <DetailLine label={t('wealth.runDays')} value={t('wealth.days', { count: d.run_days })} />
              <DetailLine label={t('wealth.clientId')} value={d.client_id} />
            </SimpleGrid>
          ) : (
            <ListStatus count={0} {...readStatus(detail)} />
          )}
          {d?.orders
            .filter((o) => o.side === 'redeem' && o.status === 'done' && new Decimal(o.carried).gt(0))
            .slice(0, 1)
            .map((o) => (
              <Text key={o.order_id} size="sm" c="dimmed" data-testid="wealth-gate-note">
                {t('wealth.gateCarried', {
                  units: fmt.amount(o.unit),
                  amount: fmt.amount(o.amount),
                  coin: o.coin,
                  time: fmt.dateTime(o.valuation_time * 1000),
                  carried: fmt.amount(o.carried),
                })}
              </Text>
            ))}
          {d?.orders
            .filter((o) => o.status === 'pending')
            .map((o) => (
              <Text key={o.order_id} size="sm" c="orange" data-testid="wealth-pending-order">
                {o.side === 'purchase'
                  ? t('wealth.pendingPurchase', {
                      amount: fmt.amount(o.amount),
                      coin: o.coin,
                      time: fmt.dateTime(o.valuation_time * 1000),
                    })
                  : t('wealth.pendingRedeem', {
                      units: fmt.amount(o.unit),
                      time: fmt.dateTime(o.valuation_time * 1000),
                    })}
              </Text>
            ))}
        </>
      )}
      <Text fw={600}>{t('wealth.productInfo')}</Text>
      <Stack gap={4}>
        <DetailLine label={t('wealth.nav')} value={fmt.amount(product.nav)} />
        <DetailLine label={t('wealth.recent30')} value={fmt.rate(product.recent_30_days_rate)} />
        <DetailLine label={t('wealth.fee')} value={fmt.rate(product.fee_rate)} />
        <DetailLine label={t('wealth.minimum')} value={`${fmt.amount(product.min_purchase)} ${product.coin}`} />
        <DetailLine label={t('wealth.nextValuation')} value={fmt.dateTime(product.next_valuation_time * 1000)} />
      </Stack>
      <Text size="sm">{product.strategy}</Text>
      <Charts product={product} held={held} />
    </Stack>
  );
}

function Charts({ product, held }: { product: WealthProduct; held: boolean }) {
  const { t } = useTranslation();
  const [type, setType] = useState<'balance' | 'rate'>(held ? 'balance' : 'rate');
  return (
    <Tabs value={type} onChange={(v) => setType(v === 'balance' ? 'balance' : 'rate')}>
      <Tabs.List>
        {held && <Tabs.Tab value="balance">{t('wealth.assetsTrend')}</Tabs.Tab>}
        <Tabs.Tab value="rate">{t('wealth.change')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value={type} pt="sm">
        <Chart product={product} type={type} />
      </Tabs.Panel>
    </Tabs>
  );
}

function Chart({ product, type }: { product: WealthProduct; type: 'balance' | 'rate' }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [range, setRange] = useState<(typeof RANGES)[number]>('30');
  const lines = useWealthLines(product, type, Number(range), true);
  const points = lines.data?.lines ?? [];
  const labels = useMemo(() => points.map((p) => fmt.date(p.timestamp * 1000)), [points, fmt]);
  const values = useMemo(() => points.map((p) => Number(p.value)), [points]);
  const axis = useMemo(() => wealthAxis(values), [values]);
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <SegmentedControl
          size="xs"
          value={range}
          onChange={(v) => setRange(v as (typeof RANGES)[number])}
          data={RANGES.map((r) => ({ value: r, label: t('wealth.rangeDays', { count: Number(r) }) }))}
        />
        {lines.data && points.length > 0 && (
          <Text size="sm" c={lines.data.change.startsWith('-') ? 'red' : 'teal'} data-testid="wealth-change">
            {fmt.rate(lines.data.change)}
          </Text>
        )}
      </Group>
      <Suspense fallback={<ChartLoading />}>
        <RateLineChart
          labels={labels}
          percents={values}
          loading={lines.isPending}
          testId={`wealth-chart-${type}`}
          suffix={type === 'rate' ? '%' : ` ${product.coin}`}
          axis={axis}
          emptyKey="wealth.no_data"
        />
      </Suspense>
    </Stack>
  );
}
