import { type ComponentType, lazy, type ReactElement, type ReactNode, Suspense, useEffect, useState } from 'react';
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

/**
 * A control whose pop-over or menu is fetched apart (an info mark, the inbox, the account menu): once
 * its code is here it is the part itself, closed until used; used before that, the plain control
 * shows until the code arrives and the part then opens.
 */
export function PartOnUse<P extends { opened?: boolean }>({
  part,
  props,
  plain,
}: {
  part: FetchedApart<P>;
  props: P;
  /** The control without its part, calling `use` when used. */
  plain: (use?: () => void) => ReactElement;
}) {
  const arrived = useArrived(part);
  const [early, setEarly] = useState(false);
  if (early) {
    return (
      <EarlyPart part={part} props={{ ...props, opened: true }} fallback={plain()} onFailed={() => setEarly(false)} />
    );
  }
  const Part = part.loaded;
  if (arrived && Part) return <Part {...props} />;
  return plain(() => setEarly(true));
}
