import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { changeLocale, i18n, i18nReady } from './i18n/index.js';

await i18nReady;
// The files of a worker share its modules and page (isolate: false): each starts as the app does in a
// new browser, with nothing stored, in English, and no other dictionary fetched.
localStorage.clear();
// biome-ignore lint/suspicious/noDocumentCookie: jsdom's cookies are only reachable through document.cookie
document.cookie = 'earn_locale=; path=/; max-age=0';
i18n.removeResourceBundle('zh-CN', 'translation');
await changeLocale('en');
afterEach(() => {
  cleanup();
  // The toasts' store is a module's, and the test files share their modules (isolate: false).
  notifications.clean();
});

// jsdom lacks what Mantine measures with.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= () => undefined;
