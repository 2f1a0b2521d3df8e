import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, preloadPage } from './app/App.js';
import { takeEarlyInput } from './app/early-input.js';
import { currentLocale, i18nReady } from './i18n/index.js';

const root = document.getElementById('root');
if (!root) throw new Error('no #root element');
// A page the server prerendered says in which language (scripts/prerender.mjs).
const prerenderedIn = root.dataset.locale;

// The first paint is in the reader's language, not English for a moment, and shows the page, not a
// loader (a page's code that cannot be fetched is the page's error to show, as on any visit).
void Promise.all([i18nReady, preloadPage(window.location.pathname).catch(() => undefined)]).then(() => {
  // What the reader did on the page meanwhile is done again once React has it all (EarlyInputReplay).
  takeEarlyInput(root);
  // React takes over the prerendered page as it is, in a transition so that the work is cut into
  // short slices and the page keeps answering. A page in another language is drawn afresh.
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (prerenderedIn === currentLocale()) {
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else createRoot(root).render(app);
});
