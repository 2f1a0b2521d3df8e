import { Alert } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Refusal, showRefusalsIn } from '../lib/notify.js';

/**
 * While a dialog (or bottom sheet) is open and on top, the refusals of what it asked for, to show at
 * its top, in view, instead of as toasts that could cover its title, its close button or its submit
 * button (see showRefusalsIn).
 */
export function useRefusalsIn(opened: boolean): ReactNode {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<(Refusal & { id: number }) | null>(null);
  useEffect(() => {
    setRefusal(null);
    if (!opened) return;
    return showRefusalsIn((next) => setRefusal((shown) => (next ? { ...next, id: (shown?.id ?? 0) + 1 } : null)));
  }, [opened]);
  if (!refusal) return null;
  return (
    <Alert
      // A new refusal is a new alert: read out again, and scrolled into view.
      key={refusal.id}
      ref={(element) => element?.scrollIntoView({ block: 'nearest' })}
      // In a dialog that scrolls, clear of its title bar (Mantine's: 3.75rem high), which stays at the top.
      style={{ scrollMarginTop: 'calc(3.75rem * var(--mantine-scale) + var(--mantine-spacing-xs))' }}
      role="alert"
      color={refusal.color}
      variant="light"
      mb="md"
      withCloseButton
      closeButtonLabel={t('common.dismiss')}
      onClose={() => setRefusal(null)}
      data-testid="dialog-refusal"
    >
      {refusal.message}
    </Alert>
  );
}
