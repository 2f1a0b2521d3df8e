/**
 * Each open dialog has an entry in the browser's history, on the page's own address, so that Back
 * (a phone's back gesture above all) closes the top-most dialog instead of leaving the page and
 * what was typed in it. A dialog closed otherwise takes its entry back with it, so Back then
 * leaves the page as it would have without the dialog.
 */

/** The key of a dialog's token in history.state, beside React Router's own keys. */
const KEY = 'earnDialog';

interface Entry {
  token: string;
  /** Closed, its entry not yet taken back. */
  closed: boolean;
  /** In the history (not when opened while going back). */
  pushed: boolean;
  /** The dialog's close, called when Back passes its entry. */
  close(): void;
}

/** The entries of the open dialogs, oldest first; the last is where the history stands. */
const entries: Entry[] = [];
/** Set while going back over closed dialogs' entries: that move closes nothing. */
let goingBack = false;
let flushQueued = false;
let issued = 0;
let listening = false;

function tokenOf(state: unknown): string | undefined {
  const token = (state as Record<string, unknown> | null)?.[KEY];
  return typeof token === 'string' ? token : undefined;
}

function onPopState(event: PopStateEvent) {
  if (goingBack) {
    goingBack = false;
    // Dialogs opened while going back get their entries now.
    for (const e of entries) if (!e.pushed) pushEntry(e);
    return;
  }
  const token = tokenOf(event.state);
  const passed = entries.splice(entries.findIndex((e) => e.token === token) + 1);
  for (const e of passed.reverse()) if (!e.closed) e.close();
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
  goingBack = true;
  window.history.go(-closed);
}

/**
 * Gives an opened dialog its history entry; returns what to call when it closes. A dialog opened as
 * another closes (a form giving way to its result) takes over the closed one's entry.
 */
export function enterDialogHistory(close: () => void): () => void {
  const top = entries[entries.length - 1];
  const entry: Entry = { token: `${Date.now().toString(36)}.${++issued}`, closed: false, pushed: false, close };
  if (!listening) {
    listening = true;
    window.addEventListener('popstate', onPopState);
  }
  if (top?.closed && !goingBack && tokenOf(window.history.state) === top.token) {
    entries.pop();
    window.history.replaceState({ ...window.history.state, [KEY]: entry.token }, '');
    entry.pushed = true;
  } else if (!goingBack) {
    pushEntry(entry);
  }
  entries.push(entry);
  return () => {
    if (!entries.includes(entry)) return;
    entry.closed = true;
    if (!flushQueued) {
      flushQueued = true;
      queueMicrotask(flush);
    }
  };
}
