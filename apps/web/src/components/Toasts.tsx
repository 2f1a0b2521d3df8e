import { useNotifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { type FetchedApart, fetchedApart, useArrived } from './fetched-apart.js';

/** Mantine's toast container and its transitions: fetched once the page is idle, not with it. */
const toastContainer = fetchedApart(() => import('./ToastContainer.js').then((m) => m.ToastContainer));

/**
 * Where the app's toasts show. A toast asked for before the container's code has arrived waits in
 * Mantine's store and shows when it has; if that code could not be fetched, the next toast fetches it
 * again.
 */
export function Toasts({ container = toastContainer }: { container?: FetchedApart<object> }) {
  const { arrived, fetchNow } = useArrived(container);
  const { notifications, queue } = useNotifications();
  const waiting = notifications.length + queue.length;
  useEffect(() => {
    if (!arrived && waiting > 0) fetchNow().catch(() => undefined);
  }, [arrived, waiting, fetchNow]);
  const Container = container.loaded;
  return arrived && Container ? <Container /> : null;
}
