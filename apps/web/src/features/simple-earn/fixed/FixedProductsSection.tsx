import { Decimal, FixedProductType, tierOpens } from '@earn/domain';
import type { FixedProduct } from '@earn/domain/contract';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { memo, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe } from '../../../api/account.js';
import { useFixedProducts } from '../../../api/fixed-earn.js';
import { CoinIcon } from '../../../components/CoinIcon.js';
import { ListStatus, readFailure } from '../../../components/ListStatus.js';
import { lazyDialog } from '../../../components/lazy-dialog.js';
import { useFormat } from '../../../lib/use-format.js';
import { useAuthGate } from '../../auth/auth-gate.js';
import type { FixedTarget } from './FixedSubscribeDialog.js';
import { sameTerm } from './same-term.js';

const FixedSubscribeDialog = lazyDialog(() => import('./FixedSubscribeDialog.js').then((m) => m.FixedSubscribeDialog), {
  isOpen: (p) => p.target !== null,
  close: (p) => p.onClose(),
});

/** The coin's products a user is offered on the home page: normal and special, VIP ones of their tier. */
function offered(products: readonly FixedProduct[], tier: number) {
  return products.filter((p) => p.type !== FixedProductType.vip || tierOpens(tier, p));
}

/** Fixed terms per coin, beside flexible: a chip per term (days, APR; sold out greyed) that opens the dialog on it. */
// Drawn again only when its own reads change, not with the page around it.
export const FixedProductsSection = memo(function FixedProductsSection() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const me = useMe();
  const { requireLogin } = useAuthGate();
  const products = useFixedProducts(0);
  const [target, setTarget] = useState<FixedTarget | null>(null);
  // Drawn from a deferred copy, as the flexible list is: the chips are drawn in short slices.
  const shown = useDeferredValue(products.data);
  const list = offered(shown ?? [], me.data?.tier ?? 0);
  const failure = readFailure(products);
  const coins = [...new Set(list.map((p) => p.asset))];
  const open = (asset: string, productId?: number) =>
    requireLogin(() => setTarget({ asset, ...(productId ? { productId } : {}) }));
  return (
    <Paper withBorder p="md" data-testid="fixed-section">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{t('fixed.sectionTitle')}</Title>
        <Anchor component={Link} to="/vip-wealth" size="sm">
          {t('fixed.vip.wealthLink')}
        </Anchor>
      </Group>
      {/* Skeletons until the chips are drawn; why they could not be read, with a retry. */}
      <ListStatus
        count={coins.length}
        loading={shown === undefined && !failure}
        error={failure}
        onRetry={() => void products.refetch()}
      />
      <Stack gap="xs">
        {coins.map((asset) => {
          const terms = list.filter((p) => p.asset === asset).sort((a, b) => a.lock_up_period - b.lock_up_period);
          const best = terms
            .filter((p) => p.sale_status === 1)
            .reduce<FixedProduct | undefined>(
              (a, p) => (a && new Decimal(a.year_rate).gte(p.year_rate) ? a : p),
              undefined,
            );
          return (
            <Paper key={asset} withBorder p="sm" radius="md" data-testid={`fixed-coin-${asset}`}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Group gap="xs" wrap="nowrap">
                  <CoinIcon symbol={asset} icon={terms[0]?.icon ?? ''} />
                  <Text fw={600}>{asset}</Text>
                  {best && (
                    <Text size="sm" c="teal" fw={600}>
                      {t('fixed.upTo', { rate: fmt.rate(best.year_rate) })}
                    </Text>
                  )}
                </Group>
                <Group gap={6} wrap="wrap">
                  {terms.map((p) => (
                    <UnstyledButton
                      key={p.id}
                      onClick={() => open(asset, p.id)}
                      data-testid={`fixed-chip-${asset}-${p.lock_up_period}-${p.type}`}
                      style={{
                        padding: '2px 8px',
                        borderRadius: 6,
                        border: '1px solid var(--mantine-color-gray-4)',
                        opacity: p.sale_status === 2 ? 0.5 : 1,
                      }}
                    >
                      <Text size="xs" fw={600} span>
                        {t('fixed.daysShort', { count: p.lock_up_period })}{' '}
                      </Text>
                      <Text size="xs" c={p.sale_status === 2 ? 'dimmed' : 'teal'} span>
                        {p.sale_status === 2 ? t('fixed.soldOut') : fmt.rate(p.year_rate)}
                      </Text>
                      {p.ladder_apr.length > 0 && (
                        <Badge size="xs" ml={4} color="orange" variant="light">
                          {t('earn.bonus')}
                        </Badge>
                      )}
                      {/* Two products of one term and kind are told apart by the operator's title. */}
                      {p.title !== '' && terms.some((q) => q.id !== p.id && sameTerm(p, q)) && (
                        <Text size="xs" c="dimmed" span ml={4}>
                          {p.title}
                        </Text>
                      )}
                      {p.type !== FixedProductType.normal && (
                        <Badge
                          size="xs"
                          ml={4}
                          color={p.type === FixedProductType.vip ? 'yellow' : 'grape'}
                          variant="light"
                        >
                          {p.type === FixedProductType.vip ? 'VIP' : t('fixed.special')}
                        </Badge>
                      )}
                    </UnstyledButton>
                  ))}
                  <Button size="compact-sm" onClick={() => open(asset)} data-testid={`fixed-subscribe-${asset}`}>
                    {t('earn.subscribe.button')}
                  </Button>
                </Group>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      <FixedSubscribeDialog target={target} onClose={() => setTarget(null)} />
    </Paper>
  );
});
