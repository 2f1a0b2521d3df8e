import { Notification, Stack } from '@mantine/core';
import { notifications as toasts, useNotifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { type FetchedApart, fetchedApart, useArrived } from './fetched-apart.js';
import classes from './Toasts.module.css';

/** Mantine's toast container and its transitions: fetched once the page is idle, not with it. */
const toastContainer = fetchedApart(() => import('./ToastContainer.js').then((m) => m.ToastContainer));

/** How often the container's code is fetched again while toasts wait for it after a failure. */
const RETRY_MS = 5_000;

/**
 * Where the app's toasts show. A toast asked for before the container's code has arrived waits in
 * Mantine's store and shows when it has. If that code could not be fetched, the waiting toasts are
 * shown plainly (each closed by hand) while it is fetched again: at the next toast, when the browser
 * is back online, and every few seconds.
 */
export function Toasts({ container = toastContainer }: { container?: FetchedApart<object> }) {
  const { arrived, fetchNow } = useArrived(container);
  const { notifications, queue } = useNotifications();
  const waiting = notifications.length + queue.length;
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (arrived || waiting === 0) return;
    const fetch = () =>
      fetchNow().then(
        () => setFailed(false),
        () => setFailed(true),
      );
    fetch();
    const timer = setInterval(fetch, RETRY_MS);
    window.addEventListener('online', fetch);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', fetch);
    };
  }, [arrived, waiting, fetchNow]);
  const Container = container.loaded;
  if (arrived && Container) return <Container />;
  if (!failed || waiting === 0) return null;
  return (
    <Stack
      gap="xs"
      className={classes.fallback}
      pos="fixed"
      left="50%"
      w={440}
      maw="calc(100vw - 32px)"
      style={{ zIndex: 400, transform: 'translateX(-50%)' }}
    >
      {notifications.map((toast) => (
        <Notification
          key={toast.id}
          title={toast.title}
          color={toast.color}
          role="alert"
          onClose={() => toast.id && toasts.hide(toast.id)}
        >
          {toast.message}
        </Notification>
      ))}
    </Stack>
  );
}
