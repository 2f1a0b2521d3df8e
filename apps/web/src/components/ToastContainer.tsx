import { Notifications } from '@mantine/notifications';

/** Mantine's toast container, fetched apart from the page (see Toasts). */
export function ToastContainer() {
  return <Notifications position="top-center" />;
}
