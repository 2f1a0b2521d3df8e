import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MOBILE_QUERY } from './lib/use-is-mobile.js';

/** Renders with the providers the app has (Mantine, notifications, a fresh query client, returned too). */
export function renderWithProviders(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rendered = render(
    <MantineProvider env="test">
      <DatesProvider settings={{ consistentWeeks: true }}>
        <Notifications />
        <QueryClientProvider client={client}>{ui}</QueryClientProvider>
      </DatesProvider>
    </MantineProvider>,
  );
  return { ...rendered, client };
}

const realMatchMedia = window.matchMedia;
/** Makes the 768 px mobile query match (or not) until `restoreViewport`. */
export function setMobile(mobile: boolean) {
  window.matchMedia = (query: string) =>
    ({
      ...realMatchMedia(query),
      matches: mobile && query === MOBILE_QUERY,
      media: query,
    }) as MediaQueryList;
}
export function restoreViewport() {
  window.matchMedia = realMatchMedia;
}

/** The two layouts a dialog takes, for `describe.each`: its name, and whether `setMobile` should make it a phone. */
export const DIALOG_LAYOUTS = [
  ['a phone (bottom sheet)', true],
  ['a desktop (dialog)', false],
] as const;

/**
 * A part's code as fetched over a network that is down until `goOnline()`: each load fails as a
 * browser says a module could not be fetched, then returns `component`; `loads` counts them.
 */
export function codeOffline<T>(component: T, file: string) {
  const state = { offline: true, loads: 0 };
  return {
    load: async (): Promise<T> => {
      state.loads++;
      if (state.offline) throw new TypeError(`Failed to fetch dynamically imported module: /assets/${file}`);
      return component;
    },
    goOnline: () => {
      state.offline = false;
    },
    get loads() {
      return state.loads;
    },
  };
}
