import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/account.js';
import { useWealthProducts } from '../../api/wealth.js';
import { CoinIcon } from '../../components/CoinIcon.js';
import { DetailLine } from '../../components/DetailLine.js';
import { ListStatus, readStatus } from '../../components/ListStatus.js';
import { useFormat } from '../../lib/use-format.js';
import { useOpenedItem } from '../../lib/use-opened-item.js';
import { useAuthGate } from '../auth/auth-gate.js';
import { WealthDetailDialog } from './WealthDetailDialog.js';
import { WealthRedeemDialog } from './WealthRedeemDialog.js';
import { WealthSubscribeDialog } from './WealthSubscribeDialog.js';

/** Private wealth (platform) and asset management (third party) on the VIP wealth page: products and my holdings. */
export function WealthSection() {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  const me = useMe();
  const { requireLogin } = useAuthGate();
  const products = useWealthProducts(i18n.language);
  // Each dialog shows its product as last read: a refusal's fresh read shows in it.
  const [buying, setBuying] = useOpenedItem(products.data ?? [], (p) => p.pid);
  const [redeeming, setRedeeming] = useOpenedItem(products.data ?? [], (p) => p.pid);
  const [viewing, setViewing] = useOpenedItem(products.data ?? [], (p) => p.pid);
  const list = products.data ?? [];
  return (
    <Stack data-testid="wealth-section">
      <div>
        <Title order={3}>{t('wealth.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('wealth.subtitle')}
        </Text>
      </div>
      <ListStatus count={list.length} {...readStatus(products)} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {list.map((p) => {
          const held = p.unit !== '0' || p.unit_pending !== '0' || p.amount_pending !== '0';
          return (
            <Paper key={p.pid} withBorder p="md" data-testid={`wealth-product-${p.pid}`}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                {/* Operators' words: a long one wraps inside the card rather than widening the page. */}
                <Group gap="xs" wrap="nowrap" miw={0}>
                  <CoinIcon symbol={p.coin} icon={`/static/coin-icons/${p.coin.toLowerCase()}.svg`} />
                  <Stack gap={0} miw={0}>
                    <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                      {p.name}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {p.manager}
                    </Text>
                  </Stack>
                </Group>
                <Badge color={p.project_type === 5 ? 'grape' : 'yellow'} variant="light" style={{ flexShrink: 0 }}>
                  {t(p.project_type === 5 ? 'wealth.thirdParty' : 'wealth.platform')}
                </Badge>
              </Group>
              <Group gap="xl" mt="sm">
                <Stack gap={0}>
                  <Text size="xs" c="dimmed">
                    {t('wealth.nav')}
                  </Text>
                  <Text fw={700}>{fmt.amount(p.nav)}</Text>
                </Stack>
                <Stack gap={0}>
                  <Text size="xs" c="dimmed">
                    {t('wealth.recent30')}
                  </Text>
                  <Text fw={700} c={p.recent_30_days_rate.startsWith('-') ? 'red' : 'teal'}>
                    {fmt.rate(p.recent_30_days_rate)}
                  </Text>
                </Stack>
              </Group>
              {held && (
                <Stack gap={2} mt="sm">
                  <DetailLine label={t('wealth.units')} value={fmt.amount(p.unit)} testId={`wealth-units-${p.pid}`} />
                  <DetailLine label={t('wealth.worth')} value={`${fmt.amount(p.amount)} ${p.coin}`} />
                  {p.amount_pending !== '0' && (
                    <DetailLine
                      label={t('wealth.pendingPurchaseShort')}
                      value={`${fmt.amount(p.amount_pending)} ${p.coin}`}
                      testId={`wealth-pending-${p.pid}`}
                    />
                  )}
                  {p.unit_pending !== '0' && (
                    <DetailLine label={t('wealth.pendingRedeemShort')} value={fmt.amount(p.unit_pending)} />
                  )}
                </Stack>
              )}
              <Group gap="xs" mt="md">
                <Button
                  size="compact-sm"
                  color="yellow"
                  disabled={me.data ? !p.eligible : false}
                  onClick={() => requireLogin(() => setBuying(p))}
                  data-testid={`wealth-buy-${p.pid}`}
                >
                  {held ? t('wealth.subscribeMore') : t('wealth.subscribe')}
                </Button>
                {held && (
                  <Button
                    size="compact-sm"
                    variant="default"
                    disabled={p.unit === p.unit_pending}
                    onClick={() => setRedeeming(p)}
                    data-testid={`wealth-redeem-${p.pid}`}
                  >
                    {t('wealth.redeem')}
                  </Button>
                )}
                <Button
                  size="compact-sm"
                  variant="subtle"
                  onClick={() => setViewing(p)}
                  data-testid={`wealth-details-${p.pid}`}
                >
                  {t('wealth.details')}
                </Button>
              </Group>
              {me.data && !p.eligible && (
                <Text size="xs" c="dimmed" mt="xs">
                  {t('wealth.vipOnly', { tier: p.min_tier })}
                </Text>
              )}
            </Paper>
          );
        })}
      </SimpleGrid>
      <WealthSubscribeDialog product={buying} onClose={() => setBuying(null)} />
      <WealthRedeemDialog product={redeeming} onClose={() => setRedeeming(null)} />
      <WealthDetailDialog product={viewing} onClose={() => setViewing(null)} />
    </Stack>
  );
}
