import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIsMobile } from '../lib/use-is-mobile.js';
import { ListStatus, readStatus } from './ListStatus.js';
import { Pager } from './Pager.js';
import { TableScroll } from './TableScroll.js';

export interface Column<T> {
  key: string;
  title: ReactNode;
  render(row: T): ReactNode;
  align?: 'left' | 'right' | 'center';
}

export interface PagedTableProps<T> {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey(row: T): string;
  /** Rows across all pages (the response's data.total). */
  total: number;
  page: number;
  onPageChange(page: number): void;
  /** Default 10 (spec). */
  pageSize?: number;
  loading?: boolean;
  empty?: ReactNode;
  /** The rows could not be loaded: say why, with a retry, instead of the empty state. */
  error?: unknown;
  onRetry?(): void;
  /** Space each side of a cell's content (Mantine's xs, 10 px, by default): narrower for many columns. */
  cellSpacing?: number;
  /** The width below which the table scrolls sideways: 600 px by default, less for a few short columns (a dialog's). */
  minWidth?: number;
}

/**
 * The shared paged table: page size 10 by default; pagination only when there is more than one page.
 * On phones each row is a card of label and value lines, so no column hides off screen.
 */
export function PagedTable<T>({
  columns,
  rows,
  rowKey,
  total,
  page,
  onPageChange,
  pageSize = 10,
  loading,
  empty,
  error,
  onRetry,
  cellSpacing,
  minWidth = 600,
}: PagedTableProps<T>) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const isMobile = useIsMobile();
  return (
    <Stack gap="sm">
      {/* While loading, only the loading block: the same on every width, as a prerendered page laid
          out for the width the server guessed shows it on the other too until the app takes over. */}
      {loading && rows.length === 0 ? null : isMobile ? (
        <Stack gap="xs" role="list">
          {rows.map((row) => (
            <Paper key={rowKey(row)} withBorder p="sm" role="listitem">
              {columns.map((c) => (
                <Group key={c.key} justify="space-between" wrap="nowrap" gap="sm">
                  {/* The label keeps its width (up to half the card) and a long value wraps beside
                      it: squeezed, a Chinese label would break between every character. */}
                  <Text size="sm" c="dimmed" style={{ flexShrink: 0, maxWidth: '50%' }}>
                    {c.title}
                  </Text>
                  <Text size="sm" component="div" ta="right">
                    {c.render(row)}
                  </Text>
                </Group>
              ))}
            </Paper>
          ))}
        </Stack>
      ) : (
        <TableScroll minWidth={minWidth}>
          <Table highlightOnHover verticalSpacing="sm" horizontalSpacing={cellSpacing ?? 'xs'}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th key={c.key} style={{ textAlign: c.align ?? 'left' }}>
                    {c.title}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((c) => (
                    <Table.Td key={c.key} style={{ textAlign: c.align ?? 'left' }}>
                      {c.render(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      <ListStatus count={rows.length} loading={loading} error={error} onRetry={onRetry} empty={empty} />
      {pages > 1 && (
        <Group justify="flex-end">
          <Pager total={pages} page={page} onChange={onPageChange} />
        </Group>
      )}
    </Stack>
  );
}

/** A paged list query (data.list, data.total) as PagedTable takes it: its rows, total and load state. */
export function pagedQuery<T>(query: {
  data?: { list: readonly T[]; total: number } | undefined;
  isPending: boolean;
  error: unknown;
  /** Why the tries so far failed, while the query still retries (a network error is tried again). */
  failureReason: unknown;
  refetch(): unknown;
}): Pick<PagedTableProps<T>, 'rows' | 'total' | 'loading' | 'error' | 'onRetry'> {
  return { rows: query.data?.list ?? [], total: query.data?.total ?? 0, ...readStatus(query) };
}
