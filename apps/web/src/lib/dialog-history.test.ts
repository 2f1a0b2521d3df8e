import { beforeEach, describe, expect, it, vi } from 'vitest';
import { enterDialogHistory } from './dialog-history.js';

/** The next history move, once its popstate has been handled. */
function moved(): Promise<void> {
  return new Promise((resolve) => window.addEventListener('popstate', () => setTimeout(resolve), { once: true }));
}

async function back() {
  const done = moved();
  window.history.back();
  await done;
}

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
    const close = vi.fn();
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
    const close = vi.fn();
    await closeByButton(enterDialogHistory(close));
    expect(close).not.toHaveBeenCalled();
    await back();
    expect(window.location.pathname).toBe('/before');
  });

  it('Back closes only the top-most of two dialogs, then the one beneath', async () => {
    const form = vi.fn();
    const prompt = vi.fn();
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
    const leaveForm = enterDialogHistory(vi.fn());
    const leavePrompt = enterDialogHistory(vi.fn());
    const done = moved();
    leavePrompt();
    leaveForm();
    await done;
    await back();
    expect(window.location.pathname).toBe('/before');
  });

  it('a dialog giving way to another (a form to its result) takes over its entry', async () => {
    const leaveForm = enterDialogHistory(vi.fn());
    leaveForm();
    const result = vi.fn();
    const leaveResult = enterDialogHistory(result);
    await back();
    expect(result).toHaveBeenCalledTimes(1);
    expect(window.location.pathname).toBe('/page');
    leaveResult();
    await back();
    expect(window.location.pathname).toBe('/before');
  });

  it('a link followed from a dialog is not undone when the dialog then closes', async () => {
    const leave = enterDialogHistory(vi.fn());
    window.history.pushState(null, '', '/elsewhere');
    leave();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(window.location.pathname).toBe('/elsewhere');
  });

  it('keeps the router state it finds in the entry', async () => {
    window.history.replaceState({ usr: null, key: 'k1', idx: 3 }, '');
    const leave = enterDialogHistory(vi.fn());
    expect(window.history.state).toMatchObject({ usr: null, key: 'k1', idx: 3 });
    await closeByButton(leave);
    expect(window.history.state).toEqual({ usr: null, key: 'k1', idx: 3 });
  });
});
