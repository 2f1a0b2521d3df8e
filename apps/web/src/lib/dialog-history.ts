/**
 * Each open dialog has an entry in the browser's history, on the page's own address, so that Back
 * (a phone's back gesture above all) closes the top-most dialog instead of leaving the page and
 * what was typed in it. A dialog closed otherwise takes its entry back with it, so Back then
 * leaves the page as it would have without the dialog. An entry left behind (the page changed
 * under a dialog, a reload, Forward onto a dialog closed since) is passed over, never a dead press.
 */

/** The key of a dialog's token in history.state, beside React Router's own keys. */
const KEY = 'earnDialog';

interface Entry {
  token: string;
  /** Closed, its entry not yet taken back. */
  closed: boolean;
  /** In the history (not yet when opened while passing over entries). */
  pushed: boolean;
  /** The dialog's close, called when Back passes its entry: false when it refuses (busy). */
  close(): boolean;
}

/** The entries of the open dialogs, oldest first; the last is where the history stands. */
const entries: Entry[] = [];
/** Set while passing over entries of our own (-1 back, 1 forward): that move closes nothing. */
let passing: -1 | 0 | 1 = 0;
let flushQueued = false;
let issued = 0;
let listening = false;

/** The Navigation API where the browser has it: it tells which way Back or Forward went. */
interface NavigationLike extends EventTarget {
  currentEntry: { index: number } | null;
  canGoForward: boolean;
}
const navigation = (globalThis as { navigation?: NavigationLike }).navigation;
/** The history entry's index now, and before the last move (told before or after popstate). */
let atIndex: number | undefined;
let fromIndex: number | undefined;

function tokenOf(state: unknown): string | undefined {
  const token = (state as Record<string, unknown> | null)?.[KEY];
  return typeof token === 'string' ? token : undefined;
}

/** An entry of a dialog no longer open: Back or Forward landed on what was left behind. */
function isLeftBehind(state: unknown): boolean {
  const token = tokenOf(state);
  return token !== undefined && !entries.some((e) => e.token === token);
}

function pass(direction: -1 | 1) {
  passing = direction;
  window.history.go(direction);
}

/**
 * Moves on past an entry left behind, the way the user was going: Back to the page beneath, Forward
 * to the page a dialog's link led to. Forward onto a dialog closed since, with nothing beyond it, is
 * taken back. Without the Navigation API the way is unknown: back.
 */
function passOver() {
  const to = navigation?.currentEntry?.index;
  const from = atIndex === to ? fromIndex : atIndex;
  const forward = to !== undefined && from !== undefined && to > from && navigation?.canGoForward === true;
  pass(forward ? 1 : -1);
}

function onPopState(event: PopStateEvent) {
  if (passing !== 0) {
    if (isLeftBehind(event.state)) return window.history.go(passing);
    passing = 0;
    // Dialogs opened while passing get their entries now.
    for (const e of entries) if (!e.pushed) pushEntry(e);
    return;
  }
  if (isLeftBehind(event.state)) return passOver();
  const token = tokenOf(event.state);
  const passed = entries.splice(entries.findIndex((e) => e.token === token) + 1);
  for (let i = passed.length - 1; i >= 0; i--) {
    const e = passed[i] as Entry;
    if (e.closed || e.close()) continue;
    // A dialog waiting for its answer stays, and so do its entry and those beneath it.
    for (const kept of passed.slice(0, i + 1)) {
      entries.push(kept);
      pushEntry(kept);
    }
    return;
  }
  // Landed on the entry of one closed meanwhile (a menu a dialog replaced): on to the one beneath.
  if (entries[entries.length - 1]?.closed) queueFlush();
}

function queueFlush() {
  if (flushQueued) return;
  flushQueued = true;
  queueMicrotask(flush);
}

function pushEntry(entry: Entry) {
  window.history.pushState({ ...window.history.state, [KEY]: entry.token }, '');
  entry.pushed = true;
}

/** Takes back, in one move, the entries of dialogs closed since (those at the top of the history). */
function flush() {
  flushQueued = false;
  const top = entries[entries.length - 1];
  if (!top) return;
  if (tokenOf(window.history.state) !== top.token) {
    // The page changed under the dialogs (a link in one): their entries stay behind it.
    entries.length = 0;
    return;
  }
  let closed = 0;
  while (entries[entries.length - 1 - closed]?.closed) closed++;
  if (closed === 0) return;
  entries.splice(entries.length - closed);
  passing = -1;
  window.history.go(-closed);
}

/**
 * Follows Back and Forward for the dialogs, from the app's start: a page loaded on a dialog's entry
 * (reloaded with a dialog open) moves to the entry beneath it, so the next Back leaves the page.
 */
export function watchDialogHistory() {
  if (listening) return;
  listening = true;
  window.addEventListener('popstate', onPopState);
  atIndex = navigation?.currentEntry?.index;
  navigation?.addEventListener('currententrychange', () => {
    fromIndex = atIndex;
    atIndex = navigation.currentEntry?.index;
  });
  if (tokenOf(window.history.state) !== undefined) pass(-1);
}

/**
 * Gives an opened dialog its history entry; returns what to call when it closes. `close` is what
 * Back calls; it returns false when the dialog refuses to close. A dialog opened as another closes
 * (a form giving way to its result) takes over the closed one's entry.
 */
export function enterDialogHistory(close: () => boolean): () => void {
  watchDialogHistory();
  const top = entries[entries.length - 1];
  const entry: Entry = { token: `${Date.now().toString(36)}.${++issued}`, closed: false, pushed: false, close };
  if (top?.closed && passing === 0 && tokenOf(window.history.state) === top.token) {
    entries.pop();
    window.history.replaceState({ ...window.history.state, [KEY]: entry.token }, '');
    entry.pushed = true;
  } else if (passing === 0) {
    pushEntry(entry);
  }
  entries.push(entry);
  return () => {
    if (!entries.includes(entry)) return;
    entry.closed = true;
    queueFlush();
  };
}
