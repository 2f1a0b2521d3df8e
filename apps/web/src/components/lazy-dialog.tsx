import { Center, Loader } from '@mantine/core';
import { type ComponentType, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useEscapeClosesTop } from '../lib/use-escape-closes-top.js';
import { EarlyPart, fetchedApart, useArrived } from './fetched-apart.js';

/**
 * A dialog whose code is fetched apart from the page: the page's first load does not carry it; it
 * is fetched while the browser is idle after the page has shown and from then on is mounted closed,
 * as any dialog (so it opens at once, with its animation, and gives focus back when it closes).
 * Opened before its code arrived, it shows a loader meanwhile, which Escape or a click dismisses
 * (the dialog then stays closed when its code arrives), and gives the focus back to what opened it
 * when it closes; if its code cannot be fetched the user is told, it is closed with `close`, and the
 * next opening tries again.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { isOpen, close }: { isOpen: (props: P) => boolean; close: (props: P) => void },
): ComponentType<P> {
  const part = fetchedApart(load);
  return function LazyDialog(props: P) {
    const { arrived } = useArrived(part);
    // Opened before its code arrived: shown through React.lazy for as long as it stays mounted.
    const [early, setEarly] = useState(false);
    const open = isOpen(props);
    if (open && !arrived && !early) setEarly(true);
    // What had the focus when it opened early: the dialog, mounted already open, cannot know it.
    const opener = useRef<Element | null>(null);
    useLayoutEffect(() => {
      if (early) opener.current = document.activeElement;
    }, [early]);
    useEffect(() => {
      if (!early || open) return;
      const closed = opener.current;
      opener.current = null;
      if (!(closed instanceof HTMLElement)) return;
      // Once the dialog has let the focus go at the end of its closing (it leaves it on the page's
      // body), unless the reader has put it somewhere meanwhile.
      let tries = 0;
      const timer = setInterval(() => {
        const active = document.activeElement;
        const lost = active === null || active === document.body;
        if (lost && closed.isConnected) closed.focus();
        const inDialog = Boolean(active?.closest('[role="dialog"]'));
        if (lost || !inDialog || ++tries >= 40) clearInterval(timer);
      }, 25);
      return () => clearInterval(timer);
    }, [early, open]);
    if (early) {
      // Given up before the code came (Escape, a click) or the code could not be fetched.
      const stop = () => {
        setEarly(false);
        close(props);
      };
      return <EarlyPart part={part} props={props} fallback={<Opening onCancel={stop} />} onFailed={stop} />;
    }
    const Dialog = part.loaded;
    return arrived && Dialog ? <Dialog {...props} /> : null;
  };
}

/**
 * Shown over the page while a dialog opened before its code arrived is being fetched; Escape or a
 * click on it gives up the opening, as they would close the dialog.
 */
function Opening({ onCancel }: { onCancel(): void }) {
  useEscapeClosesTop(true, onCancel);
  return (
    <Center pos="fixed" inset={0} style={{ zIndex: 300 }} aria-busy="true" onClick={onCancel}>
      <Loader />
    </Center>
  );
}
