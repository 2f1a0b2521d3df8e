import { addDays, dayAt, dayStartMs } from '@earn/domain';
import type { HistoryRow } from '@earn/domain/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHistory } from '../../api/simple-earn.js';
import { Dialog } from '../../components/Dialog.js';
import { type Column, PagedTable, pagedQuery } from '../../components/PagedTable.js';
import { useFormat } from '../../lib/use-format.js';

/** Spec: 7 rows a page for interest details. */
const PAGE_SIZE = 7;

/** One day's interest, hour by hour: type 3 between that day's start and end. */
export function InterestDayDialog({
  day,
  onClose,
}: {
  day: { timeAt: number; asset: string } | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [page, setPage] = useState(1);
  const offset = -new Date().getTimezoneOffset();
  const date = day ? dayAt(day.timeAt * 1000, offset) : null;
  const rows = useHistory(
    {
      page,
      limit: PAGE_SIZE,
      type: 3,
      asset: day?.asset,
      start_at: date ? dayStartMs(date, offset) / 1000 : undefined,
      end_at: date ? dayStartMs(addDays(date, 1), offset) / 1000 : undefined,
    },
    day !== null,
  );
  const columns: Column<HistoryRow>[] = [
    // The day is the dialog's title: each row says its hour, and the four columns fit the dialog.
    { key: 'time', title: t('earn.history.time'), render: (r) => fmt.time(r.time_at * 1000) },
    {
      key: 'principal',
      title: t('earn.detail.lent'),
      align: 'right',
      render: (r) => fmt.amount(r.lend_principal ?? '0', 6),
    },
    {
      key: 'rate',
      title: t('earn.detail.rate'),
      align: 'right',
      render: (r) => (r.lend_rate_year ? fmt.rate(r.lend_rate_year) : '--'),
    },
    {
      key: 'amount',
      title: t('earn.type.interest'),
      align: 'right',
      render: (r) => `${fmt.amount(r.amount)} ${r.asset}`,
    },
  ];
  return (
    <Dialog
      opened={day !== null}
      onClose={onClose}
      title={t('earn.history.dayTitle', { day: day ? fmt.date(day.timeAt * 1000) : '' })}
      size="lg"
      centered
    >
      <PagedTable
        columns={columns}
        {...pagedQuery(rows)}
        rowKey={(r) => `${r.id ?? r.time_at}`}
        page={page}
        onPageChange={setPage}
        pageSize={PAGE_SIZE}
        minWidth={480}
      />
    </Dialog>
  );
}
