import { useEffect, useRef } from 'react';

/** Open dialogs and pop-overs, oldest first: Escape closes only the last one opened. */
const openDialogs: Array<{ close(): void }> = [];

function onKeyDown(event: KeyboardEvent) {
  if (event.key !== 'Escape' || event.isComposing) return;
  const top = openDialogs[openDialogs.length - 1];
  if (!top) return;
  event.stopPropagation();
  top.close();
}

/**
 * Escape closes the top-most open dialog and nothing beneath it: a fund-password prompt or an
 * add-funds sheet over a stake form closes alone, and the form keeps what was typed; an info
 * pop-over in a dialog closes without the dialog. Every modal and drawer has Mantine's own Escape
 * turned off in the theme and calls this instead, and so do the pop-overs (Mantine's answers Escape
 * only with the focus inside the pop-over, not on the mark that opened it).
 */
export function useEscapeClosesTop(opened: boolean, onClose: () => void) {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!opened) return;
    const entry = { close: () => close.current() };
    if (openDialogs.length === 0) window.addEventListener('keydown', onKeyDown, { capture: true });
    openDialogs.push(entry);
    return () => {
      openDialogs.splice(openDialogs.indexOf(entry), 1);
      if (openDialogs.length === 0) window.removeEventListener('keydown', onKeyDown, { capture: true });
    };
  }, [opened]);
}
