import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { closesNow } from '../lib/use-escape-closes-top.js';

/**
 * A dialog's Cancel: it closes the dialog as Escape and its × do, so not while a money call made
 * from it is on its way (the dialog stays to show what came of it; closed, the call would still go
 * through unseen).
 */
export function CancelButton({ onCancel, label }: { onCancel(): void; label?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Button variant="default" onClick={() => closesNow(onCancel)}>
      {label ?? t('common.cancel')}
    </Button>
  );
}
