import { Button, Checkbox, Group, ScrollArea, Stack, Switch, Table, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAutoInvest, useMarketList } from '../../api/simple-earn.js';
import { CoinIcon } from '../../components/CoinIcon.js';
import { CoinSearch } from '../../components/CoinSearch.js';
import { ResponsiveModal } from '../../components/ResponsiveModal.js';
import { useIsMobile } from '../../lib/use-is-mobile.js';
import { AprText } from './AprText.js';
import { AutoEarnConfirm, type AutoEarnTarget } from './AutoEarnConfirm.js';
import { ProductBadges } from './ProductBadges.js';

/** Spec: market page size 7; list height 508. */
const PAGE_SIZE = 7;
/** The most a list read returns (the market list's limit). */
const MAX_SHOWN = 100;

/** Auto-earn settings: master switch, enable-only filter, search, APR sort, per-coin switch, each confirmed. */
export function AutoEarnModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [search, setSearch] = useState('');
  const [enabledOnly, setEnabledOnly] = useState(false);
  const [sort, setSort] = useState<3 | 4>(3);
  // The list grows by a page at a time (spec: more is loaded by expanding, a view-more button on a phone).
  const [shown, setShown] = useState(PAGE_SIZE);
  const [confirm, setConfirm] = useState<AutoEarnTarget | null>(null);
  const status = useAutoInvest(opened);
  // Read only while open: the dialog stands mounted, closed, on the home page of every visitor.
  const list = useMarketList(
    {
      page: 1,
      limit: shown,
      search_coin: search.trim().toUpperCase(),
      sort_type: sort,
      auto_invest: enabledOnly ? 1 : 0,
    },
    opened,
  );
  const all = status.data?.global_status === 1;
  const more = (list.data?.total ?? 0) > (list.data?.list.length ?? 0) && shown < MAX_SHOWN;
  return (
    <ResponsiveModal opened={opened} onClose={onClose} title={t('earn.auto.title')} size="lg">
      <Stack>
        <Group justify="space-between">
          <div>
            <Text fw={600}>{t('earn.auto.all')}</Text>
            <Text size="xs" c="dimmed">
              {t('earn.auto.allDesc')}
            </Text>
            <Text size="xs" c="dimmed" data-testid="auto-earn-rule">
              {t('earn.auto.rule')}
            </Text>
          </div>
          <Switch
            checked={all}
            onChange={(e) => setConfirm({ asset: 'ALL_ASSET', on: e.currentTarget.checked })}
            aria-label={t('earn.auto.all')}
          />
        </Group>
        <Group>
          <CoinSearch
            value={search}
            onChange={(v) => {
              setSearch(v);
              setShown(PAGE_SIZE);
            }}
            width={'100%'}
          />
          <Checkbox
            label={t('earn.auto.enabledOnly')}
            checked={enabledOnly}
            onChange={(e) => {
              setEnabledOnly(e.currentTarget.checked);
              setShown(PAGE_SIZE);
            }}
          />
        </Group>
        <ScrollArea h={508}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('assets.coin')}</Table.Th>
                <Table.Th>
                  <UnstyledButton onClick={() => setSort(sort === 3 ? 4 : 3)} data-testid="auto-earn-sort">
                    {t('earn.estApr')} {sort === 3 ? '↓' : '↑'}
                  </UnstyledButton>
                </Table.Th>
                <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {t('earn.auto.switch')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(list.data?.list ?? []).map((p) => (
                <Table.Tr key={p.asset}>
                  <Table.Td>
                    <Group gap="xs" wrap={isMobile ? 'wrap' : 'nowrap'}>
                      <CoinIcon symbol={p.asset} icon={p.icon} size={22} />
                      <Text fw={600}>{p.asset}</Text>
                      <ProductBadges product={p} />
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <AprText product={p} wrap={isMobile} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Switch
                      checked={p.auto_invest_status === 1}
                      aria-label={`${t('earn.auto.switch')} ${p.asset}`}
                      onChange={(e) => setConfirm({ asset: p.asset, on: e.currentTarget.checked })}
                      styles={{ root: { display: 'inline-block' } }}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {list.data && list.data.list.length === 0 && (
            <Text c="dimmed" ta="center" py="lg">
              {search.trim() ? t('assets.noMatch') : t('common.noData')}
            </Text>
          )}
          {more && (
            <Group justify="center" py="xs">
              <Button
                variant="subtle"
                onClick={() => setShown(Math.min(shown + PAGE_SIZE, MAX_SHOWN))}
                data-testid="auto-earn-more"
              >
                {t('earn.loadMore')}
              </Button>
            </Group>
          )}
        </ScrollArea>
      </Stack>
      <AutoEarnConfirm target={confirm} onClose={() => setConfirm(null)} />
    </ResponsiveModal>
  );
}
