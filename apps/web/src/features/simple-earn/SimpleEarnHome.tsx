import type { FlexibleProduct } from '@earn/domain/contract';
import { Anchor, Badge, Button, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useCallback, useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useMe } from '../../api/account.js';
import { useAutoInvest, useMarketList, useProducts, useStatistics } from '../../api/simple-earn.js';
import { CoinSearch } from '../../components/CoinSearch.js';
import { ListStatus, readFailure, readStatus } from '../../components/ListStatus.js';
import { lazyDialog } from '../../components/lazy-dialog.js';
import { Pager } from '../../components/Pager.js';
import { errorText } from '../../lib/notify.js';
import { useFormat } from '../../lib/use-format.js';
import { useIsMobile } from '../../lib/use-is-mobile.js';
import { useAuthGate } from '../auth/auth-gate.js';
import { FlexibleMarketList } from './FlexibleMarketList.js';
import { FixedProductsSection } from './fixed/FixedProductsSection.js';
import { ShareButton } from './share/ShareButton.js';

const SubscribeDialog = lazyDialog(() => import('./SubscribeDialog.js').then((m) => m.SubscribeDialog), {
  isOpen: (p) => p.product !== null,
  close: (p) => p.onClose(),
});
const AutoEarnModal = lazyDialog(() => import('./AutoEarnModal.js').then((m) => m.AutoEarnModal), {
  isOpen: (p) => p.opened,
  close: (p) => p.onClose(),
});

/** A page with no products (the list could not be read); one array, so the list is not drawn again. */
const NO_PRODUCTS: FlexibleProduct[] = [];

/** Spec: market page size 7. */
const PAGE_SIZE = 7;

