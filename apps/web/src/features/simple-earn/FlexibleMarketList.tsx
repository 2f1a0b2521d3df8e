import type { FlexibleProduct } from '@earn/domain/contract';
import { Button, Group, Paper, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { CoinIcon } from '../../components/CoinIcon.js';
import { LoadingBlock } from '../../components/LoadingBlock.js';
import { TableScroll } from '../../components/TableScroll.js';
import { useFormat } from '../../lib/use-format.js';
import { AprText } from './AprText.js';
import { ProductBadges } from './ProductBadges.js';

export interface FlexibleMarketListProps {
  /** The page of products; undefined while loading. */
  list: FlexibleProduct[] | undefined;
  isMobile: boolean;
  /** 3: highest APR first, 4: lowest first (the spec's sort_type). */
  sort: 3 | 4;
  onSort(): void;
  onSubscribe(product: FlexibleProduct): void;
}

/**
 * The flexible products: a table, or a card each on phones. Drawn again only when its rows or
 * settings change, not with everything else on the page.
 */
export const FlexibleMarketList = memo(function FlexibleMarketList({
  list,
  isMobile,
  sort,
  onSort,
  onSubscribe,
}: FlexibleMarketListProps) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <>
      {/* Loading looks the same on every width: a prerendered page, laid out for the width the
        server guessed, shows it on the other too until the app takes over. */}
      {list === undefined ? (
        <LoadingBlock rows={6} />
      ) : isMobile ? (
        // On phones each product is a card: nothing scrolls sideways, Subscribe is always in reach.
        <Stack gap="xs">
          {list.map((p) => (
            <Paper key={p.asset} withBorder p="sm" radius="md" data-testid={`market-${p.asset}`}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                {/* Badges wrap under the coin rather than slide beneath the button. */}
                <Group gap={6} wrap="wrap" style={{ minWidth: 0, flex: 1 }}>
                  <CoinIcon symbol={p.asset} icon={p.icon} />
                  <Text fw={600}>{p.asset}</Text>
                  <ProductBadges product={p} />
                </Group>
                <div style={{ flexShrink: 0 }}>
                  <SubscribeButton product={p} onSubscribe={onSubscribe} />
                </div>
              </Group>
              <Group justify="space-between" mt={6} wrap="nowrap">
                <AprText product={p} />
                <Text size="xs" c="dimmed" data-testid={`min-amount-${p.asset}`}>
                  {t('earn.minAmount')} {fmt.amount(p.min_lend_amount)} {p.asset}
                </Text>
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : (
        <TableScroll minWidth={560}>
          <Table highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('assets.coin')}</Table.Th>
                <Table.Th>
                  <UnstyledButton onClick={onSort} data-testid="apr-sort">
                    {t('earn.estApr')} {sort === 3 ? '↓' : '↑'}
                  </UnstyledButton>
                </Table.Th>
                <Table.Th>{t('earn.minAmount')}</Table.Th>
                <Table.Th ta="right">{t('assets.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((p) => (
                <Table.Tr key={p.asset} data-testid={`market-${p.asset}`}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <CoinIcon symbol={p.asset} icon={p.icon} />
                      <Text fw={600}>{p.asset}</Text>
                      <ProductBadges product={p} />
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <AprText product={p} />
                  </Table.Td>
                  <Table.Td>
                    {fmt.amount(p.min_lend_amount)} {p.asset}
                  </Table.Td>
                  <Table.Td ta="right">
                    <SubscribeButton product={p} onSubscribe={onSubscribe} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </>
  );
});

function SubscribeButton({
  product,
  onSubscribe,
}: {
  product: FlexibleProduct;
  onSubscribe(p: FlexibleProduct): void;
}) {
  const { t } = useTranslation();
  return (
    <Button
      size="compact-sm"
      onClick={() => onSubscribe(product)}
      // Named with its coin: a screen reader's list of the table's buttons tells them apart.
      aria-label={t('earn.subscribe.title', { coin: product.asset })}
      data-testid={`subscribe-${product.asset}`}
    >
      {t('earn.subscribe.button')}
    </Button>
  );
}
