import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ComponentProps, useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors.js';
import { renderWithProviders, restoreViewport, setMobile } from '../test-utils.js';
import { EmptyState } from './EmptyState.js';
import { PagedTable, pagedQuery } from './PagedTable.js';

const rows = Array.from({ length: 23 }, (_, i) => ({ id: i + 1 }));

function Harness({ total, pageSize }: { total: number; pageSize?: number }) {
  const [page, setPage] = useState(1);
  const size = pageSize ?? 10;
  const all = rows.slice(0, total);
  return (
    <PagedTable
      columns={[{ key: 'id', title: 'Id', render: (r) => `row ${r.id}` }]}
      rows={all.slice((page - 1) * size, page * size)}
      rowKey={(r) => String(r.id)}
      total={total}
      page={page}
      onPageChange={setPage}
      {...(pageSize ? { pageSize } : {})}
    />
  );
}

/** A table with no rows to show, and what it says instead (`status`). */
function NoRows(status: Pick<ComponentProps<typeof PagedTable<{ id: number }>>, 'error' | 'onRetry' | 'empty'>) {
  return (
    <PagedTable
      columns={[{ key: 'id', title: 'Id', render: (r: { id: number }) => r.id }]}
      rows={[]}
      rowKey={(r) => String(r.id)}
      total={0}
      page={1}
      onPageChange={() => undefined}
      {...status}
    />
  );
}

afterEach(restoreViewport);

describe('PagedTable', () => {
  it('shows each row as a card of label and value on phones', () => {
    setMobile(true);
    renderWithProviders(<Harness total={3} />);
    expect(screen.queryByRole('table')).toBeNull();
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(cards[0]).toHaveTextContent('Idrow 1');
  });

  it('shows 10 rows a page by default and pages through', async () => {
    renderWithProviders(<Harness total={23} />);
    expect(screen.getAllByText(/^row \d+$/)).toHaveLength(10);
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(screen.getAllByText(/^row \d+$/).map((e) => e.textContent)).toEqual(['row 21', 'row 22', 'row 23']);
    // The arrows are named for a screen reader, not only drawn.
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(screen.getAllByText(/^row \d+$/)[0]).toHaveTextContent('row 11');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
  });

  it('has no pagination with a single page', () => {
    renderWithProviders(<Harness total={10} />);
    expect(screen.queryByRole('button', { name: 'Page 2' })).toBeNull();
    expect(screen.getAllByText(/^row \d+$/)).toHaveLength(10);
  });

  it('shows why rows could not be loaded, with a retry, instead of the empty state', async () => {
    let retried = 0;
    renderWithProviders(
      <NoRows
        error={new ApiError(-1, 'The server is busy', 503)}
        onRetry={() => {
          retried += 1;
        }}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The server is busy');
    expect(screen.queryByText('No Data')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retried).toBe(1);
  });

  it('shows the empty state', () => {
    renderWithProviders(<Harness total={0} />);
    expect(screen.getByText('No Data')).toBeInTheDocument();
  });

  it('shows an empty state that says where to start, with its link', () => {
    renderWithProviders(
      <MemoryRouter>
        <NoRows empty={<EmptyState text="Nothing held yet" action={{ label: 'Explore', to: '/simple-earn' }} />} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Nothing held yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore' })).toHaveAttribute('href', '/simple-earn');
  });

  it('takes another page size', () => {
    renderWithProviders(<Harness total={23} pageSize={7} />);
    expect(screen.getAllByText(/^row \d+$/)).toHaveLength(7);
    expect(screen.getByRole('button', { name: 'Page 4' })).toBeInTheDocument();
  });
});

describe('pagedQuery', () => {
  const read = { isPending: true, error: null, failureReason: null, refetch: () => undefined };
  it('loads while pending, and says why at the first failed try, not after every automatic one', () => {
    expect(pagedQuery(read)).toMatchObject({ loading: true, error: null });
    const offline = new TypeError('Failed to fetch');
    expect(pagedQuery({ ...read, failureReason: offline })).toMatchObject({ loading: false, error: offline });
    // Rows already read stay, without an error, while a refetch retries.
    const data = { list: [1], total: 1 };
    expect(pagedQuery({ ...read, isPending: false, data, failureReason: offline })).toMatchObject({
      rows: [1],
      error: null,
    });
  });
});
