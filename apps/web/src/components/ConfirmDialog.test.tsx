import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useSubmitMutation } from '../api/submit-mutation.js';
import { renderWithProviders } from '../test-utils.js';
import { ConfirmDialog } from './ConfirmDialog.js';

function Question({ calls }: { calls: string[] }) {
  const [opened, setOpened] = useState(true);
  // As every confirmation in the app: its call is a submitted change.
  const act = useSubmitMutation({
    mutationFn: async () => {
      calls.push('sent');
      await new Promise((resolve) => setTimeout(resolve, 20));
    },
  });
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Ask
      </button>
      <ConfirmDialog
        opened={opened}
        title="Cancel the redemption?"
        pending={act.isPending}
        onConfirm={() => act.mutate(undefined, { onSuccess: () => setOpened(false) })}
        onClose={() => setOpened(false)}
      >
        It stays lent.
      </ConfirmDialog>
    </>
  );
}

describe('ConfirmDialog', () => {
  it('acts once for a double click, and again once asked again', async () => {
    const calls: string[] = [];
    renderWithProviders(<Question calls={calls} />);
    // Two clicks in one go, as a fast double click lands before the dialog shows it is busy.
    const confirm = await screen.findByRole('button', { name: 'Confirm' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual(['sent']);
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls).toEqual(['sent', 'sent']));
  });
});
