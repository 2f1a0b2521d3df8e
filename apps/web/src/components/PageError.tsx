import { Button, Stack, Text, Title } from '@mantine/core';
import type { FallbackProps } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { isFailedImport } from '../lib/notify.js';

/**
 * In place of a page that could not be fetched or drawn. Retry reloads: React keeps a lazily loaded
 * page's failure for good, so only a new load fetches its code again.
 */
export function PageError({ error }: FallbackProps) {
  const { t } = useTranslation();
  return (
    <Stack align="center" py="xl" role="alert">
      <Title order={3}>{t('common.error')}</Title>
      {isFailedImport(error) && <Text c="dimmed">{t('Networkerr')}</Text>}
      <Button variant="light" onClick={() => window.location.reload()}>
        {t('common.retry')}
      </Button>
    </Stack>
  );
}
