import type { DualOrder } from '@earn/domain/contract';
import { Anchor, Badge, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDualOrder, useDualOrders } from '../../api/dual.js';
import { DetailLine } from '../../components/DetailLine.js';
import { ListStatus, readStatus } from '../../components/ListStatus.js';
import { type Column, PagedTable, pagedQuery } from '../../components/PagedTable.js';
import { ResponsiveModal } from '../../components/ResponsiveModal.js';
import { useFormat } from '../../lib/use-format.js';

const PAGE_SIZE = 5;
const STATUS_COLOR: Record<DualOrder['status'], string> = {
  INIT: 'gray',
  PROCESSING: 'blue',
  SETTLEMENT_SUCCESS: 'teal',
  SETTLEMENT_PROCESSING: 'blue',
  SETTLEMENT_FAILED: 'red',
  CANCELING: 'orange',
  CANCELED: 'gray',
  EXPIRED: 'gray',
  FAILED: 'red',
  INTERNAL_ERROR: 'red',
};

function StatusBadge({ status }: { status: DualOrder['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOR[status]} variant="light">
      {t(`dual.status.${status}`)}
    </Badge>
  );
}

/** The user's dual-investment orders in the assets area: read only, each opening its detail. */
export function DualOrders() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<DualOrder | null>(null);
  const orders = useDualOrders(page, PAGE_SIZE, true);
  if (orders.data?.total === 0) return null;
  const columns: Column<DualOrder>[] = [
    {
      key: 'product',
      title: t('dual.product'),
      render: (o) => (
        <Anchor component="button" onClick={() => setOpen(o)} data-testid={`dual-order-${o.order_id}`}>
          {t(o.kind === 'sniper' ? 'dual.sniper' : 'dual.dual')} · {o.coin} {t(`dual.${o.direction}`)}
        </Anchor>
      ),
    },
    { key: 'amount', title: t('dual.amount'), render: (o) => `${fmt.amount(o.amount)} ${o.invest_coin}` },
    { key: 'apy', title: t('dual.apy'), render: (o) => fmt.rate(o.apy) },
    { key: 'settle', title: t('dual.settleTime'), render: (o) => fmt.dateTime(o.settle_time * 1000) },
    { key: 'status', title: t('dual.statusTitle'), align: 'right', render: (o) => <StatusBadge status={o.status} /> },
  ];
  return (
    <Paper withBorder p="md" data-testid="dual-orders">
      <Stack gap="xs">
        <Text fw={600}>{t('dual.title')}</Text>
        <PagedTable
          columns={columns}
          {...pagedQuery(orders)}
          rowKey={(o) => String(o.order_id)}
          page={page}
          pageSize={PAGE_SIZE}
          onPageChange={setPage}
        />
      </Stack>
      <DualOrderDetail order={open} onClose={() => setOpen(null)} />
    </Paper>
  );
}

function DualOrderDetail({ order, onClose }: { order: DualOrder | null; onClose(): void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const detail = useDualOrder(order);
  const o = detail.data;
  return (
    <ResponsiveModal opened={order !== null} onClose={onClose} title={t('dual.detailTitle')}>
      {o ? (
        <Stack gap={6} data-testid="dual-order-detail">
          <DetailLine label={t('dual.statusTitle')} value={<StatusBadge status={o.status} />} />
          <DetailLine label={t('dual.orderId')} value={String(o.order_id)} />
          <DetailLine
            label={t('dual.product')}
            value={`${t(o.kind === 'sniper' ? 'dual.sniper' : 'dual.dual')} · ${o.coin} ${t(`dual.${o.direction}`)}`}
          />
          <DetailLine label={t('dual.amount')} value={`${fmt.amount(o.amount)} ${o.invest_coin}`} />
          <DetailLine label={t('dual.strike')} value={`${fmt.amount(o.strike_price)} USDT`} />
          <DetailLine label={t('dual.apy')} value={fmt.rate(o.apy)} />
          <DetailLine label={t('dual.created')} value={fmt.dateTime(o.create_time * 1000)} />
          <DetailLine label={t('dual.settleTime')} value={fmt.dateTime(o.settle_time * 1000)} />
          {o.settlement_coin && (
            <DetailLine label={t('dual.settled')} value={`${fmt.amount(o.settlement_amount)} ${o.settlement_coin}`} />
          )}
        </Stack>
      ) : (
        <ListStatus count={0} {...readStatus(detail)} />
      )}
    </ResponsiveModal>
  );
}
