import type { FlexibleHolding } from '@earn/domain/contract';
import { Anchor, Button, Card, Group, Paper, Stack, Switch, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useMe } from '../../api/account.js';
import { useHoldings, useProducts } from '../../api/simple-earn.js';
import { CoinIcon } from '../../components/CoinIcon.js';
import { DetailLine } from '../../components/DetailLine.js';
import { Dialog } from '../../components/Dialog.js';
import { EmptyState } from '../../components/EmptyState.js';
import { InfoPopup } from '../../components/InfoPopup.js';
import { ListStatus, readStatus } from '../../components/ListStatus.js';
import { type Column, PagedTable } from '../../components/PagedTable.js';
import { useFormat } from '../../lib/use-format.js';
import { useIsMobile } from '../../lib/use-is-mobile.js';
import { useOpenedItem } from '../../lib/use-opened-item.js';
import { AprText } from './AprText.js';
import { AutoEarnConfirm, type AutoEarnTarget } from './AutoEarnConfirm.js';
import { CancelRedemptionConfirm } from './CancelRedemptionConfirm.js';
import { FixedHoldings } from './fixed/FixedHoldings.js';
import { HistoryView } from './HistoryView.js';
import { RedeemDialog } from './RedeemDialog.js';
import { SubscribeDialog } from './SubscribeDialog.js';

const PAGE_SIZE = 10;

