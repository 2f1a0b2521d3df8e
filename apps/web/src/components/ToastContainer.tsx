import { Notifications } from '@mantine/notifications';
import classes from './Toasts.module.css';

/** Mantine's toast container, fetched apart from the page (see Toasts). */
export function ToastContainer() {
  return <Notifications position="top-center" classNames={{ root: classes.container }} />;
}
