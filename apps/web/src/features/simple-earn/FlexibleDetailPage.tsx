import { Decimal } from '@earn/domain';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useMe } from '../../api/account.js';
import { useHolding, useLendDetail, useProducts } from '../../api/simple-earn.js';
import { CoinIcon } from '../../components/CoinIcon.js';
import { Dialog } from '../../components/Dialog.js';
import { InfoPopup } from '../../components/InfoPopup.js';
import { ListStatus, readFailure } from '../../components/ListStatus.js';
import { TableScroll } from '../../components/TableScroll.js';
import { useFormat } from '../../lib/use-format.js';
import { AprText } from './AprText.js';
import { AutoEarnConfirm, type AutoEarnTarget } from './AutoEarnConfirm.js';
import { CancelRedemptionConfirm } from './CancelRedemptionConfirm.js';
import { MinAprForm, MinAprModal } from './MinAprModal.js';
import { RedeemDialog } from './RedeemDialog.js';
import { SubscribeDialog } from './SubscribeDialog.js';
import { ShareButton } from './share/ShareButton.js';

const AprChart = lazy(() => import('./AprChart.js'));

export default function FlexibleDetailPage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [params] = useSearchParams();
  const asset = (params.get('asset') ?? '').toUpperCase();
  const me = useMe();
  const holding = useHolding(asset);
  const products = useProducts();
  const lendDetail = useLendDetail(asset);
  const [chartOpen, setChartOpen] = useState(false);
  const [editingRate, setEditingRate] = useState(false);
  const [redeeming, setRedeeming] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [subscribing, setSubscribing] = useState(false);
  const [autoTarget, setAutoTarget] = useState<AutoEarnTarget | null>(null);
  const product = products.data?.find((p) => p.asset === asset) ?? null;
  const h = holding.data;

  // A read that keeps failing falls through to say so, with a retry, not to spin through every try.
  if (holding.isPending && asset !== '' && !readFailure(holding)) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (!h) {
    return (
      <Stack align="center" py="md" data-testid="flexible-detail-empty">
        <ListStatus
          count={0}
          error={readFailure(holding)}
          onRetry={() => void holding.refetch()}
          empty={asset === '' ? t('earn.detail.noAsset') : t('earn.detail.notHeld', { coin: asset })}
        />
        <Group>
          <Anchor component={Link} to="/simple-earn/my-lendings?tab=flexible">
            {t('earn.myHoldings')}
          </Anchor>
          <Anchor component={Link} to="/simple-earn">
            {t('earn.title')}
          </Anchor>
        </Group>
      </Stack>
    );
  }
  const isDefaultRate = new Decimal(h.min_lend_rate_year).eq(h.limit_min_lend_rate_year);
  return (
    <Stack maw={1000} mx="auto">
      <Group gap="sm">
        <Anchor component={Link} to="/simple-earn/my-lendings?tab=flexible">
          ← {t('earn.myHoldings')}
        </Anchor>
      </Group>
      <Group gap="sm">
        <CoinIcon symbol={h.asset} icon={h.icon} size={36} />
        <Title order={1} size="h2">
          {h.asset} {t('earn.flexible')}
        </Title>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            {t('earn.holding.principal')}
          </Text>
          <Text size="xl" fw={700} data-testid="detail-principal">
            {fmt.amount(h.curr_amount)} {h.asset}
          </Text>
        </Card>
        <Card withBorder>
          <Group gap={4}>
            <Text size="sm" c="dimmed">
              {t('earn.holding.cumulative')}
            </Text>
            <InfoPopup title={t('earn.holding.cumulative')}>
              {t('earn.detail.cumulativeTip', { last: fmt.amount(h.interest), coin: h.asset })}
            </InfoPopup>
          </Group>
          <Text size="xl" fw={700} data-testid="detail-cumulative">
            {fmt.amount(h.cumulative)} {h.asset}
          </Text>
          {h.cumulative !== '0' && <ShareButton amount={h.cumulative} coin={h.asset} />}
        </Card>
        <Card withBorder>
          <Group gap={4}>
            <Text size="sm" c="dimmed">
              {t('earn.detail.lentNow')}
            </Text>
            <InfoPopup title={t('earn.detail.lentNow')}>{t('earn.detail.lentNowTip')}</InfoPopup>
          </Group>
          <Text size="xl" fw={700}>
            {fmt.amount(h.lend_amount, 6)} {h.asset}
          </Text>
        </Card>
      </SimpleGrid>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Text>{t('earn.estApr')}</Text>
            <Group gap="xs">
              <AprText product={h} amount={h.curr_amount} size="md" />
              <Anchor component="button" size="sm" onClick={() => setChartOpen(true)} data-testid="open-apr-chart">
                {t('earn.chart.open')}
              </Anchor>
            </Group>
          </Group>
          <Group justify="space-between">
            <Text>{t('earn.minApr.label')}</Text>
            <Group gap="xs">
              <Text fw={600} data-testid="detail-min-apr">
                {fmt.rate(h.min_lend_rate_year)}
              </Text>
              {isDefaultRate && (
                <Badge size="xs" variant="light">
                  {t('earn.minApr.systemDefault')}
                </Badge>
              )}
              <Anchor
                component="button"
                size="sm"
                onClick={() => setEditingRate(true)}
                data-testid="detail-edit-min-apr"
              >
                {t('earn.minApr.edit')}
              </Anchor>
            </Group>
          </Group>
          {new Decimal(h.frozen_amount).gt(0) && (
            <Group justify="space-between">
              <Text>{t('earn.holding.redeeming')}</Text>
              <Group gap="xs">
                <Text fw={600}>
                  {fmt.amount(h.frozen_amount)} {h.asset}
                </Text>
                {h.frozen_status === 1 && (
                  <Anchor component="button" size="sm" onClick={() => setCancelling(true)}>
                    {t('earn.holding.revoke')}
                  </Anchor>
                )}
              </Group>
            </Group>
          )}
        </Stack>
      </Paper>
      {!me.data?.is_vip && (
        <Card withBorder>
          <Group justify="space-between">
            <div>
              <Text fw={600}>{t('earn.auto.title')}</Text>
              <Text size="sm" c="dimmed">
                {t('earn.auto.cardDesc')}
              </Text>
            </div>
            <Switch
              checked={h.auto_invest_status === 1}
              aria-label={t('earn.auto.title')}
              onChange={(e) => setAutoTarget({ asset: h.asset, on: e.currentTarget.checked })}
            />
          </Group>
        </Card>
      )}
      <Paper withBorder p="md">
        <Title order={5} mb="sm">
          {t('earn.detail.last24')}
        </Title>
        <TableScroll minWidth={560}>
          <Table fz="sm" verticalSpacing={4} data-testid="lend-hours">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('earn.detail.hour')}</Table.Th>
                <Table.Th>{t('earn.detail.rate')}</Table.Th>
                <Table.Th>{t('earn.detail.offered')}</Table.Th>
                <Table.Th>{t('earn.detail.lent')}</Table.Th>
                <Table.Th>{t('earn.detail.why')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(lendDetail.data ?? []).map((row) => (
                <Table.Tr key={row.hour}>
                  <Table.Td>{fmt.dateTime(row.hour * 1000).slice(0, -3)}</Table.Td>
                  <Table.Td>{fmt.rate(row.rate)}</Table.Td>
                  <Table.Td>{fmt.amount(row.offered, 6)}</Table.Td>
                  <Table.Td>{fmt.amount(row.lent, 6)}</Table.Td>
                  <Table.Td>{t(`earn.reason.${row.reason}`)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
        {lendDetail.data?.length === 0 && (
          <Text c="dimmed" ta="center">
            {t('common.noData')}
          </Text>
        )}
      </Paper>
      <Group grow>
        <Button variant="default" size="md" onClick={() => setRedeeming(true)} data-testid="detail-redeem">
          {t('earn.redeem.button')}
        </Button>
        <Button size="md" onClick={() => setSubscribing(true)} data-testid="detail-subscribe">
          {t('earn.subscribeAgain')}
        </Button>
      </Group>
      <Dialog
        opened={chartOpen}
        onClose={() => setChartOpen(false)}
        title={t('earn.chart.title', { coin: h.asset })}
        size="xl"
        centered
      >
        {/* Spec's APR detail: the real-time trend, and my minimum lend APR. */}
        <Tabs defaultValue="trend">
          <Tabs.List mb="md">
            <Tabs.Tab value="trend">{t('earn.chart.trendTab')}</Tabs.Tab>
            <Tabs.Tab value="min-apr" data-testid="apr-detail-min-tab">
              {t('earn.minApr.title')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="trend">
            <Suspense fallback={<Loader size="sm" />}>{chartOpen && <AprChart asset={h.asset} />}</Suspense>
          </Tabs.Panel>
          <Tabs.Panel value="min-apr">
            <MinAprForm
              asset={h.asset}
              current={h.min_lend_rate_year}
              limitMinRate={h.limit_min_lend_rate_year}
              maxRate={h.max_lend_rate_year}
              onDone={() => setChartOpen(false)}
            />
          </Tabs.Panel>
        </Tabs>
      </Dialog>
      <MinAprModal
        opened={editingRate}
        onClose={() => setEditingRate(false)}
        asset={h.asset}
        current={h.min_lend_rate_year}
        limitMinRate={h.limit_min_lend_rate_year}
        maxRate={h.max_lend_rate_year}
      />
      <RedeemDialog holding={redeeming ? h : null} onClose={() => setRedeeming(false)} />
      <CancelRedemptionConfirm holding={cancelling ? h : null} onClose={() => setCancelling(false)} />
      <AutoEarnConfirm target={autoTarget} onClose={() => setAutoTarget(null)} />
      <SubscribeDialog product={subscribing ? product : null} onClose={() => setSubscribing(false)} />
    </Stack>
  );
}