export default function SimpleEarnHome() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const me = useMe();
  const { requireLogin } = useAuthGate();
  const isVip = me.data?.is_vip ?? false;
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<3 | 4>(3);
  const [page, setPage] = useState(1);
  const [subscribing, setSubscribing] = useState<FlexibleProduct | null>(null);
  const isMobile = useIsMobile();
  const [autoOpen, setAutoOpen] = useState(false);
  const markets = useMarketList({ page, limit: PAGE_SIZE, search_coin: search.trim().toUpperCase(), sort_type: sort });
  const stats = useStatistics(Boolean(me.data));
  const auto = useAutoInvest(Boolean(me.data) && !isVip);
  const autoOn = auto.data
    ? auto.data.global_status === 1 || Object.values(auto.data.status).some((s) => s === 1)
    : false;
  // Enable or Set up is offered once the reader's status is known: a guest's at once, a signed-in
  // reader's once read (the session's own read first).
  const autoRead = me.data === undefined ? readStatus(me) : me.data && !isVip ? readStatus(auto) : null;
  const pages = Math.max(1, Math.ceil((markets.data?.total ?? 0) / PAGE_SIZE));
  // ?subscribe=COIN (subscribe again from a fixed order falling back to flexible) opens its dialog.
  const [params, setParams] = useSearchParams();
  const products = useProducts();
  const askedCoin = params.get('subscribe')?.toUpperCase();
  const asked = (me.data && products.data?.find((p) => p.asset === askedCoin)) || null;
  // The link opens the dialog once and leaves the address, so Back closes it as any other dialog.
  useEffect(() => {
    if (!asked) return;
    setSubscribing(asked);
    setParams({}, { replace: true });
  }, [asked, setParams]);
  const closeSubscribe = () => setSubscribing(null);

  // The list is drawn from a deferred copy: new rows are drawn in the background, in short slices,
  // while the page keeps answering (a phone spent a long moment on each answer's rows).
  const marketsFailure = readFailure(markets);
  // A read that keeps failing shows no skeletons above its error.
  const shownList = useDeferredValue(
    markets.isPending && !marketsFailure ? undefined : (markets.data?.list ?? NO_PRODUCTS),
  );
  const subscribe = useCallback((p: FlexibleProduct) => requireLogin(() => setSubscribing(p)), [requireLogin]);
  const toggleSort = useCallback(() => setSort((s) => (s === 3 ? 4 : 3)), []);
  return (
    <Stack maw={1100} mx="auto">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {t('earn.title')}
          </Title>
          <Text c="dimmed">{t('earn.subtitle')}</Text>
        </div>
        <Group>
          <Anchor component={Link} to="/simple-earn/my-lendings?tab=flexible">
            {t('earn.myHoldings')}
          </Anchor>
          <Anchor component={Link} to="/simple-earn/history">
            {t('earn.history.title')}
          </Anchor>
          <Anchor component={Link} to="/simple-earn/faq">
            {t('earn.faq')}
          </Anchor>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: isVip ? 1 : 2 }}>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            {t('earn.summary.total')}
          </Text>
          <Text size="xl" fw={700} data-testid="earn-total">
            {stats.data ? `${fmt.fixed(stats.data.total_lend_usdt, 2)} USDT` : '--'}
          </Text>
          <Group gap="lg" mt="xs">
            <Text size="sm">
              {t('earn.summary.cumulative')}: {stats.data ? fmt.amount(stats.data.total_interest_usdt) : '--'} USDT
            </Text>
            <Text size="sm">
              {t('earn.summary.lastHour')}: {stats.data ? fmt.amount(stats.data.last_hour_interest_usdt) : '--'} USDT
            </Text>
            {stats.data && stats.data.total_interest_usdt !== '0' && (
              <ShareButton amount={stats.data.total_interest_usdt} coin="USDT" />
            )}
          </Group>
        </Card>
        {!isVip && (
          <Card withBorder>
            <Group justify="space-between">
              <Group gap="xs">
                <Text fw={600}>{t('earn.auto.title')}</Text>
                {autoOn && (
                  <Badge color="teal" variant="light" data-testid="auto-earn-enabling">
                    {t('earn.auto.enabling')}
                  </Badge>
                )}
              </Group>
              {autoRead?.error ? (
                <Button size="compact-sm" variant="light" onClick={autoRead.onRetry}>
                  {t('common.retry')}
                </Button>
              ) : (
                <Button
                  size="compact-sm"
                  variant="light"
                  loading={autoRead?.loading}
                  onClick={() => requireLogin(() => setAutoOpen(true))}
                  data-testid="auto-earn-setup"
                >
                  {autoOn ? t('earn.auto.setUp') : t('earn.auto.enable')}
                </Button>
              )}
            </Group>
            {autoRead?.error ? (
              <Text size="sm" c="red" mt="xs" role="alert" data-testid="auto-earn-unread">
                {errorText(autoRead.error)}
              </Text>
            ) : null}
            <Text size="sm" c="dimmed" mt="xs">
              {t('earn.auto.cardDesc')}
            </Text>
          </Card>
        )}
      </SimpleGrid>
      <Paper withBorder p="md">
        <Group justify="space-between" mb="sm">
          <Title order={4}>{t('earn.flexible')}</Title>
          <CoinSearch
            value={search}
            onChange={(v) => {
              setSearch(v);
              setPage(1);
            }}
            width={200}
          />
        </Group>
        <FlexibleMarketList
          list={shownList}
          isMobile={isMobile}
          sort={sort}
          onSort={toggleSort}
          onSubscribe={subscribe}
        />
        {/* No rows: why (a read that failed, with a retry) or that none match. */}
        {(!markets.isPending || Boolean(marketsFailure)) && (
          <ListStatus
            count={markets.data?.list.length ?? 0}
            error={marketsFailure}
            onRetry={() => void markets.refetch()}
            empty={t('assets.noMatch')}
          />
        )}
        {pages > 1 && (
          <Group justify="flex-end" mt="sm">
            <Pager total={pages} page={page} onChange={setPage} />
          </Group>
        )}
      </Paper>
      <FixedProductsSection />
      <SubscribeDialog product={subscribing} onClose={closeSubscribe} />
      <AutoEarnModal opened={autoOpen} onClose={() => setAutoOpen(false)} />
    </Stack>
  );
}
