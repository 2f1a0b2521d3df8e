import { beforeEach, describe, expect, it, vi } from 'vitest';
import { enterDialogHistory } from './dialog-history.js';

/** A dialog's close as Back calls it: closes (and says so) unless refused. */
function closer(refuses = () => false) {
  const close = vi.fn(() => !refuses());
  return close;
}

/** The next history move, once its popstate has been handled. */
function moved(): Promise<void> {
  return new Promise((resolve) => window.addEventListener('popstate', () => setTimeout(resolve), { once: true }));
}

async function back() {
  const done = moved();
  window.history.back();
  await done;
}

/** Back, and on past any dialog's entry: settles on the first entry that names no dialog. */
async function backPastDialogs() {
  const landed = new Promise<void>((resolve) => {
    const seen = () => {
      if (window.history.state?.earnDialog) return;
      window.removeEventListener('popstate', seen);
      setTimeout(resolve);
    };
    window.addEventListener('popstate', seen);
  });
  window.history.back();
  await landed;
}

/** Lets queued history work (a closed dialog's entry taken back) run. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

/** Closes a dialog as its close button does: its history entry is taken back after this task. */
async function closeByButton(leave: () => void) {
  const done = moved();
  leave();
  await done;
}

describe('dialogs in the browser history', () => {
  beforeEach(() => {
    window.history.pushState(null, '', '/before');
    window.history.pushState(null, '', '/page');
  });

  it('Back closes an open dialog and stays on the page', async () => {
    const close = closer();
    const leave = enterDialogHistory(close);
    expect(window.location.pathname).toBe('/page');
    await back();
    expect(close).toHaveBeenCalledTimes(1);
    expect(window.location.pathname).toBe('/page');
    leave(); // the dialog's own cleanup, once closed: nothing more to take back
    await back();
    expect(window.location.pathname).toBe('/before');
  });

  it('a dialog closed by its button takes its entry back, so the next Back leaves the page', async () => {
    const close = closer();
    await closeByButton(enterDialogHistory(close));
    expect(close).not.toHaveBeenCalled();
    await back();
    expect(window.location.pathname).toBe('/before');
  });

  it('Back closes only the top-most of two dialogs, then the one beneath', async () => {
    const form = closer();
    const prompt = closer();
    const leaveForm = enterDialogHistory(form);
    enterDialogHistory(prompt);
    await back();
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(form).not.toHaveBeenCalled();
    await back();
    expect(form).toHaveBeenCalledTimes(1);
    leaveForm();
    await back();
    expect(window.location.pathname).toBe('/before');
  });

  it('two dialogs closing at once take both their entries back in one move', async () => {
    const leaveForm = enterDialogHistory(closer());
    const leavePrompt = enterDialogHistory(closer());
    const done = moved();
    leavePrompt();
    leaveForm();
    await done;
    await back();
    expect(window.location.pathname).toBe('/before');
  });

  it('a dialog giving way to another (a form to its result) takes over its entry', async () => {
    const leaveForm = enterDialogHistory(closer());
    leaveForm();
    const result = closer();
    const leaveResult = enterDialogHistory(result);
    await back();
    expect(result).toHaveBeenCalledTimes(1);
    expect(window.location.pathname).toBe('/page');
    leaveResult();
    await back();
    expect(window.location.pathname).toBe('/before');
  });

  it('a link followed from a dialog is not undone when the dialog then closes', async () => {
    const leave = enterDialogHistory(closer());
    window.history.pushState(null, '', '/elsewhere');
    leave();
    await settled();
    expect(window.location.pathname).toBe('/elsewhere');
  });

  it('keeps the router state it finds in the entry', async () => {
    window.history.replaceState({ usr: null, key: 'k1', idx: 3 }, '');
    const leave = enterDialogHistory(closer());
    expect(window.history.state).toMatchObject({ usr: null, key: 'k1', idx: 3 });
    await closeByButton(leave);
    expect(window.history.state).toEqual({ usr: null, key: 'k1', idx: 3 });
  });

  it('a dialog waiting for its answer stays open on Back, and keeps its entry', async () => {
    let waiting = true;
    const close = closer(() => waiting);
    const leave = enterDialogHistory(close);
    await back();
    expect(close).toHaveBeenCalledTimes(1);
    expect(window.location.pathname).toBe('/page');
    // Its entry is back: once answered, Back closes it, and the next Back leaves.
    waiting = false;
    await back();
    expect(close).toHaveBeenCalledTimes(2);
    leave();
    await back();
    expect(window.location.pathname).toBe('/before');
  });

  it('Forward onto a dialog closed by Back is taken back: the dialog beneath stays, and Back still closes it', async () => {
    const form = closer();
    const prompt = closer();
    const leaveForm = enterDialogHistory(form);
    enterDialogHistory(prompt);
    await back();
    expect(prompt).toHaveBeenCalledTimes(1);
    const undone = moved();
    window.history.forward();
    await undone; // Forward lands on the prompt's entry, and is taken back at once
    await settled();
    expect(form).not.toHaveBeenCalled();
    await back();
    expect(form).toHaveBeenCalledTimes(1);
    leaveForm();
    await back();
    expect(window.location.pathname).toBe('/before');
  });

  it('Back from a page a dialog led to passes over the dialog it left behind', async () => {
    const leave = enterDialogHistory(closer());
    window.history.pushState(null, '', '/holdings');
    leave();
    await settled();
    await backPastDialogs();
    expect(window.location.pathname).toBe('/page');
    await back();
    expect(window.location.pathname).toBe('/before');
  });

  it('a menu a dialog took the place of leaves no dead Back behind the dialog', async () => {
    const leaveMenu = enterDialogHistory(closer());
    const dialog = closer();
    const leaveDialog = enterDialogHistory(dialog);
    leaveMenu(); // the menu closes as the dialog opens over it
    await settled();
    await backPastDialogs();
    expect(dialog).toHaveBeenCalledTimes(1);
    leaveDialog();
    await back();
    expect(window.location.pathname).toBe('/before');
  });
});