export default function MyLendingsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'fixed' ? 'fixed' : 'flexible';
  // show_history_modal=1 opens the history as a dialog over the holdings.
  const historyOpen = params.get('show_history_modal') === '1';
  const closeHistory = () => {
    const next = new URLSearchParams(params);
    next.delete('show_history_modal');
    setParams(next);
  };
  return (
    <Stack maw={1360} mx="auto">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('earn.myHoldings')}
        </Title>
        <Group>
          <Anchor
            component="button"
            onClick={() => setParams({ tab, show_history_modal: '1' })}
            data-testid="open-history"
          >
            {t('earn.history.title')}
          </Anchor>
          <Anchor component={Link} to="/simple-earn">
            {t('earn.title')}
          </Anchor>
        </Group>
      </Group>
      <Dialog opened={historyOpen} onClose={closeHistory} title={t('earn.history.title')} size="xl" centered>
        {historyOpen && <HistoryView queryType={params.get('type')} queryAsset={params.get('asset')} queryTab={tab} />}
      </Dialog>
      <Tabs value={tab} onChange={(v) => setParams({ tab: v ?? 'flexible' })}>
        <Tabs.List>
          <Tabs.Tab value="flexible">{t('earn.flexible')}</Tabs.Tab>
          <Tabs.Tab value="fixed">{t('earn.fixed')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="flexible" pt="md">
          <FlexibleHoldings />
        </Tabs.Panel>
        <Tabs.Panel value="fixed" pt="md">
          {tab === 'fixed' && <FixedHoldings />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function FlexibleHoldings() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const isMobile = useIsMobile();
  const me = useMe();
  const [page, setPage] = useState(1);
  const [mobileLimit, setMobileLimit] = useState(PAGE_SIZE);
  const holdings = useHoldings(isMobile ? 1 : page, isMobile ? mobileLimit : PAGE_SIZE);
  const products = useProducts();
  const list = holdings.data?.list ?? [];
  const [redeeming, setRedeeming] = useOpenedItem(list, (h) => h.asset);
  const [cancelling, setCancelling] = useOpenedItem(list, (h) => h.asset);
  const [autoTarget, setAutoTarget] = useState<AutoEarnTarget | null>(null);
  const [subscribing, setSubscribing] = useState<string | null>(null);
  const subscribeProduct = products.data?.find((p) => p.asset === subscribing) ?? null;
  const autoHidden = me.data?.is_vip ?? false;

  const detailLink = (h: FlexibleHolding) => `/simple-earn/my-lendings/${h.id}?orderType=flexible&asset=${h.asset}`;
  const actions = (h: FlexibleHolding) => (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <Button size="compact-sm" variant="default" onClick={() => setRedeeming(h)} data-testid={`redeem-${h.asset}`}>
        {t('earn.redeem.button')}
      </Button>
      <Button size="compact-sm" onClick={() => setSubscribing(h.asset)}>
        {t('earn.subscribeAgain')}
      </Button>
    </Group>
  );
  // A pending redemption with its revoke link, and the auto-earn switch: in the table and on the phone cards.
  const redeemingCell = (h: FlexibleHolding) => (
    <Group gap={6}>
      <Text size="sm">{fmt.amount(h.frozen_amount)}</Text>
      <Anchor component="button" size="sm" onClick={() => setCancelling(h)} data-testid={`revoke-${h.asset}`}>
        {t('earn.holding.revoke')}
      </Anchor>
    </Group>
  );
  const autoSwitch = (h: FlexibleHolding) => (
    <Switch
      checked={h.auto_invest_status === 1}
      aria-label={`${t('earn.auto.title')} ${h.asset}`}
      onChange={(e) => setAutoTarget({ asset: h.asset, on: e.currentTarget.checked })}
    />
  );
  const columns: Column<FlexibleHolding>[] = [
    {
      key: 'coin',
      title: t('assets.coin'),
      render: (h) => (
        <Anchor component={Link} to={detailLink(h)} underline="never" c="inherit">
          <Group gap="sm" wrap="nowrap">
            <CoinIcon symbol={h.asset} icon={h.icon} />
            <Text fw={600}>{h.asset}</Text>
          </Group>
        </Anchor>
      ),
    },
    {
      key: 'principal',
      title: t('earn.holding.principal'),
      render: (h) => (
        <Stack gap={0}>
          <Text size="sm" data-testid={`principal-${h.asset}`}>
            {fmt.amount(h.curr_amount)}
          </Text>
          <Text size="xs" c="dimmed">
            {t('earn.holding.lent')} {fmt.amount(h.lend_amount, 6)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'redeeming',
      title: t('earn.holding.redeeming'),
      render: (h) => (h.frozen_status === 1 ? redeemingCell(h) : '--'),
    },
    {
      key: 'cumulative',
      title: (
        <Group gap={4} wrap="nowrap">
          {t('earn.holding.cumulative')}
          <InfoPopup>{t('earn.cumulativeHint')}</InfoPopup>
        </Group>
      ),
      render: (h) => <span data-testid={`cumulative-${h.asset}`}>{fmt.amount(h.cumulative)}</span>,
    },
    { key: 'apr', title: t('earn.holding.nextApr'), render: (h) => <AprText product={h} amount={h.curr_amount} /> },
    ...(autoHidden
      ? []
      : [
          {
            key: 'auto',
            title: t('earn.auto.title'),
            render: autoSwitch,
          },
        ]),
    { key: 'actions', title: t('assets.actions'), align: 'right', render: actions },
  ];
  // A first visit with nothing held is shown where to start.
  const empty = (
    <EmptyState
      text={t('earn.holdings.emptyFlexible')}
      action={{ label: t('earn.holdings.explore'), to: '/simple-earn' }}
    />
  );
  return (
    <>
      {isMobile ? (
        <Stack gap="sm">
          {list.map((h) => (
            <Card key={h.asset} withBorder padding="sm">
              <Group justify="space-between">
                <Anchor component={Link} to={detailLink(h)} underline="never" c="inherit">
                  <Group gap="sm">
                    <CoinIcon symbol={h.asset} icon={h.icon} />
                    <Text fw={600}>{h.asset}</Text>
                  </Group>
                </Anchor>
                <AprText product={h} amount={h.curr_amount} />
              </Group>
              {/* A line each, label and figure, however long the figures: every card reads alike. */}
              <Stack gap={4} mt="xs">
                <DetailLine label={t('earn.holding.principal')} value={fmt.amount(h.curr_amount)} whole />
                <DetailLine label={t('earn.holding.cumulative')} value={fmt.amount(h.cumulative)} whole />
              </Stack>
              {h.frozen_status === 1 && (
                <Group mt="xs" justify="space-between">
                  <Text size="sm" c="dimmed">
                    {t('earn.holding.redeeming')}
                  </Text>
                  {redeemingCell(h)}
                </Group>
              )}
              {!autoHidden && (
                <Group mt="xs" justify="space-between">
                  <Text size="sm" c="dimmed">
                    {t('earn.auto.title')}
                  </Text>
                  {autoSwitch(h)}
                </Group>
              )}
              <Group mt="xs" justify="flex-end">
                {actions(h)}
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
        <Paper withBorder p="md">
          <PagedTable
            columns={columns}
            rows={list}
            rowKey={(h) => h.asset}
            total={holdings.data?.total ?? 0}
            page={page}
            onPageChange={setPage}
            empty={empty}
            {...readStatus(holdings)}
          />
        </Paper>
      )}
      <RedeemDialog holding={redeeming} onClose={() => setRedeeming(null)} />
      <CancelRedemptionConfirm holding={cancelling} onClose={() => setCancelling(null)} />
      <AutoEarnConfirm target={autoTarget} onClose={() => setAutoTarget(null)} />
      <SubscribeDialog product={subscribeProduct} onClose={() => setSubscribing(null)} />
    </>
  );
}
