import { Anchor, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogin, useRegister } from '../../api/account.js';
import { ResponsiveModal } from '../../components/ResponsiveModal.js';
import { errorText, notifySuccess } from '../../lib/notify.js';
import { CredentialsForm } from './CredentialsForm.js';

/**
 * The registration modal. "Already registered? Log in" turns it into a login in place, so the guest
 * stays on the page and what they asked for (the dialog to open) is done once they are signed in,
 * as after registering; the login page would leave the page and lose it.
 */
export function RegisterModal({
  opened,
  onClose,
  onSignedIn,
}: {
  opened: boolean;
  onClose(): void;
  /** After the account (new, or logged in to) is signed in. */
  onSignedIn?(): void;
}) {
  const { t } = useTranslation();
  const register = useRegister();
  const login = useLogin();
  const [loggingIn, setLoggingIn] = useState(false);
  const { reset: resetRegister } = register;
  const { reset: resetLogin } = login;
  // Each opening starts afresh, at the registration, with no error of the one before.
  useEffect(() => {
    if (!opened) return;
    setLoggingIn(false);
    resetRegister();
    resetLogin();
  }, [opened, resetRegister, resetLogin]);
  // The call the form makes: logging in or registering.
  const asked = loggingIn ? login : register;
  const signedIn = () => {
    onClose();
    onSignedIn?.();
  };
  return (
    <ResponsiveModal
      opened={opened}
      onClose={onClose}
      title={t(loggingIn ? 'auth.loginTitle' : 'auth.registerTitle')}
      size="sm"
    >
      <CredentialsForm
        key={loggingIn ? 'login' : 'register'}
        rules={loggingIn ? 'login' : 'sign-up'}
        submitLabel={t(loggingIn ? 'nav.login' : 'nav.register')}
        pending={asked.isPending}
        error={asked.error ? errorText(asked.error) : undefined}
        onSubmit={(credentials) =>
          loggingIn
            ? login.mutate(credentials, { onSuccess: signedIn })
            : register.mutate(credentials, {
                onSuccess: (me) => {
                  notifySuccess(t('auth.welcome', { email: me.email }));
                  signedIn();
                },
              })
        }
      />
      <Text size="sm" mt="md" ta="center">
        {t(loggingIn ? 'auth.noAccount' : 'auth.haveAccount')}{' '}
        <Anchor
          component="button"
          type="button"
          onClick={() => {
            setLoggingIn(!loggingIn);
            resetLogin();
            resetRegister();
          }}
        >
          {t(loggingIn ? 'nav.register' : 'nav.login')}
        </Anchor>
      </Text>
    </ResponsiveModal>
  );
}
