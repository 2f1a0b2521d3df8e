import { Anchor, Center, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useLogin, useMe } from '../../api/account.js';
import { errorText } from '../../lib/notify.js';
import { loginDestination, useAuthGate } from './auth-gate.js';
import { CredentialsForm } from './CredentialsForm.js';

export default function LoginPage() {
  const { t } = useTranslation();
  const login = useLogin();
  const navigate = useNavigate();
  const location = useLocation();
  const { openRegister } = useAuthGate();
  const from = loginDestination(location.state);
  // A signed-in user has nothing to do here (a bookmark, the back button): on to where a login goes.
  if (useMe().data) return <Navigate to={from} replace />;
  return (
    <Center py="xl">
      <Paper withBorder p="xl" radius="md" w={400} maw="100%">
        <Title order={1} size="h2" mb="lg">
          {t('auth.loginTitle')}
        </Title>
        <CredentialsForm
          rules="login"
          submitLabel={t('nav.login')}
          pending={login.isPending}
          error={login.error ? errorText(login.error) : undefined}
          onSubmit={(credentials) => login.mutate(credentials, { onSuccess: () => navigate(from, { replace: true }) })}
        />
        <Text size="sm" mt="md" ta="center">
          {t('auth.noAccount')}{' '}
          <Anchor component="button" type="button" onClick={openRegister}>
            {t('nav.register')}
          </Anchor>
        </Text>
      </Paper>
    </Center>
  );
}
