import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLogin, useMe, useUserLeavings } from '../api/account.js';
import { keys } from '../api/keys.js';
import { renderWithProviders } from '../test-utils.js';
import { useUserLeft } from './user-left.js';

const demo = { uid: 1, email: 'demo@example.com', role: 'user', tier: 0, is_vip: false, region: 'SG', kyc_level: 2 };

/**
 * A page with the user's session: one button signs in here, the other stands for any read of the
 * session that finds no user.
 */
function Page() {
  const me = useMe();
  useUserLeft(useUserLeavings());
  const login = useLogin();
  const queryClient = useQueryClient();
  return (
    <>
      <span data-testid="me">{me.data === undefined ? '...' : (me.data?.email ?? 'guest')}</span>
      <button type="button" onClick={() => login.mutate({ email: demo.email, password: 'demo1234' })}>
        log in
      </button>
      <span data-testid="login">{login.status}</span>
      <button type="button" onClick={() => queryClient.setQueryData(keys.me, null)}>
        read the session
      </button>
    </>
  );
}

// Toasts left by other files in this worker would queue this one behind Mantine's limit.
beforeEach(() =>
  act(() => {
    notifications.clean();
    notifications.cleanQueue();
  }),
);
afterEach(() => vi.unstubAllGlobals());

describe('a user who left', () => {
  it('is told their session ended when a read of it, not a refused call, finds it gone', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 0, data: demo }))),
    );
    renderWithProviders(<Page />);
    await waitFor(() => expect(screen.getByTestId('me')).toHaveTextContent(demo.email));
    // Signed in here, as a user is before their session ends: the tab's record of how its session
    // changed is this login, whatever an earlier file in the worker left in it (a logout here, which
    // would make a guest the tab's own doing).
    await userEvent.click(screen.getByRole('button', { name: 'log in' }));
    await waitFor(() => expect(screen.getByTestId('login')).toHaveTextContent('success'));
    await userEvent.click(screen.getByRole('button', { name: 'read the session' }));
    await waitFor(() => expect(screen.getByTestId('me')).toHaveTextContent('guest'));
    expect(
      await screen.findByText('Your session has ended: log in again to continue', undefined, { timeout: 5_000 }),
    ).toBeInTheDocument();
  });
});
