import { tierOpens, vipLabel } from '@earn/domain';
import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe } from '../../../api/account.js';
import { useFixedProducts } from '../../../api/fixed-earn.js';
import { CoinIcon } from '../../../components/CoinIcon.js';
import { ListStatus, readFailure, readStatus } from '../../../components/ListStatus.js';
import { LoadingCards } from '../../../components/LoadingBlock.js';
import { useFormat } from '../../../lib/use-format.js';
import { useAuthGate } from '../../auth/auth-gate.js';
import { WealthSection } from '../../wealth/WealthSection.js';
import { FixedSubscribeDialog, type FixedTarget } from './FixedSubscribeDialog.js';

/** A product card's height with one line of terms: its placeholder's. */
const VIP_CARD_HEIGHT = 179;

/** /vip-wealth: the VIP-only fixed products, by tier (min_vip*10+max_vip), each shown as V{min}-{max}. */
export default function VipWealthPage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  // A tier changed since the session was read shows without a reload.
  const me = useMe({ fresh: true });
  const { requireLogin } = useAuthGate();
  const products = useFixedProducts(2);
  const failure = readFailure(products);
  const [target, setTarget] = useState<FixedTarget | null>(null);
  const tier = me.data?.tier ?? 0;
  return (
    <Stack maw={1100} mx="auto">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {t('fixed.vip.title')}
          </Title>
          <Text c="dimmed">{t('fixed.vip.subtitle')}</Text>
        </div>
        <Anchor component={Link} to="/simple-earn">
          {t('earn.title')}
        </Anchor>
      </Group>
      {me.data && (
        <Alert color="yellow" variant="light" data-testid="vip-tier">
          {t('fixed.vip.yourTier', { tier: `V${tier}` })}{' '}
          <Anchor component={Link} to="/vip" size="sm">
            {t('vip.seeTiers')}
          </Anchor>
        </Alert>
      )}
      {products.data?.length === 0 && (
        <Paper withBorder p="xl" ta="center" c="dimmed">
          {t('common.noData')}
        </Paper>
      )}
      {Boolean(failure) && <ListStatus count={0} {...readStatus(products)} />}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {/* Placeholders in the products' own shape, so nothing below moves when they arrive. */}
        {products.isPending && !failure && <LoadingCards count={3} height={VIP_CARD_HEIGHT} />}
        {(products.data ?? []).map((p) => {
          const inTier = tierOpens(tier, p);
          return (
            <Paper key={p.id} withBorder p="md" data-testid={`vip-product-${p.id}`}>
              <Group justify="space-between">
                <Group gap="xs">
                  <CoinIcon symbol={p.asset} icon={p.icon} />
                  <Text fw={700}>{p.asset}</Text>
                </Group>
                <Badge color="yellow" variant="light">
                  {vipLabel(p)}
                </Badge>
              </Group>
              <Text size="xl" fw={700} c="teal" mt="sm">
                {fmt.rate(p.year_rate)}
              </Text>
              <Text size="sm" c="dimmed">
                {t('fixed.days', { count: p.lock_up_period })} · {t('earn.minAmount')} {fmt.amount(p.min_lend_amount)}{' '}
                {p.asset}
              </Text>
              <Button
                fullWidth
                mt="md"
                disabled={p.sale_status === 2}
                variant={inTier ? 'filled' : 'light'}
                onClick={() => requireLogin(() => setTarget({ asset: p.asset, productId: p.id }))}
                data-testid={`vip-subscribe-${p.id}`}
              >
                {p.sale_status === 2 ? t('fixed.soldOut') : t('earn.subscribe.button')}
              </Button>
            </Paper>
          );
        })}
      </SimpleGrid>
      <FixedSubscribeDialog target={target} onClose={() => setTarget(null)} />
      <WealthSection />
    </Stack>
  );
}
