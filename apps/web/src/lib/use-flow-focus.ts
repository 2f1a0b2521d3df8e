import { useEffect } from 'react';

/** The control outside every dialog that began the current chain of dialogs. */
let flowOpener: HTMLElement | null = null;

/** Long enough for a closing dialog's transition and its own return of focus. */
const AFTER_CLOSE_MS = 300;

/**
 * Keyboard focus through a chain of dialogs (a form, then its success): the control that opened the
 * first gets the focus back when the last closes. A dialog returns focus to what was focused when it
 * opened, which for a success opened as its form closed is a control of the form, gone by then, and
 * the focus would fall to the page's start.
 */
export function useFlowFocus(opened: boolean) {
  useEffect(() => {
    if (!opened) return;
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== document.body && !active.closest('[role="dialog"]')) {
      flowOpener = active;
    }
    return () => {
      setTimeout(() => {
        const lost = document.activeElement === null || document.activeElement === document.body;
        if (lost && flowOpener?.isConnected && !document.querySelector('[role="dialog"]')) flowOpener.focus();
      }, AFTER_CLOSE_MS);
    };
  }, [opened]);
}
