import { bonusRateOn, DAY_MS, isBonusActive, isCoinSymbol, vipDiscountPercent } from '@earn/domain';
import type { StakingBalance, StakingFilter, StakingProduct } from '@earn/domain/contract';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useMe } from '../../api/account.js';
import { serverNow } from '../../api/client.js';
import {
  useStakingBalances,
  useStakingProduct,
  useStakingProducts,
  useStakingProfit,
  useStakingRedemptions,
} from '../../api/staking.js';
import { CoinIcon } from '../../components/CoinIcon.js';
import { CoinSearch } from '../../components/CoinSearch.js';
import { ListStatus, readStatus } from '../../components/ListStatus.js';
import { type Column, PagedTable, pagedQuery } from '../../components/PagedTable.js';
import { useFormat } from '../../lib/use-format.js';
import { type FrameMessage, useFrame } from '../../lib/use-frame.js';
import { useIsMobile } from '../../lib/use-is-mobile.js';
import { useOpenedItem } from '../../lib/use-opened-item.js';
import { useAuthGate } from '../auth/auth-gate.js';
import { dailyEstimate } from './estimate.js';
import { StakingBadges } from './ProductBadges.js';
import { periodParams } from './period.js';
import { RedeemDialog, type RedeemTarget } from './RedeemDialog.js';
import { StakeDialog } from './StakeDialog.js';

const PAGE_SIZE = 10;
// The contract's list, repeated here: a value import of the contract would bring its schema library in.
const STAKING_FILTERS: readonly StakingFilter[] = ['all', 'bonus', 'vip', 'quick', 'receipt', 'debt'];

/**
 * The staking hub: products (search trimmed and upper-cased, page 1 on every change), my staking
 * and my rewards. /staking/{coin}?pid= opens the stake modal of that product.
 */
