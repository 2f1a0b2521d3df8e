import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useRegister } from '../../api/account.js';
import { ResponsiveModal } from '../../components/ResponsiveModal.js';
import { errorText, notifySuccess } from '../../lib/notify.js';
import { CredentialsForm } from './CredentialsForm.js';

export function RegisterModal({
  opened,
  onClose,
  onRegistered,
}: {
  opened: boolean;
  onClose(): void;
  /** After the new account is signed in (the login page goes on to where the user was headed). */
  onRegistered?(): void;
}) {
  const { t } = useTranslation();
  const register = useRegister();
  const location = useLocation();
  // Logging in instead still goes on to where the guest was headed (or back to this page).
  const loginState = location.pathname === '/login' ? location.state : { from: location.pathname + location.search };
  return (
    <ResponsiveModal opened={opened} onClose={onClose} title={t('auth.registerTitle')} size="sm">
      <CredentialsForm
        rules="sign-up"
        submitLabel={t('nav.register')}
        pending={register.isPending}
        error={register.error ? errorText(register.error) : undefined}
        onSubmit={(credentials) =>
          register.mutate(credentials, {
            onSuccess: (me) => {
              notifySuccess(t('auth.welcome', { email: me.email }));
              onClose();
              onRegistered?.();
            },
          })
        }
      />
      <Text size="sm" mt="md" ta="center">
        {t('auth.haveAccount')}{' '}
        <Anchor component={Link} to="/login" state={loginState} onClick={onClose}>
          {t('nav.login')}
        </Anchor>
      </Text>
    </ResponsiveModal>
  );
}
