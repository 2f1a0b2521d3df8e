import { useDisclosure } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { isMoneyCallInFlight } from '../api/client.js';
import { enterDialogHistory } from './dialog-history.js';

/** A dialog stays until closed; a pop-over (info, inbox, account menu) gives way to whatever opens next. */
export type Layer = 'dialog' | 'popover';

interface Entry {
  layer: Layer;
  /** False when it refused (a dialog waiting for an answer). */
  close(): boolean;
}

/** Open dialogs and pop-overs, oldest first: Escape closes only the last one opened. */
const open: Entry[] = [];

/** Whether a pop-over was open when the current click began: that click only dismisses it. */
let popoverAtPointerDown = false;

function onKeyDown(event: KeyboardEvent) {
  if (event.key !== 'Escape' || event.isComposing) return;
  // An open list or menu (a select's options) closes first, by its own Escape.
  const target = event.target instanceof Element ? event.target : null;
  const popup = target?.getAttribute('aria-haspopup');
  if (target?.getAttribute('aria-expanded') === 'true' && (popup === 'listbox' || popup === 'menu')) return;
  const top = open[open.length - 1];
  if (!top) return;
  event.stopPropagation();
  top.close();
}

function onPointerDown() {
  popoverAtPointerDown = open.some((e) => e.layer === 'popover');
}

/**
 * Escape closes the top-most open dialog or pop-over and nothing beneath it, and Back closes the
 * top-most dialog (dialog-history.ts), unless it waits for an answer (closesNow): a fund-password
 * prompt or an add-funds sheet over a stake form closes alone, and the form keeps what was typed;
 * an info pop-over in a dialog closes without the dialog. Every modal and drawer has Mantine's own Escape
 * turned off in the theme and calls this instead, and so do the pop-overs (Mantine's answers Escape
 * only with the focus inside the pop-over, not on the mark that opened it). One pop-over is open at
 * a time: any dialog or pop-over opening closes the pop-overs already open, so none is left floating
 * over a dialog opened from the keyboard.
 */
export function useEscapeClosesTop(
  opened: boolean,
  onClose: () => void,
  layer: Layer = 'dialog',
  /** Back closes it too: every dialog, and a pop-over that covers a phone's screen. */
  closesOnBack = layer === 'dialog',
) {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!opened) return;
    for (const e of open.filter((e) => e.layer === 'popover')) e.close();
    const entry: Entry = {
      layer,
      close: () => {
        if (layer === 'dialog') return closesNow(close.current);
        close.current();
        return true;
      },
    };
    if (open.length === 0) {
      window.addEventListener('keydown', onKeyDown, { capture: true });
      window.addEventListener('pointerdown', onPointerDown, { capture: true });
    }
    open.push(entry);
    const leaveHistory = closesOnBack ? enterDialogHistory(entry.close) : undefined;
    return () => {
      leaveHistory?.();
      open.splice(open.indexOf(entry), 1);
      if (open.length === 0) {
        window.removeEventListener('keydown', onKeyDown, { capture: true });
        window.removeEventListener('pointerdown', onPointerDown, { capture: true });
      }
    };
  }, [opened, layer, closesOnBack]);
}

/**
 * Closes a dialog unless a money call made from it is on its way (a subscription sent with its
 * fund password): the dialog stays until the answer, which it shows. Closed, the form would never
 * show what came of it. Says whether it closed.
 */
export function closesNow(onClose: () => void): boolean {
  if (isMoneyCallInFlight()) return false;
  onClose();
  return true;
}

/**
 * Whether a click outside a dialog should close it: not when it began with a pop-over open over the
 * dialog (that click dismisses the pop-over alone, as a tap on a phone's info dialog does).
 */
export function clickOutsideCloses(): boolean {
  return !popoverAtPointerDown;
}

/**
 * The state of a pop-over or menu (controlled, so it takes part in the rules above): open at first
 * when used before its code arrived; `onChange` is what Mantine's Popover and Menu call.
 * `layered` false leaves it out (on phones an info mark opens a dialog, which registers itself);
 * `closesOnBack` gives it a history entry, as a dialog has.
 */
export function usePopoverState(openedAtFirst: boolean, layered = true, closesOnBack = false) {
  const [opened, { open, close, toggle }] = useDisclosure(openedAtFirst);
  useEscapeClosesTop(opened && layered, close, 'popover', closesOnBack);
  return { opened, open, close, toggle, onChange: (o: boolean) => (o ? open() : close()) };
}
