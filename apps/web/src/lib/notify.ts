import { notifications } from '@mantine/notifications';
import { ApiError } from '../api/errors.js';
import { i18n } from '../i18n/index.js';

/**
 * A refused call as a toast: 'Networkerr' as an error, any other refusal with the server's message,
 * as a warning unless the spec asks for an error toast.
 */
export function notifyError(error: unknown, level: 'warning' | 'error' = 'warning') {
  if (error instanceof ApiError && error.key === 'fundpass.cancelled') return;
  if (error instanceof ApiError && error.isNetwork) {
    notifications.show({ color: 'red', message: i18n.t('Networkerr') });
    return;
  }
  const message = error instanceof Error ? error.message : i18n.t('common.error');
  notifications.show({ color: level === 'error' ? 'red' : 'yellow', message });
}

export function notifySuccess(message: string) {
  notifications.show({ color: 'teal', message });
}
