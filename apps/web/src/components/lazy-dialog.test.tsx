import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { codeOffline, renderWithProviders } from '../test-utils.js';
import { lazyDialog } from './lazy-dialog.js';

interface NoteProps {
  opened: boolean;
  onClose(): void;
}

function Note({ opened, onClose }: NoteProps) {
  return opened ? (
    <button type="button" onClick={onClose}>
      the note
    </button>
  ) : null;
}

function Page({ Dialog }: { Dialog: React.ComponentType<NoteProps> }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        open
      </button>
      <Dialog opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

/** A dialog whose code arrives only when `arrive` is called. */
function heldDialog() {
  let arrive = () => {};
  const Dialog = lazyDialog(
    () =>
      new Promise<typeof Note>((resolve) => {
        arrive = () => resolve(Note);
      }),
    { isOpen: (p) => p.opened, close: (p) => p.onClose() },
  );
  return { Dialog, arrive: () => arrive() };
}

describe('lazyDialog', () => {
  it('fetches its code no sooner than needed, and opens with it', async () => {
    let loads = 0;
    const Dialog = lazyDialog(
      async () => {
        loads++;
        return Note;
      },
      { isOpen: (p) => p.opened, close: (p) => p.onClose() },
    );
    renderWithProviders(<Page Dialog={Dialog} />);
    expect(screen.queryByText('the note')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(await screen.findByText('the note')).toBeInTheDocument();
    // Once, however often it is prefetched and opened.
    await userEvent.click(screen.getByText('the note'));
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(await screen.findByText('the note')).toBeInTheDocument();
    expect(loads).toBe(1);
  });

  it('tells the user when its code cannot be fetched, closes, and tries again on the next opening', async () => {
    const code = codeOffline(Note, 'Note.js');
    const Dialog = lazyDialog(code.load, { isOpen: (p) => p.opened, close: (p) => p.onClose() });
    renderWithProviders(<Page Dialog={Dialog} />);
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(await screen.findByText('Network error, please retry later')).toBeInTheDocument();
    expect(screen.queryByText('the note')).toBeNull();
    code.goOnline();
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    await waitFor(() => expect(screen.getByText('the note')).toBeInTheDocument());
  });

  it('gives up an opening when Escape is pressed while its code is coming, and stays closed when it comes', async () => {
    const { Dialog, arrive } = heldDialog();
    renderWithProviders(<Page Dialog={Dialog} />);
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).not.toBeNull());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
    arrive();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('the note')).toBeNull();
    // Opened again, it opens.
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(await screen.findByText('the note')).toBeInTheDocument();
  });

  it('gives the focus back to what opened it early, once it closes', async () => {
    const { Dialog, arrive } = heldDialog();
    renderWithProviders(<Page Dialog={Dialog} />);
    const opener = screen.getByRole('button', { name: 'open' });
    await userEvent.click(opener);
    arrive();
    const note = await screen.findByText('the note');
    note.focus();
    await userEvent.click(note);
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
