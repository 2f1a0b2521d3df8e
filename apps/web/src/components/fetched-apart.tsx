import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { notifyBroken } from '../lib/notify.js';

/**
 * A component whose code is fetched apart from the page's. `loaded` is the component once its code
 * is here; `Lazy` suspends until it is. React keeps a lazy component's failure for good, so `reset`
 * makes a new one after a failure, and the next use fetches again.
 */
export interface FetchedApart<P> {
  readonly loaded: ComponentType<P> | null;
  readonly Lazy: ComponentType<P>;
  fetch(): Promise<ComponentType<P>>;
  reset(): void;
}

export function fetchedApart<P extends object>(load: () => Promise<ComponentType<P>>): FetchedApart<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  let loaded: ComponentType<P> | null = null;
  const fetch = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const makeLazy = () => lazy(() => fetch().then((component) => ({ default: component })));
  let Lazy = makeLazy();
  return {
    get loaded() {
      return loaded;
    },
    get Lazy() {
      return Lazy;
    },
    fetch,
    reset() {
      Lazy = makeLazy();
    },
  };
}

/**
 * Whether a part's code has arrived; it is fetched once the browser is idle after the page has
 * shown, so that by the time it is used it is usually here and opens at once.
 */
export function useArrived<P>(part: FetchedApart<P>): boolean {
  const [arrived, setArrived] = useState(part.loaded !== null);
  useEffect(() => {
    if (arrived) return;
    let live = true;
    const prefetch = () =>
      void part.fetch().then(
        () => live && setArrived(true),
        () => undefined,
      );
    if (typeof requestIdleCallback === 'undefined') {
      const timer = setTimeout(prefetch, 1000);
      return () => {
        live = false;
        clearTimeout(timer);
      };
    }
    const id = requestIdleCallback(prefetch);
    return () => {
      live = false;
      cancelIdleCallback(id);
    };
  }, [arrived, part]);
  return arrived;
}

/**
 * A part used before its code arrived: `fallback` meanwhile; if its code cannot be fetched the user
 * is told, `onFailed` runs, and the next use fetches again.
 */
export function EarlyPart<P extends object>({
  part,
  props,
  fallback,
  onFailed,
}: {
  part: FetchedApart<P>;
  props: P;
  fallback: ReactNode;
  onFailed(): void;
}) {
  return (
    <ErrorBoundary
      fallback={fallback}
      onError={(error) => {
        part.reset();
        notifyBroken(error);
        onFailed();
      }}
    >
      <Suspense fallback={fallback}>
        <part.Lazy {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
