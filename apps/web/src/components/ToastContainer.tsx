import { Notifications } from '@mantine/notifications';
import { TOASTS_TOP } from './Toasts.js';

/** Mantine's toast container, fetched apart from the page (see Toasts). */
export function ToastContainer() {
  return <Notifications position="top-center" styles={{ root: { top: TOASTS_TOP } }} />;
}
