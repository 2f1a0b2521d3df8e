import { notifications } from '@mantine/notifications';
import { ApiError } from '../api/errors.js';
import { i18n } from '../i18n/index.js';

/** A refused call as a toast: 'Networkerr' as an error, any other refusal as a warning with the server's message. */
export function notifyError(error: unknown) {
  if (error instanceof ApiError && error.key === 'fundpass.cancelled') return;
  if (error instanceof ApiError && error.isNetwork) {
    notifications.show({ color: 'red', message: i18n.t('Networkerr') });
    return;
  }
  const message = error instanceof Error ? error.message : i18n.t('common.error');
  notifications.show({ color: 'yellow', message });
}

export function notifySuccess(message: string) {
  notifications.show({ color: 'teal', message });
}