export default function StakingHubPage() {
  const { t } = useTranslation();
  const me = useMe();
  const [params, setParams] = useSearchParams();
  // A guest sees the products whatever the link asked for: the other tabs are theirs once logged in.
  // The account side's history link (open-history=1) opens the redemption history.
  const asked = params.get('open-history') === '1' ? 'redemptions' : params.get('tab');
  const tab = me.data && (asked === 'mine' || asked === 'rewards' || asked === 'redemptions') ? asked : 'products';
  // The account side's links name a coin (asset=): the lists show that coin's until the user asks for all.
  const asset = (params.get('asset') ?? '').toUpperCase();
  const vip = me.data?.is_vip === true;
  return (
    <Stack maw={1100} mx="auto">
      {/* The VIP banner is a padded card; otherwise the title stands where every page's does. */}
      <Paper
        p={vip ? 'md' : 0}
        radius="md"
        data-testid={vip ? 'staking-vip-theme' : undefined}
        style={
          vip
            ? { background: 'linear-gradient(120deg, #3b2f12 0%, #7a5c1c 100%)', color: '#f8e7b5' }
            : { background: 'transparent' }
        }
      >
        <Group gap="xs">
          <Title order={1} size="h2">
            {t('staking.title')}
          </Title>
          {vip && (
            <Badge color="yellow" variant="filled">
              {t('staking.vipTheme')}
            </Badge>
          )}
        </Group>
        <Text c={vip ? undefined : 'dimmed'}>{t('staking.subtitle')}</Text>
      </Paper>
      <Tabs
        value={tab}
        onChange={(v) => setParams(v && v !== 'products' ? { tab: v, ...(asset ? { asset } : {}) } : {})}
      >
        <Tabs.List>
          <Tabs.Tab value="products">{t('staking.products')}</Tabs.Tab>
          {me.data && <Tabs.Tab value="mine">{t('staking.mine')}</Tabs.Tab>}
          {me.data && <Tabs.Tab value="rewards">{t('staking.rewards')}</Tabs.Tab>}
          {me.data && <Tabs.Tab value="redemptions">{t('staking.redemptions')}</Tabs.Tab>}
        </Tabs.List>
        {asset && tab !== 'products' && (
          <Group gap="xs" mt="sm" data-testid="staking-asset-filter">
            <Badge variant="light">{asset}</Badge>
            <Anchor size="sm" onClick={() => setParams({ tab })}>
              {t('staking.showAllCoins')}
            </Anchor>
          </Group>
        )}
        <Tabs.Panel value="products" pt="md">
          {tab === 'products' && <Products />}
        </Tabs.Panel>
        <Tabs.Panel value="mine" pt="md">
          {tab === 'mine' && <MyStaking asset={asset} />}
        </Tabs.Panel>
        <Tabs.Panel value="rewards" pt="md">
          {tab === 'rewards' && <Rewards asset={asset} />}
        </Tabs.Panel>
        <Tabs.Panel value="redemptions" pt="md">
          {tab === 'redemptions' && <Redemptions asset={asset} />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function Products() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { requireLogin } = useAuthGate();
  const navigate = useNavigate();
  const { coin: routeCoin } = useParams();
  const [params] = useSearchParams();
  const routePid = Number(params.get('pid')) || undefined;
  // A link's coin is asked for only when it can be a symbol: '%00' is named to no one.
  const linkCoin = routeCoin !== undefined && isCoinSymbol(routeCoin) ? routeCoin.toUpperCase() : '';
  const asked = useStakingProduct(linkCoin, routePid);
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<StakingFilter>('all');
  const [page, setPage] = useState(1);
  const [staking, setStaking] = useState<StakingProduct | null>(null);
  const products = useStakingProducts(search.trim().toUpperCase(), page, PAGE_SIZE, filter);
  const open = (p: StakingProduct) => requireLogin(() => setStaking(p));
  const me = useMe();
  // The assets frame may ask to reopen the product it showed last.
  const [last, setLast] = useState<StakingProduct | null>(null);
  const frame = useFrame(
    useCallback(
      (m: FrameMessage) => {
        if (m.type === 'reopen' && last) setStaking(last);
      },
      [last],
    ),
  );
  // A stake link opens its modal for a signed-in user, once, and leaves the address (inside the
  // assets frame the page stays framed), so Back closes it as any other dialog; a guest is asked to
  // log in first.
  const linked = routeCoin && asked.data ? asked.data : null;
  useEffect(() => {
    if (!linked || !me.isSuccess) return;
    if (!me.data) {
      requireLogin();
      return;
    }
    setStaking(linked);
    navigate(frame.framed ? '/staking?is_frame=1' : '/staking', { replace: true });
  }, [linked, me.isSuccess, me.data, requireLogin, navigate, frame.framed]);
  const closeStake = () => {
    if (staking) setLast(staking);
    setStaking(null);
  };
  const columns: Column<StakingProduct>[] = [
    {
      key: 'coin',
      title: t('assets.coin'),
      render: (p) => (
        <Group gap="xs" wrap="nowrap">
          <CoinIcon symbol={p.mortgage_coin} icon={p.icon} />
          {/* A long protocol name wraps within its cell, never past it. */}
          <Stack gap={0} miw={0}>
            <Text fw={600}>{p.mortgage_coin}</Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {p.protocol_name}
            </Text>
          </Stack>
        </Group>
      ),
    },
    { key: 'badges', title: '', render: (p) => <StakingBadges product={p} /> },
    {
      key: 'apr',
      title: t('staking.apr'),
      render: (p) => (
        <Text c="teal" fw={600} data-testid={`staking-apr-${p.pid}`}>
          {p.most_rate === p.rate ? fmt.rate(p.rate) : `${fmt.rate(p.rate)} ~ ${fmt.rate(p.most_rate)}`}
        </Text>
      ),
    },
    { key: 'reward', title: t('staking.rewardCoin'), render: (p) => p.reward_coin },
    {
      key: 'redeem',
      title: t('staking.redeemPeriod'),
      render: (p) => t(`staking.period.${p.extra.redeem_period}`, periodParams(p)),
    },
    {
      key: 'action',
      title: '',
      align: 'right',
      render: (p) => (
        <Button
          size="compact-sm"
          color={me.data?.is_vip ? 'yellow' : undefined}
          onClick={() => open(p)}
          data-testid={`stake-${p.mortgage_coin}-${p.pid}`}
        >
          {t('staking.stake')}
        </Button>
      ),
    },
  ];
  return (
    <Paper withBorder p="md">
      {routeCoin && (linkCoin === '' || asked.isError) && (
        <Alert color="orange" variant="light" mb="sm" data-testid="staking-link-missing">
          {linkCoin === '' ? t('staking.linkNoCoin') : t('staking.linkMissing', { coin: linkCoin })}
        </Alert>
      )}
      <Group justify="space-between" mb="sm" gap="sm">
        <Select
          aria-label={t('staking.filter.label')}
          value={filter}
          allowDeselect={false}
          w={200}
          onChange={(v) => {
            setFilter((v ?? 'all') as StakingFilter);
            setPage(1);
          }}
          data={STAKING_FILTERS.map((f) => ({ value: f, label: t(`staking.filter.${f}`) }))}
          data-testid="staking-filter"
        />
        <CoinSearch
          value={search}
          onChange={(v) => {
            setSearch(v);
            setPage(1);
          }}
        />
      </Group>
      <PagedTable
        columns={columns}
        {...pagedQuery(products)}
        rowKey={(p) => String(p.pid)}
        page={page}
        onPageChange={setPage}
        empty={search.trim() ? t('assets.noMatch') : undefined}
      />
      <StakeDialog product={staking} onClose={closeStake} />
    </Paper>
  );
}

function MyStaking({ asset }: { asset: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const me = useMe();
  const isMobile = useIsMobile();
  const balances = useStakingBalances(true);
  const products = useStakingProducts('', 1, 100);
  const [redeemed, setRedeeming] = useOpenedItem(balances.data ?? [], (b) => b.pid);
  const [staking, setStaking] = useState<StakingProduct | null>(null);
  const productOf = (b: StakingBalance) => products.data?.list.find((p) => p.pid === b.pid);
  const redeemedProduct = redeemed && productOf(redeemed);
  const redeeming: RedeemTarget | null =
    redeemed && redeemedProduct ? { product: redeemedProduct, balance: redeemed } : null;
  const list = (balances.data ?? []).filter((b) => !asset || b.coin === asset);
  return (
    <Stack gap="sm" data-testid="my-staking">
      <ListStatus count={list.length} {...readStatus(balances)} />
      {list.map((b) => {
        const p = productOf(b);
        const receipt = b.receipt_coin !== '';
        // What today pays this holding, as the staking day will (a receipt token's worth grows
        // instead): a normal extra bonus while it runs today; a web3-task one is said in the stake form.
        const today = Math.floor(serverNow() / DAY_MS) * DAY_MS;
        const bonusRuns = p?.extra_interest_type === 0 && isBonusActive(p.extra_interest, today);
        // A receipt token's holding is in the token: its bonus is on the coins it is worth.
        const bonusRate =
          bonusRuns && p.extra_interest
            ? bonusRateOn(receipt ? b.value : b.mortgage_amount, p.extra_interest.interest)
            : null;
        const estimate =
          p && !receipt && b.mortgage_amount !== '0'
            ? dailyEstimate(
                p,
                b.mortgage_amount,
                vipDiscountPercent(p.vip_config, me.data?.tier ?? 0),
                Boolean(bonusRuns),
              )
            : null;
        const figures: [string, string, string][] = [
          [t('staking.staked'), `${fmt.amount(b.mortgage_amount)} ${receipt ? b.receipt_coin : b.coin}`, 'held'],
          ...(receipt
            ? ([
                [t('staking.receiptWorth'), `${fmt.amount(b.value)} ${b.coin}`, 'value'],
                ...(b.pending_amount === '0'
                  ? []
                  : [
                      [
                        t('staking.receiptPending', { token: b.receipt_coin }),
                        `${fmt.amount(b.pending_amount)} ${b.coin}`,
                        'pending',
                      ],
                    ]),
              ] as [string, string, string][])
            : []),
          ...(b.mint_coin !== ''
            ? ([[t('staking.debt'), `${fmt.amount(b.debt_amount)} ${b.mint_coin}`, 'debt']] as [
                string,
                string,
                string,
              ][])
            : []),
          [t('staking.redeeming'), `${fmt.amount(b.redeeming_amount)} ${b.coin}`, 'redeeming'],
          [t('staking.totalReward'), `${fmt.amount(b.total_reward)} ${b.reward_coin}`, 'total'],
          [t('staking.apr'), fmt.rate(b.rate), 'rate'],
          ...(bonusRate?.gt(0)
            ? ([[t('staking.bonus.extra'), `+${fmt.rate(bonusRate)}`, 'bonus-rate']] as [string, string, string][])
            : []),
          ...(estimate
            ? ([
                [
                  t('staking.estDaily'),
                  `${fmt.amount(estimate.reward)} ${b.reward_coin}${
                    estimate.bonus.gt(0) ? ` + ${fmt.amount(estimate.bonus)} ${estimate.bonusCoin}` : ''
                  }`,
                  'est-daily',
                ],
              ] as [string, string, string][])
            : []),
        ];
        const coin = (
          <Group gap="xs" wrap="nowrap">
            <CoinIcon symbol={b.coin} icon={p?.icon ?? ''} />
            <Stack gap={0} miw={0}>
              <Text fw={600}>{b.coin}</Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {b.protocol_name}
              </Text>
            </Stack>
          </Group>
        );
        const actions = (
          <>
            <Button
              size={isMobile ? 'sm' : 'compact-sm'}
              variant="default"
              disabled={!p || b.mortgage_amount === '0'}
              onClick={() => p && setRedeeming(b)}
              data-testid={`redeem-${b.pid}`}
            >
              {t('staking.redeem')}
            </Button>
            <Button size={isMobile ? 'sm' : 'compact-sm'} disabled={!p} onClick={() => p && setStaking(p)}>
              {t('staking.stake')}
            </Button>
          </>
        );
        return (
          <Card key={b.pid} withBorder padding="md" data-testid={`staking-holding-${b.pid}`}>
            {isMobile ? (
              // A phone: the figures two by two under the coin (a long one across both), the actions
              // across the foot of the card.
              <Stack gap="sm">
                {coin}
                <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
                  {figures.map(([label, value, id]) => (
                    <Figure
                      key={label}
                      label={label}
                      value={value}
                      testId={`staking-${id}-${b.pid}`}
                      wide={id === 'est-daily'}
                    />
                  ))}
                </SimpleGrid>
                <Group grow gap="xs">
                  {actions}
                </Group>
              </Stack>
            ) : (
              <Group justify="space-between" wrap="wrap" gap="sm">
                {/* Fixed widths, so the figures stand in the same columns from card to card. */}
                <Box w={200}>{coin}</Box>
                <Group gap="lg" wrap="wrap" style={{ flex: 1 }}>
                  {figures.map(([label, value, id]) => (
                    <Figure key={label} label={label} value={value} testId={`staking-${id}-${b.pid}`} miw={130} />
                  ))}
                </Group>
                <Group gap="xs">{actions}</Group>
              </Group>
            )}
            {b.redeem_stamp > 0 && (
              <Text size="xs" c="dimmed" mt="xs">
                {t('staking.nextRelease', { time: fmt.dateTime(b.redeem_stamp * 1000) })}
              </Text>
            )}
          </Card>
        );
      })}
      <RedeemDialog target={redeeming} onClose={() => setRedeeming(null)} />
      <StakeDialog product={staking} onClose={() => setStaking(null)} />
    </Stack>
  );
}

/** One figure of a holding's card: its label above its value. */
function Figure({
  label,
  value,
  testId,
  wide = false,
  miw,
}: {
  label: string;
  value: string;
  testId: string;
  /** Across both columns of a phone's card. */
  wide?: boolean;
  miw?: number;
}) {
  return (
    <Stack gap={0} miw={miw} style={wide ? { gridColumn: 'span 2' } : undefined}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

function Rewards({ asset }: { asset: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [page, setPage] = useState(1);
  const records = useStakingProfit(asset, page, PAGE_SIZE, true);
  const columns: Column<NonNullable<typeof records.data>['list'][number]>[] = [
    { key: 'day', title: t('staking.day'), render: (r) => fmt.date(r.time * 1000) },
    { key: 'coin', title: t('assets.coin'), render: (r) => r.coin },
    { key: 'source', title: t('staking.source'), render: (r) => r.protocol_name },
    { key: 'base', title: t('staking.base'), render: (r) => `${fmt.amount(r.base)} ${r.base_coin}` },
    {
      key: 'amount',
      title: t('staking.reward'),
      align: 'right',
      render: (r) => (
        <span data-testid="staking-reward-amount">
          {fmt.amount(r.amount)} {r.reward_coin}
          {r.bonus !== '0' && ` + ${fmt.amount(r.bonus)} ${r.reward_coin} ${t('staking.bonusShort')}`}
        </span>
      ),
    },
  ];
  return (
    <Paper withBorder p="md" data-testid="staking-rewards">
      <PagedTable
        columns={columns}
        {...pagedQuery(records)}
        rowKey={(r) => `${r.pid}-${r.time}`}
        page={page}
        onPageChange={setPage}
      />
    </Paper>
  );
}

function Redemptions({ asset }: { asset: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [page, setPage] = useState(1);
  const history = useStakingRedemptions(asset, page, PAGE_SIZE);
  const columns: Column<NonNullable<typeof history.data>['list'][number]>[] = [
    { key: 'time', title: t('staking.redeemTime'), render: (r) => fmt.dateTime(r.create_time * 1000) },
    { key: 'coin', title: t('assets.coin'), render: (r) => r.coin },
    { key: 'source', title: t('staking.source'), render: (r) => r.protocol_name },
    {
      key: 'type',
      title: t('staking.redeemType'),
      render: (r) => (r.quick ? t('staking.fast') : t('staking.standard')),
    },
    { key: 'amount', title: t('staking.redeemAmount'), render: (r) => `${fmt.amount(r.amount)} ${r.coin}` },
    { key: 'fee', title: t('staking.fee'), render: (r) => `${fmt.amount(r.fee)} ${r.coin}` },
    {
      key: 'arrival',
      title: t('staking.arrival'),
      align: 'right',
      render: (r) => (
        <span data-testid="staking-redemption-status">
          {r.status === 1 ? t('staking.arrived') : t('staking.queued')} · {fmt.dateTime(r.redeem_stamp * 1000)}
        </span>
      ),
    },
  ];
  return (
    <Paper withBorder p="md" data-testid="staking-redemptions">
      <PagedTable
        columns={columns}
        {...pagedQuery(history)}
        rowKey={(r) => String(r.id)}
        page={page}
        onPageChange={setPage}
      />
    </Paper>
  );
}
