import { tierOpens, upgradeTier, VIP_TIER, vipLabel } from '@earn/domain';
import type { FixedProduct } from '@earn/domain/contract';
import { Alert, Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useMe } from '../../api/account.js';
import { useFixedProducts } from '../../api/fixed-earn.js';
import { CoinIcon } from '../../components/CoinIcon.js';
import { readFailure } from '../../components/ListStatus.js';
import { type Column, PagedTable } from '../../components/PagedTable.js';
import { useFormat } from '../../lib/use-format.js';

/** Every VIP product on one page: there are a handful. */
const ALL_ON_ONE_PAGE = 100;

/**
 * /vip and /vip?upTo={tier}: the user's VIP tier, what each tier opens in Earn (the VIP fixed-term
 * products, by tier as the spec sorts them), and, from an upgrade link, the tier it asks for.
 */
export default function VipPage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  // A tier changed since the session was read shows without a reload.
  const me = useMe({ fresh: true });
  const location = useLocation();
  const [params] = useSearchParams();
  const upTo = upgradeTier(params.get('upTo'));
  const products = useFixedProducts(2);
  const failure = readFailure(products);
  const tier = me.data ? me.data.tier : null;
  const rows = [...(products.data ?? [])].sort(
    (a, b) => a.min_vip * 10 + a.max_vip - (b.min_vip * 10 + b.max_vip) || a.id - b.id,
  );

  // A product the upgrade link's tier opens, for a user below that tier whose own does not.
  const opensOnlyAtUpTo = (p: FixedProduct) =>
    upTo !== null && tierOpens(upTo, p) && (tier === null || (tier < upTo && !tierOpens(tier, p)));
  const status = (p: FixedProduct) => {
    if (tier !== null && tierOpens(tier, p))
      return (
        <Text span size="sm" c="teal" fw={600}>
          {t('vip.openToYou')}
        </Text>
      );
    // The products the upgrade link's tier opens, for a user below it, marked with the tier that
    // first opens each (a V1-4 product opens at V1 even when the link asks for V3).
    if (opensOnlyAtUpTo(p))
      return (
        <Text span size="sm" c="yellow.8" fw={600}>
          {t('vip.opensAt', { tier: `V${p.min_vip}` })}
        </Text>
      );
    return (
      <Text span size="sm" c="dimmed">
        {tier !== null && tier > p.max_vip
          ? t('vip.upTo', { tier: `V${p.max_vip}` })
          : t('vip.from', { tier: `V${p.min_vip}` })}
      </Text>
    );
  };
  const columns: Column<FixedProduct>[] = [
    {
      key: 'tiers',
      title: t('vip.tiers'),
      render: (p) => (
        <Badge color="yellow" variant="light">
          {vipLabel(p)}
        </Badge>
      ),
    },
    {
      key: 'coin',
      title: t('vip.coin'),
      render: (p) => (
        <Group gap={6} wrap="nowrap">
          <CoinIcon symbol={p.asset} icon={p.icon} size={20} />
          <Text span size="sm" fw={600}>
            {p.asset}
          </Text>
        </Group>
      ),
    },
    { key: 'term', title: t('fixed.term'), render: (p) => t('fixed.days', { count: p.lock_up_period }) },
    {
      key: 'apr',
      title: t('fixed.apr'),
      align: 'right',
      render: (p) => (
        <Text span size="sm" c="teal" fw={600}>
          {fmt.rate(p.year_rate)}
        </Text>
      ),
    },
    { key: 'status', title: t('vip.forYou'), align: 'right', render: status },
  ];

  return (
    <Stack maw={1100} mx="auto">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {t('vip.title')}
          </Title>
          <Text c="dimmed">{t('vip.subtitle')}</Text>
        </div>
        <Anchor component={Link} to="/vip-wealth">
          {t('fixed.vip.wealthLink')}
        </Anchor>
      </Group>
      <Paper withBorder p="md" data-testid="vip-status">
        {me.isPending ? (
          <Skeleton height={28} />
        ) : tier === null ? (
          <Group justify="space-between">
            <Text>{t('vip.guest')}</Text>
            <Button component={Link} to="/login" state={{ from: location.pathname + location.search }} variant="light">
              {t('nav.login')}
            </Button>
          </Group>
        ) : (
          <Group gap="sm" wrap="nowrap">
            <Badge size="lg" color="yellow" data-testid="vip-your-tier" style={{ flexShrink: 0 }}>
              V{tier}
            </Badge>
            <Text size="sm">{tier >= VIP_TIER ? t('vip.isVip') : t('vip.belowVip')}</Text>
          </Group>
        )}
      </Paper>
      {upTo !== null &&
        (tier !== null && tier >= upTo ? (
          <Alert color="teal" data-testid="vip-upgrade">
            {t('vip.reached', { tier: `V${tier}`, target: `V${upTo}` })}
          </Alert>
        ) : tier !== null && products.isSuccess && !rows.some(opensOnlyAtUpTo) ? (
          <Alert color="teal" data-testid="vip-upgrade">
            {t('vip.nothingMore', { tier: `V${tier}`, target: `V${upTo}` })}
          </Alert>
        ) : (
          <Alert color="yellow" data-testid="vip-upgrade">
            {t('vip.reach', { tier: `V${upTo}` })}
          </Alert>
        ))}
      <Paper withBorder p="md">
        <Title order={4} mb="sm">
          {t('vip.productsTitle')}
        </Title>
        <PagedTable
          columns={columns}
          rows={rows}
          rowKey={(p) => String(p.id)}
          total={rows.length}
          page={1}
          onPageChange={() => undefined}
          pageSize={ALL_ON_ONE_PAGE}
          loading={products.isPending && !failure}
          error={failure}
          onRetry={() => void products.refetch()}
        />
        <Anchor component={Link} to="/vip-wealth" size="sm" mt="sm" display="inline-block">
          {t('vip.subscribeThere')}
        </Anchor>
      </Paper>
    </Stack>
  );
}
