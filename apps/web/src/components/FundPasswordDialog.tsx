import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetFundPassword } from '../api/account.js';
import { ApiError } from '../api/errors.js';
import type { PromptRequest } from '../api/fund-password-prompt.js';
import { errorText } from '../lib/notify.js';
import { FundPasswordInput } from './FundPasswordInput.js';
import { ResponsiveModal } from './ResponsiveModal.js';

/** The fund-password dialog for a prompt of the fetch client (enter one, or set one first). */
export function FundPasswordDialog({ request }: { request: PromptRequest | null }) {
  const { t } = useTranslation();
  return (
    <ResponsiveModal
      opened={request !== null}
      onClose={() => request?.resolve(null)}
      title={request?.kind === 'set' ? t('fundpass.setTitle') : t('fundpass.enterTitle')}
      size="sm"
      zIndex={400}
      // It opens under the pointer that asked for it: the second click of a slow double click lands
      // outside it and must not dismiss it. Cancel, its close button and Escape do.
      closeOnClickOutside={false}
    >
      {request?.kind === 'enter' && <EnterFundPassword key={request.error?.message ?? 'first'} request={request} />}
      {request?.kind === 'set' && <SetFundPasswordFirst request={request} />}
    </ResponsiveModal>
  );
}

function EnterFundPassword({ request }: { request: PromptRequest }) {
  const { t } = useTranslation();
  const [pin, setPin] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (pin.length === 6) request.resolve(pin);
      }}
    >
      <Stack>
        {request.error && (
          <Alert color="red" variant="light" data-testid="fundpass-error">
            {errorText(request.error)}
          </Alert>
        )}
        <FundPasswordInput label={t('fundpass.title')} value={pin} onChange={setPin} autoFocus />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => request.resolve(null)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={pin.length !== 6}>
            {t('common.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function SetFundPasswordFirst({ request }: { request: PromptRequest }) {
  const { t } = useTranslation();
  const setFundPassword = useSetFundPassword();
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  const mismatch = second.length === 6 && first !== second;
  const error = setFundPassword.error instanceof ApiError ? errorText(setFundPassword.error) : undefined;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (first.length !== 6 || first !== second) return;
        setFundPassword.mutate({ fundpass: first }, { onSuccess: () => request.resolve(first) });
      }}
    >
      <Stack>
        <Text size="sm" c="dimmed">
          {t('fundpass.setIntro')}
        </Text>
        <FundPasswordInput label={t('fundpass.new')} value={first} onChange={setFirst} autoFocus />
        <FundPasswordInput label={t('fundpass.repeat')} value={second} onChange={setSecond} />
        {mismatch && (
          <Text c="red" size="sm" role="alert">
            {t('fundpass.mismatch')}
          </Text>
        )}
        {error && (
          <Alert color="red" variant="light">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => request.resolve(null)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={setFundPassword.isPending} disabled={first.length !== 6 || first !== second}>
            {t('common.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
