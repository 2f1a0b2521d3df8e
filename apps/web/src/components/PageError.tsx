import { Button, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import type { FallbackProps } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { whenServerAnswers } from '../api/server-back.js';
import { isFailedImport } from '../lib/notify.js';

const reloadPage = () => window.location.reload();

/**
 * In place of a page that could not be fetched or drawn. Retry reloads: React keeps a lazily loaded
 * page's failure for good, so only a new load fetches its code again. A page whose code could not be
 * fetched (the server down, or the network) reloads by itself once the server answers again.
 */
export function PageError({ error, reload = reloadPage }: FallbackProps & { reload?: () => void }) {
  const { t } = useTranslation();
  const unreachable = isFailedImport(error);
  useEffect(() => (unreachable ? whenServerAnswers(reload) : undefined), [unreachable, reload]);
  return (
    <Stack align="center" py="xl" role="alert">
      <Title order={3}>{t('common.error')}</Title>
      {unreachable && <Text c="dimmed">{t('Networkerr')}</Text>}
      <Button variant="light" onClick={reload}>
        {t('common.retry')}
      </Button>
    </Stack>
  );
}
