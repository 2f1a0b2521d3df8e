import { emailProblem, passwordProblem } from '@earn/domain';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface CredentialsFormProps {
  /**
   * Sign-up checks the rules an account's email and password must follow; a login only that both are
   * given (an address or password that breaks a rule is only a wrong pair: the server says so).
   */
  rules: 'sign-up' | 'login';
  submitLabel: string;
  pending: boolean;
  /** The server's refusal of the last submit: shown until the email or password is changed. */
  error: string | undefined;
  onSubmit(credentials: { email: string; password: string }): void;
}

/** Email and password with the same checks the server makes, shown before submit. */
export function CredentialsForm({ rules, submitLabel, pending, error, onSubmit }: CredentialsFormProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  // What the refusal was about: once either is changed it no longer stands beside the form's own checks.
  const [sent, setSent] = useState<{ email: string; password: string } | null>(null);
  const refusal = error && sent?.email === email && sent.password === password ? error : undefined;
  const emailWrong = rules === 'sign-up' ? emailProblem(email) : email.trim() ? null : 'emailInvalid';
  const passwordWrong = rules === 'sign-up' ? passwordProblem(password) : password ? null : 'passwordMissing';
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (emailWrong || passwordWrong) return;
        setSent({ email, password });
        onSubmit({ email: email.trim(), password });
      }}
    >
      <Stack>
        {refusal && (
          <Alert color="red" variant="light" role="alert">
            {refusal}
          </Alert>
        )}
        <TextInput
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={touched && emailWrong ? t(`auth.${emailWrong}`) : undefined}
          required
        />
        <PasswordInput
          label={t('auth.password')}
          description={rules === 'sign-up' ? t('auth.passwordHint') : undefined}
          // A password manager offers a new strong password on sign-up, the saved one on login.
          autoComplete={rules === 'sign-up' ? 'new-password' : 'current-password'}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={touched && passwordWrong ? t(`auth.${passwordWrong}`) : undefined}
          required
          // The eye is reachable by keyboard too, and named in the reader's language.
          visibilityToggleButtonProps={{ tabIndex: 0, 'aria-label': t('auth.showPassword') }}
        />
        <Button type="submit" loading={pending} fullWidth>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
