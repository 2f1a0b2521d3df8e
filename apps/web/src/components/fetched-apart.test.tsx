import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { codeOffline, renderWithProviders } from '../test-utils.js';
import { type FetchedApart, fetchedApart, PartOnUse } from './fetched-apart.js';

function Menu({ label }: { label: string; opened?: boolean }) {
  return <div role="menu">{label}</div>;
}

/** A control used the way the info marks, the inbox and the account menu are. */
function Control({ part }: { part: FetchedApart<{ label: string; opened?: boolean }> }) {
  return (
    <PartOnUse
      part={part}
      props={{ label: 'the menu' }}
      plain={(use) => (
        <button type="button" onClick={use}>
          use
        </button>
      )}
    />
  );
}

describe('a part fetched apart', () => {
  it('used before its code arrived and failing: tells the user, and the next use fetches again', async () => {
    const code = codeOffline(Menu, 'Menu.js');
    const part = fetchedApart(code.load);
    renderWithProviders(<Control part={part} />);
    await userEvent.click(screen.getByRole('button', { name: 'use' }));
    expect(await screen.findByText('Network error, please retry later')).toBeInTheDocument();
    code.goOnline();
    await userEvent.click(await screen.findByRole('button', { name: 'use' }));
    expect(await screen.findByRole('menu')).toHaveTextContent('the menu');
    expect(code.loads).toBeGreaterThanOrEqual(2);
  });

  it('is fetched while the browser is idle, and then shown at once, without suspending', async () => {
    const part = fetchedApart(async () => Menu);
    renderWithProviders(<Control part={part} />);
    // No use at all: the idle fetch brings it, and the control is the part itself.
    expect(await screen.findByRole('menu', {}, { timeout: 3000 })).toHaveTextContent('the menu');
    expect(part.loaded).toBe(Menu);
  });

  it('used before its code arrived, then given up (used again, Escape or a click elsewhere): stays closed', async () => {
    for (const giveUp of ['again', 'Escape', 'elsewhere'] as const) {
      let arrive = (_: typeof Popup) => {};
      const part = fetchedApart(() => new Promise<typeof Popup>((resolve) => (arrive = resolve)));
      const { unmount } = renderWithProviders(
        <>
          <Control part={part} />
          <p>elsewhere</p>
        </>,
      );
      await userEvent.click(screen.getByRole('button', { name: 'use' }));
      if (giveUp === 'again') await userEvent.click(screen.getByRole('button', { name: 'use' }));
      if (giveUp === 'Escape') await userEvent.keyboard('{Escape}');
      if (giveUp === 'elsewhere') await userEvent.click(screen.getByText('elsewhere'));
      arrive(Popup);
      expect(await screen.findByRole('button', { name: 'part' })).toBeInTheDocument();
      expect(screen.queryByRole('dialog'), giveUp).toBeNull();
      unmount();
    }
  });

  it('used before its code arrived: opens when it does, with the keyboard focus kept on the control', async () => {
    let arrive = (_: typeof Popup) => {};
    const part = fetchedApart(() => new Promise<typeof Popup>((resolve) => (arrive = resolve)));
    renderWithProviders(<Control part={part} />);
    screen.getByRole('button', { name: 'use' }).focus();
    await userEvent.keyboard('{Enter}');
    arrive(Popup);
    expect(await screen.findByRole('dialog')).toHaveTextContent('the menu');
    expect(screen.getByRole('button', { name: 'part' })).toHaveFocus();
  });
});

/** A part as the pop-overs are: its own control, and what it opens only when opened. */
function Popup({ label, opened }: { label: string; opened?: boolean }) {
  return (
    <>
      <button type="button">part</button>
      {opened && <div role="dialog">{label}</div>}
    </>
  );
}
