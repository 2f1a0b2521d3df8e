import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
    await userEvent.type(screen.getByLabelText(/Password/), 'password123');
    // Two clicks in one go, as a fast double click lands before the button shows it is busy.
    const signUp = screen.getByRole('button', { name: 'Sign up' });
    fireEvent.click(signUp);
    fireEvent.click(signUp);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.filter((p) => p === '/apiw/v2/auth/register')).toHaveLength(1);
    expect(sent.filter((p) => p === '/apiw/v2/auth/login')).toHaveLength(1);
  });
});
