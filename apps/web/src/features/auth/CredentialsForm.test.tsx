import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils.js';
import { CredentialsForm } from './CredentialsForm.js';

describe('the credentials form', () => {
  it('says what is wrong before sending, with the API’s own rules', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <CredentialsForm rules="sign-up" submitLabel="Sign up" pending={false} error={undefined} onSubmit={onSubmit} />,
    );
    await userEvent.type(screen.getByLabelText(/Email/), 'é@example.com');
    await userEvent.type(screen.getByLabelText(/Password/), 'x'.repeat(129));
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('The password can have at most 128 characters')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('lets the keyboard show the password typed', async () => {
    renderWithProviders(
      <CredentialsForm rules="login" submitLabel="Log in" pending={false} error={undefined} onSubmit={vi.fn()} />,
    );
    await userEvent.type(screen.getByLabelText(/Password/), 'secret-words');
    await userEvent.tab();
    const eye = screen.getByRole('button', { name: 'Show or hide the password' });
    expect(eye).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByLabelText(/Password/)).toHaveAttribute('type', 'text');
  });

  it('asks a password manager for a new password on sign-up and for the saved one on login', () => {
    const props = { submitLabel: 'Go', pending: false, error: undefined, onSubmit: vi.fn() };
    const { unmount } = renderWithProviders(<CredentialsForm rules="sign-up" {...props} />);
    expect(screen.getByLabelText(/Password/)).toHaveAttribute('autocomplete', 'new-password');
    unmount();
    renderWithProviders(<CredentialsForm rules="login" {...props} />);
    expect(screen.getByLabelText(/Password/)).toHaveAttribute('autocomplete', 'current-password');
  });

  it('on the login, asks only for both, and sends any password as typed (a wrong one is the server’s to say)', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <CredentialsForm rules="login" submitLabel="Log in" pending={false} error={undefined} onSubmit={onSubmit} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText(/Email/), 'someone@example.com');
    await userEvent.type(screen.getByLabelText(/Password/), 'a');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(onSubmit).toHaveBeenCalledWith({ email: 'someone@example.com', password: 'a' });
  });

  it("takes the server's refusal away once the email or password it was about is changed", async () => {
    // The server refuses every submit, as it refuses a guessable password.
    function Refused() {
      const [error, setError] = useState<string | undefined>();
      return (
        <CredentialsForm
          rules="sign-up"
          submitLabel="Sign up"
          pending={false}
          error={error}
          onSubmit={() => setError('This password is too easy to guess')}
        />
      );
    }
    renderWithProviders(<Refused />);
    await userEvent.type(screen.getByLabelText(/Email/), 'someone@example.com');
    await userEvent.type(screen.getByLabelText(/Password/), 'password123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByRole('alert')).toHaveTextContent('This password is too easy to guess');
    await userEvent.type(screen.getByLabelText(/Password/), '!');
    expect(screen.queryByText('This password is too easy to guess')).toBeNull();
    // Back to what was refused, it stands again.
    await userEvent.type(screen.getByLabelText(/Password/), '{Backspace}');
    expect(screen.getByRole('alert')).toHaveTextContent('This password is too easy to guess');
  });
});
