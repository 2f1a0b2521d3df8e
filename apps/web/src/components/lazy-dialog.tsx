import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';

/**
 * A dialog whose code is fetched apart from the page: the page's first load does not carry it, it is
 * fetched while the browser is idle after the page has shown, and it is mounted on its first opening
 * and kept (so it closes with its animation and keeps what it shows after a success).
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P> {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const fetchOnce = () => {
    loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        loading = null; // a failed fetch is tried again on the next opening
        throw error;
      },
    );
    return loading;
  };
  const Dialog = lazy(fetchOnce);
  return function LazyDialog(props: P) {
    const open = isOpen(props);
    const [wanted, setWanted] = useState(open);
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
    return wanted ? (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    ) : null;
  };
}
