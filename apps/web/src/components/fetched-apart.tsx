import {
  type ComponentType,
  lazy,
  type ReactElement,
  type ReactNode,
  Suspense,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { notifyBroken } from '../lib/notify.js';
import { useEscapeClosesTop } from '../lib/use-escape-closes-top.js';

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
 * shown, so that by the time it is used it is usually here and opens at once. `fetchNow` fetches it
 * at once (a use before it arrived); `beforeArrival` runs just before the part replaces what stood
 * in for it.
 */
export function useArrived<P>(
  part: FetchedApart<P>,
  beforeArrival?: () => void,
): { arrived: boolean; fetchNow(): Promise<void> } {
  const [arrived, setArrived] = useState(part.loaded !== null);
  const before = useRef(beforeArrival);
  before.current = beforeArrival;
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  const fetchNow = useCallback(
    () =>
      part.fetch().then(() => {
        if (!live.current) return;
        before.current?.();
        // Drawn in short slices: several parts arrive together while the page is being used.
        startTransition(() => setArrived(true));
      }),
    [part],
  );
  useEffect(() => {
    if (arrived) return;
    const prefetch = () => void fetchNow().catch(() => undefined);
    if (typeof requestIdleCallback === 'undefined') {
      const timer = setTimeout(prefetch, 1000);
      return () => clearTimeout(timer);
    }
    const id = requestIdleCallback(prefetch);
    return () => cancelIdleCallback(id);
  }, [arrived, fetchNow]);
  return { arrived, fetchNow };
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
 * its code is here it is the part itself, closed until used. Used before that, the plain control
 * stays until the code arrives and the part then opens, unless the user gave up meanwhile (used it
 * again, pressed Escape or clicked elsewhere). The control keeps the keyboard focus across the swap.
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
  const wrapper = useRef<HTMLSpanElement>(null);
  const refocus = useRef(false);
  const { arrived, fetchNow } = useArrived(part, () => {
    refocus.current = wrapper.current?.contains(document.activeElement) ?? false;
  });
  const [wanted, setWanted] = useState(false);
  const waiting = wanted && !arrived;
  const giveUp = useCallback(() => setWanted(false), []);
  useEscapeClosesTop(waiting, giveUp, 'popover');
  useEffect(() => {
    if (!waiting) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!(event.target instanceof Node && wrapper.current?.contains(event.target))) setWanted(false);
    };
    window.addEventListener('pointerdown', onPointerDown, { capture: true });
    return () => window.removeEventListener('pointerdown', onPointerDown, { capture: true });
  }, [waiting]);
  useLayoutEffect(() => {
    if (!arrived || !refocus.current) return;
    refocus.current = false;
    wrapper.current?.querySelector<HTMLElement>('button, [tabindex]')?.focus();
  }, [arrived]);
  const use = () => {
    if (wanted) return setWanted(false);
    setWanted(true);
    fetchNow().catch((error: unknown) => {
      notifyBroken(error);
      setWanted(false);
    });
  };
  const Part = part.loaded;
  return (
    <span ref={wrapper} style={{ display: 'contents' }}>
      {arrived && Part ? <Part {...props} opened={wanted} /> : plain(use)}
    </span>
  );
}
