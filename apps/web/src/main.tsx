import { asLocale } from '@earn/domain';
import { onlineManager } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, preloadPage } from './app/App.js';
import { replayEarlyInput, takeEarlyInput } from './app/early-input.js';
import { afterPageTakenOver } from './app/page-taken-over.js';
import { changeLocale, currentLocale, i18nReady, readerLocaleMissing } from './i18n/index.js';
import { watchDialogHistory } from './lib/dialog-history.js';
import { setPrerenderedLayout } from './lib/use-is-mobile.js';
import { yieldToBrowser } from './lib/yield-to-browser.js';

const root = document.getElementById('root');
if (!root) throw new Error('no #root element');
/** The longest the server reads wait for React to take over a prerendered page. */
const READS_HELD_MAX_MS = 5_000;

// Back closes dialogs from the start, and a page reloaded with one open starts on the entry beneath it.
watchDialogHistory();

// A page the server prerendered says in which language and for which width (src/prerender.tsx).
const prerenderedIn = asLocale(root.dataset.locale);
setPrerenderedLayout(root.dataset.layout === 'phone' ? 'phone' : 'desktop');

// The first paint is in the reader's language, not English for a moment, and shows the page, not a
// loader (a page's code that cannot be fetched is the page's error to show, as on any visit). Each
// piece of start-up work in a task of its own: the page answers between them.
const pageLoaded = yieldToBrowser().then(() => preloadPage(window.location.pathname).catch(() => undefined));
/** Settles once React has the page; rejects if the app cannot start (no dictionary could be fetched). */
export const started: Promise<void> = Promise.all([i18nReady, pageLoaded]).then(async () => {
  await yieldToBrowser();
  takeEarlyInput(root);
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // The reader is told if their language could not be fetched (the page is then in English); what
  // says so is fetched only then.
  const sayIfMissing = () => {
    const missing = readerLocaleMissing();
    if (missing) {
      import('./app/locale-missing.js').then((m) => m.sayLocaleMissing(missing)).catch(() => undefined);
    }
  };
  const drawAnew = () => {
    createRoot(root).render(app);
    afterPageTakenOver(replayEarlyInput);
    sayIfMissing();
  };
  if (!prerenderedIn) return drawAnew();
  // A page sent in another language than the reader's (their choice kept in this browser, not yet
  // in the cookie) is taken over in its own, with what the reader did meanwhile, then turned to
  // theirs, as a click on the language switch would. If the page's language cannot be fetched, it
  // is drawn anew in the one that could (taking it over in another would be React's error 418).
  let wanted = currentLocale();
  if (wanted !== prerenderedIn) {
    const missing = readerLocaleMissing();
    if (!(await changeLocale(prerenderedIn).catch(() => false))) return drawAnew();
    // The reader's language, which failed to come at first, came this time.
    if (missing === prerenderedIn) wanted = prerenderedIn;
  }
  // React takes over the prerendered page as it is, in a transition so that the work is cut into
  // short slices and the page keeps answering. No server reads until then either: an answer
  // arriving sooner (the session of a signed-in reader) would reach the page not yet taken over,
  // which then no longer matches the prerendered guest's view, and React would draw it again
  // (error 418). A page that fails to be drawn never says it was taken over: the reads wait a few
  // seconds at most.
  onlineManager.setOnline(false);
  let held = true;
  const resume = () => {
    if (held) onlineManager.setOnline(navigator.onLine);
    held = false;
  };
  afterPageTakenOver(resume);
  setTimeout(resume, READS_HELD_MAX_MS);
  startTransition(() => {
    hydrateRoot(root, app);
  });
  // What the reader did on the page meanwhile is done again once React has it all (after the turn
  // to their language, so a language they chose on the page is asked for last and wins).
  afterPageTakenOver(() => {
    if (wanted !== prerenderedIn) void changeLocale(wanted);
    replayEarlyInput();
    sayIfMissing();
  });
});
