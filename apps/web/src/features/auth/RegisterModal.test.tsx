import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils.js';
import { RegisterModal } from './RegisterModal.js';

afterEach(() => vi.unstubAllGlobals());

describe('signing up', () => {
  it('sends one registration for a double click', async () => {
    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: URL | string) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        sent.push(path);
        if (path.endsWith('/healthz')) {
          // biome-ignore lint/suspicious/noDocumentCookie: the test stands in for the server's cookie.
          document.cookie = 'csrf_token=tok';
          return new Response('{}');
        }
        // Slower than a double click.
        await new Promise((resolve) => setTimeout(resolve, 30));
        const me = { uid: 9, email: 'new@example.com', role: 'user', tier: 0, is_vip: false };
        return new Response(JSON.stringify({ code: 0, data: path.endsWith('/login') ? me : null }));
      }),
    );
    const onClose = vi.fn();
    renderWithProviders(
      <MemoryRouter>
        <RegisterModal opened onClose={onClose} />
      </MemoryRouter>,
    );
    await userEvent.type(await screen.findByLabelText(/Email/), ' new@example.com ');
    await userEvent.type(screen.getByLabelText(/Password/), 'tidy-lemon-42');
    // Two clicks in one go, as a fast double click lands before the button shows it is busy.
    const signUp = screen.getByRole('button', { name: 'Sign up' });
    fireEvent.click(signUp);
    fireEvent.click(signUp);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.filter((p) => p === '/apiw/v2/auth/register')).toHaveLength(1);
    expect(sent.filter((p) => p === '/apiw/v2/auth/login')).toHaveLength(1);
  });

  it('opens afresh, without the error of the opening before', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: URL | string) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (path.endsWith('/healthz')) {
          // biome-ignore lint/suspicious/noDocumentCookie: the test stands in for the server's cookie.
          document.cookie = 'csrf_token=tok';
          return new Response('{}');
        }
        return new Response(JSON.stringify({ code: 10001, message: 'The system is busy; please try again' }), {
          status: 400,
        });
      }),
    );
    function Reopening() {
      const [opened, setOpened] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setOpened(true)}>
            Subscribe
          </button>
          <RegisterModal opened={opened} onClose={() => setOpened(false)} />
        </>
      );
    }
    renderWithProviders(
      <MemoryRouter>
        <Reopening />
      </MemoryRouter>,
    );
    await userEvent.type(await screen.findByLabelText(/Email/), 'new@example.com');
    await userEvent.type(screen.getByLabelText(/Password/), 'tidy-lemon-42');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('button', { name: 'Sign up' })).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).queryByRole('alert')).toBeNull();
  });
});
