import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { codeOffline } from '../test-utils.js';
import { fetchedApart } from './fetched-apart.js';
import { ToastContainer } from './ToastContainer.js';
import { Toasts } from './Toasts.js';

afterEach(() => act(() => notifications.clean()));

describe('toasts', () => {
  it("shows a toast asked for before the container's code arrived, once it has", async () => {
    let arrive = (_: typeof ToastContainer) => {};
    const container = fetchedApart(() => new Promise<typeof ToastContainer>((resolve) => (arrive = resolve)));
    render(
      <MantineProvider env="test">
        <Toasts container={container} />
      </MantineProvider>,
    );
    act(() => void notifications.show({ message: 'Saved early' }));
    expect(screen.queryByText('Saved early')).toBeNull();
    act(() => arrive(ToastContainer));
    expect(await screen.findByText('Saved early')).toBeInTheDocument();
  });

  it('shows waiting toasts plainly while the container cannot be fetched, and fetches it again', async () => {
    const code = codeOffline(ToastContainer, 'ToastContainer.js');
    const container = fetchedApart(code.load);
    render(
      <MantineProvider env="test">
        <Toasts container={container} />
      </MantineProvider>,
    );
    act(() => void notifications.show({ message: 'Redeemed 1 USDC' }));
    // Not lost: shown at once, plainly, and closed by hand.
    expect(await screen.findByRole('alert')).toHaveTextContent('Redeemed 1 USDC');
    const triedOffline = code.loads;
    // Back online: fetched again, and the container shows what waits and what comes.
    code.goOnline();
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(container.loaded).toBe(ToastContainer));
    expect(code.loads).toBeGreaterThan(triedOffline);
    act(() => void notifications.show({ message: 'Redeemed 1 GT' }));
    expect(await screen.findByText('Redeemed 1 GT')).toBeInTheDocument();
    expect(screen.getByText('Redeemed 1 USDC')).toBeInTheDocument();
  });
});
