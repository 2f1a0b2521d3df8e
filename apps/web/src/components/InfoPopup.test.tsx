import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders, restoreViewport, setMobile } from '../test-utils.js';
import { InfoPopup } from './InfoPopup.js';

afterEach(restoreViewport);

describe('InfoPopup', () => {
  it("opens a dialog on mobile that 'finances.gotIt' closes", async () => {
    setMobile(true);
    renderWithProviders(<InfoPopup title="APR">Rates change every hour.</InfoPopup>);
    await userEvent.click(screen.getByRole('button', { name: 'More information' }));
    expect(await screen.findByText('Rates change every hour.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByText('Rates change every hour.')).toBeNull());
  });

  it('opens a pop-over on desktop, without a got-it button', async () => {
    setMobile(false);
    renderWithProviders(<InfoPopup title="APR">Rates change every hour.</InfoPopup>);
    await userEvent.click(screen.getByRole('button', { name: 'More information' }));
    expect(await screen.findByText('Rates change every hour.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Got it' })).toBeNull();
  });
});
