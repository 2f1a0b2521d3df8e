import { addDays, dayAt } from '@earn/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../i18n/index.js';
import { renderWithProviders } from '../test-utils.js';
import { DateRange, type DateRangeValue } from './DateRange.js';

const today = dayAt(Date.now(), -new Date().getTimezoneOffset());

describe('DateRange', () => {
  it('shows the range as YYYY-MM-DD, the end being the stored end minus one day', () => {
    const value: DateRangeValue = { start: '2026-01-05', endExclusive: '2026-01-11' };
    renderWithProviders(<DateRange value={value} onChange={() => undefined} maxDate="2026-02-01" />);
    expect(screen.getByRole('button', { name: /Date range/ })).toHaveTextContent('2026-01-05 – 2026-01-10');
  });

  it('sends the chosen end day plus one', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <DateRange
        value={{ start: '2026-01-01', endExclusive: '2026-01-02' }}
        onChange={onChange}
        maxDate="2026-01-31"
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: /Date range/ }));
    await userEvent.click(await screen.findByRole('button', { name: '10 January 2026' }));
    await userEvent.click(screen.getByRole('button', { name: '20 January 2026' }));
    expect(onChange).toHaveBeenLastCalledWith({ start: '2026-01-10', endExclusive: '2026-01-21' });
  });

  it('refuses a range over 6 months with the spec warning and keeps the old one', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <DateRange
        value={{ start: '2026-01-01', endExclusive: '2026-01-02' }}
        onChange={onChange}
        maxDate="2026-12-31"
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: /Date range/ }));
    await userEvent.click(await screen.findByRole('button', { name: '1 January 2026' }));
    const next = screen.getByRole('button', { name: 'Next month' });
    for (let i = 0; i < 7; i++) await userEvent.click(next);
    await userEvent.click(screen.getByRole('button', { name: '1 August 2026' }));
    await waitFor(() => expect(screen.getByText('You can select up to 6 months at a time')).toBeInTheDocument());
    expect(onChange).not.toHaveBeenCalled();
  });

  it('does not offer days after the maximum date', async () => {
    renderWithProviders(
      <DateRange
        value={{ start: '2026-01-05', endExclusive: '2026-01-06' }}
        onChange={() => undefined}
        maxDate="2026-01-15"
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: /Date range/ }));
    expect(await screen.findByRole('button', { name: '15 January 2026' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '16 January 2026' })).toBeDisabled();
  });

  it("opens, with no range chosen, on the month of the latest day (the server's today, not the device's)", async () => {
    renderWithProviders(<DateRange value={null} onChange={() => undefined} maxDate="2031-03-15" />);
    await userEvent.click(screen.getByRole('button', { name: /Date range/ }));
    expect(await screen.findByRole('button', { name: '15 March 2031' })).toBeEnabled();
  });

  it('defaults the maximum date to today', async () => {
    renderWithProviders(
      <DateRange value={{ start: today, endExclusive: addDays(today, 1) }} onChange={() => undefined} />,
    );
    await userEvent.click(screen.getByRole('button', { name: /Date range/ }));
    const label = (day: string) =>
      new Date(`${day}T00:00:00`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
    expect(await screen.findByRole('button', { name: label(today) })).toBeEnabled();
    const tomorrow = addDays(today, 1);
    // Tomorrow is in this month's grid unless today is the month's last day.
    if (tomorrow.slice(0, 7) === today.slice(0, 7)) {
      expect(screen.getByRole('button', { name: label(tomorrow) })).toBeDisabled();
    }
  });

  it('speaks Chinese in the Chinese UI: month title and weekdays, weeks from Monday', async () => {
    await changeLocale('zh-CN');
    try {
      renderWithProviders(
        <DateRange
          value={{ start: '2026-01-05', endExclusive: '2026-01-06' }}
          onChange={() => undefined}
          maxDate="2026-01-15"
        />,
      );
      await userEvent.click(screen.getByRole('button', { name: /日期范围/ }));
      expect(await screen.findByText(/一月|1月/)).toBeInTheDocument();
      const weekdays = screen.getAllByRole('columnheader').map((h) => h.textContent);
      expect(weekdays[0]).toBe('一');
    } finally {
      await changeLocale('en');
    }
  });
});
