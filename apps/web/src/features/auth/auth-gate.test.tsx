import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils.js';
import { AuthGateProvider, useAuthGate } from './auth-gate.js';

function Subscribe() {
  const { requireLogin } = useAuthGate();
  const [subscribing, setSubscribing] = useState(false);
  return (
    <>
      <button type="button" onClick={() => requireLogin(() => setSubscribing(true))}>
        Subscribe
      </button>
      {subscribing && <p>The subscription dialog</p>}
    </>
  );
}

function renderGate() {
  renderWithProviders(
    <MemoryRouter initialEntries={['/simple-earn']}>
      <AuthGateProvider>
        <Routes>
          <Route path="/simple-earn" element={<Subscribe />} />
          <Route path="/login" element={<p>The login page</p>} />
        </Routes>
      </AuthGateProvider>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  localStorage.clear();
  // A guest: the session read answers no one.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ code: 0, message: 'success', data: null }))),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('asking a guest to sign in', () => {
  it('offers a new visitor an account', async () => {
    renderGate();
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Create your account')).toBeTruthy();
  });

  it('lets a guest log in from the registration instead, and then does what they asked for', async () => {
    let signedIn = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: URL | string) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (path === '/healthz') {
          // biome-ignore lint/suspicious/noDocumentCookie: the test stands in for the server's cookie.
          document.cookie = 'csrf_token=tok';
          return new Response('{}');
        }
        if (path === '/apiw/v2/auth/login') signedIn = true;
        const me = { uid: 7, email: 'demo@example.com', role: 'user', tier: 0, is_vip: false };
        return new Response(JSON.stringify({ code: 0, message: 'success', data: signedIn ? me : null }));
      }),
    );
    renderGate();
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Log in to Earn')).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/Email/), 'demo@example.com');
    await userEvent.type(screen.getByLabelText(/Password/), 'demo1234');
    await userEvent.click(screen.getAllByRole('button', { name: 'Log in' }).at(-1) as HTMLElement);
    expect(await screen.findByText('The subscription dialog')).toBeTruthy();
    expect(screen.queryByText('The login page')).toBeNull();
    await waitFor(() => expect(screen.queryByText('Log in to Earn')).toBeNull());
  });

  it('tells a reader whose session cannot be read so, rather than offering an account or waiting', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderGate();
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Network error, please retry later')).toBeTruthy();
    expect(screen.queryByText('Create your account')).toBeNull();
    expect(screen.queryByText('The subscription dialog')).toBeNull();
  });

  it('sends someone whose session ended on this device to log in', async () => {
    localStorage.setItem('earn.signedInHere', '1');
    renderGate();
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('The login page')).toBeTruthy();
    expect(screen.queryByText('Create your account')).toBeNull();
  });
});
