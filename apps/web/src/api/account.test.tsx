import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test-utils.js';
import { useLogin, useMe, useSessionFromOtherTabs } from './account.js';

const vip = { uid: 2, email: 'vip@example.com', role: 'user', tier: 5, is_vip: true, region: 'SG', kyc_level: 2 };

function Tab() {
  useSessionFromOtherTabs();
  const me = useMe();
  const login = useLogin();
  return (
    <>
      <span data-testid="me">{me.data === undefined ? '...' : (me.data?.email ?? 'guest')}</span>
      <button type="button" onClick={() => login.mutate({ email: vip.email, password: 'tidy-lemon-42' })}>
        log in
      </button>
    </>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the session in a tab', () => {
  it('keeps the user it just signed in when a read begun under the old session answers late', async () => {
    let answerLate = (_: Response) => {};
    let meCalls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: URL | string) => {
        const url = String(input);
        if (url.endsWith('/healthz')) {
          // biome-ignore lint/suspicious/noDocumentCookie: the test stands in for the server's cookie.
          document.cookie = 'csrf_token=tok';
          return new Response('{}');
        }
        if (url.endsWith('/apiw/v2/auth/login')) return new Response(JSON.stringify({ code: 0, data: vip }));
        if (url.endsWith('/apiw/v2/auth/session')) {
          meCalls++;
          const guest = new Response(JSON.stringify({ code: 0, data: null }));
          if (meCalls === 1) return guest;
          return new Promise<Response>((resolve) => (answerLate = () => resolve(guest)));
        }
        return new Response(JSON.stringify({ code: 0, data: null }));
      }),
    );
    renderWithProviders(<Tab />);
    await waitFor(() => expect(screen.getByTestId('me')).toHaveTextContent('guest'));
    // Another tab signs out: this one reads the user again, and that read is slow.
    new BroadcastChannel('earn.session').postMessage('changed');
    await waitFor(() => expect(meCalls).toBe(2));
    await userEvent.click(screen.getByRole('button', { name: 'log in' }));
    await waitFor(() => expect(screen.getByTestId('me')).toHaveTextContent(vip.email));
    answerLate(new Response());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('me')).toHaveTextContent(vip.email);
  });
});
