import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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

  it('fetches the container again for the next toast when its code could not be fetched', async () => {
    let offline = true;
    let loads = 0;
    const container = fetchedApart(async () => {
      loads++;
      if (offline) throw new TypeError('Failed to fetch dynamically imported module: /assets/ToastContainer.js');
      return ToastContainer;
    });
    render(
      <MantineProvider env="test">
        <Toasts container={container} />
      </MantineProvider>,
    );
    act(() => void notifications.show({ message: 'First' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const triedOffline = loads;
    expect(triedOffline).toBeGreaterThanOrEqual(1);
    offline = false;
    act(() => void notifications.show({ message: 'Second' }));
    expect(await screen.findByText('Second')).toBeInTheDocument();
    expect(screen.getByText('First')).toBeInTheDocument();
    expect(loads).toBeGreaterThan(triedOffline);
  });
});
