import { Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CancelButton } from './CancelButton.js';
import { Dialog } from './Dialog.js';

export interface ConfirmDialogProps {
  opened: boolean;
  title: ReactNode;
  children: ReactNode;
  pending: boolean;
  onConfirm(): void;
  onClose(): void;
  /** Test handle of the confirm button. */
  confirmTestId?: string;
  /** The buttons' words where Cancel and Confirm would be ambiguous (a dialog that cancels something). */
  confirmLabel?: string;
  cancelLabel?: string;
  zIndex?: number;
}

/** A question before an action: Cancel, or Confirm (busy while the action runs). */
export function ConfirmDialog({
  opened,
  title,
  children,
  pending,
  onConfirm,
  onClose,
  confirmTestId,
  confirmLabel,
  cancelLabel,
  zIndex,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog opened={opened} onClose={onClose} title={title} centered {...(zIndex ? { zIndex } : {})}>
      <Text size="sm">{children}</Text>
      <Group justify="flex-end" mt="lg">
        <CancelButton onCancel={onClose} label={cancelLabel} />
        <Button loading={pending} onClick={onConfirm} {...(confirmTestId ? { 'data-testid': confirmTestId } : {})}>
          {confirmLabel ?? t('common.confirm')}
        </Button>
      </Group>
    </Dialog>
  );
}
