import { type ComponentType, createElement, lazy } from 'react';

/** A page whose code is fetched when it is first shown, or beforehand by `preload`. */
export interface LazyPage<P> {
  (props: P): React.ReactNode;
  preload(): Promise<void>;
}

/**
 * Like React's lazy, but once `preload` has fetched the code the page renders at once instead of
 * suspending: a prerendered page is then taken over in one pass, before anything can re-render
 * around it (a boundary still waiting for its code when that happens is drawn afresh).
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  const Deferred = lazy(load);
  const page = (props: P) => createElement(loaded ?? Deferred, props);
  page.preload = () =>
    load().then((module) => {
      loaded = module.default;
    });
  return page;
}
