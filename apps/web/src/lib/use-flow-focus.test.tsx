import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, it } from 'vitest';
import { ResponsiveModal } from '../components/ResponsiveModal.js';
import { renderWithProviders } from '../test-utils.js';

/** A form in a dialog that, done, closes and opens its success: the shape of every money flow. */
function Flow() {
  const [form, setForm] = useState(false);
  const [success, setSuccess] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setForm(true)}>
        Subscribe GT
      </button>
      <ResponsiveModal opened={form} onClose={() => setForm(false)} title="Subscribe">
        <button
          type="button"
          onClick={() => {
            setForm(false);
            setSuccess(true);
          }}
        >
          Confirm
        </button>
      </ResponsiveModal>
      <ResponsiveModal opened={success} onClose={() => setSuccess(false)} title="Subscribed">
        <button type="button" onClick={() => setSuccess(false)}>
          Done
        </button>
      </ResponsiveModal>
    </>
  );
}

it('gives the focus back to the control that began a form and its success, once both have closed', async () => {
  renderWithProviders(<Flow />);
  const opener = screen.getByRole('button', { name: 'Subscribe GT' });
  await userEvent.click(opener);
  await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Done' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await waitFor(() => expect(document.activeElement).toBe(opener));
});
