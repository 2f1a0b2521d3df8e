import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils.js';
import { AuthGateProvider, useAuthGate } from './auth-gate.js';

function Subscribe() {
  const { requireLogin } = useAuthGate();
  return (
    <button type="button" onClick={() => requireLogin(() => {})}>
      Subscribe
    </button>
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

  it('sends someone whose session ended on this device to log in', async () => {
    localStorage.setItem('earn.signedInHere', '1');
    renderGate();
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('The login page')).toBeTruthy();
    expect(screen.queryByText('Create your account')).toBeNull();
  });
});
