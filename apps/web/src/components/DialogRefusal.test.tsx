import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors.js';
import { notifyError } from '../lib/notify.js';
import { DIALOG_LAYOUTS, renderWithProviders, restoreViewport, setMobile } from '../test-utils.js';
import { ResponsiveModal } from './ResponsiveModal.js';

afterEach(() => {
  restoreViewport();
  notifications.clean();
});

function Sheet() {
  const [opened, setOpened] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Open
      </button>
      <ResponsiveModal opened={opened} onClose={() => setOpened(false)} title="Subscribe USDT">
        <button type="button">Subscribe now</button>
      </ResponsiveModal>
    </>
  );
}

const refused = () => new ApiError(-1, 'Not enough USDT available', 400);

describe.each(DIALOG_LAYOUTS)('refusals while a dialog is open, on %s', (_, mobile) => {
  it('are shown in the dialog, each one anew, and as toasts once it is closed', async () => {
    setMobile(mobile);
    renderWithProviders(<Sheet />);
    const dialog = await screen.findByRole('dialog');
    act(() => notifyError(refused()));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Not enough USDT available');
    act(() => notifyError(refused()));
    expect(within(dialog).getAllByRole('alert')).toHaveLength(1);
    // Not also a toast over the dialog.
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    act(() => notifyError(refused()));
    expect(await screen.findByText('Not enough USDT available')).toBeVisible();
  });
});
