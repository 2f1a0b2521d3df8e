import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface CredentialsFormProps {
  submitLabel: string;
  pending: boolean;
  error: string | undefined;
  onSubmit(credentials: { email: string; password: string }): void;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Email and password with the same checks the server makes, shown before submit. */
export function CredentialsForm({ submitLabel, pending, error, onSubmit }: CredentialsFormProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const emailError = touched && !EMAIL.test(email.trim()) ? t('auth.emailInvalid') : undefined;
  const passwordError = touched && password.length < 8 ? t('auth.passwordShort') : undefined;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (EMAIL.test(email.trim()) && password.length >= 8) onSubmit({ email: email.trim(), password });
      }}
    >
      <Stack>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <TextInput
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={emailError}
          required
        />
        <PasswordInput
          label={t('auth.password')}
          description={t('auth.passwordHint')}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={passwordError}
          required
        />
        <Button type="submit" loading={pending} fullWidth>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
