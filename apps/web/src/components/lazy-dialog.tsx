import { Center, Loader } from '@mantine/core';
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { notifyBroken } from '../lib/notify.js';

/**
 * A dialog whose code is fetched apart from the page: the page's first load does not carry it, it is
 * fetched while the browser is idle after the page has shown, and it is mounted on its first opening
 * and kept (so it closes with its animation and keeps what it shows after a success). If its code
 * cannot be fetched, the user is told, the dialog is closed with `close`, and the next opening tries
 * again.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { isOpen, close }: { isOpen: (props: P) => boolean; close: (props: P) => void },
): ComponentType<P> {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const fetchOnce = () => {
    loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        loading = null; // a failed fetch is tried again next time
        throw error;
      },
    );
    return loading;
  };
  // React keeps a lazy component's failure for good: a new one is made after a failure.
  let Dialog = lazy(fetchOnce);
  return function LazyDialog(props: P) {
    const open = isOpen(props);
    const [wanted, setWanted] = useState(open);
    const [failures, setFailures] = useState(0);
    if (open && !wanted) setWanted(true);
    useEffect(() => {
      const prefetch = () => void fetchOnce().catch(() => undefined);
      if (typeof requestIdleCallback === 'undefined') {
        const timer = setTimeout(prefetch, 1000);
        return () => clearTimeout(timer);
      }
      const id = requestIdleCallback(prefetch);
      return () => cancelIdleCallback(id);
    }, []);
    if (!wanted) return null;
    return (
      <ErrorBoundary
        key={failures}
        fallback={null}
        onError={(error) => {
          Dialog = lazy(fetchOnce);
          notifyBroken(error);
          setWanted(false);
          setFailures((n) => n + 1);
          close(props);
        }}
      >
        <Suspense fallback={<Opening />}>
          <Dialog {...props} />
        </Suspense>
      </ErrorBoundary>
    );
  };
}

/** Shown over the page while a dialog opened before its code arrived is being fetched. */
function Opening() {
  return (
    <Center pos="fixed" inset={0} style={{ zIndex: 300 }} aria-busy="true">
      <Loader />
    </Center>
  );
}
