import { Center, Loader } from '@mantine/core';
import { type ComponentType, useState } from 'react';
import { EarlyPart, fetchedApart, useArrived } from './fetched-apart.js';

/**
 * A dialog whose code is fetched apart from the page: the page's first load does not carry it; it
 * is fetched while the browser is idle after the page has shown and from then on is mounted closed,
 * as any dialog (so it opens at once, with its animation, and gives focus back when it closes).
 * Opened before its code arrived, it shows a loader meanwhile; if its code cannot be fetched the user
 * is told, it is closed with `close`, and the next opening tries again.
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
    if (isOpen(props) && !arrived && !early) setEarly(true);
    if (early) {
      return (
        <EarlyPart
          part={part}
          props={props}
          fallback={<Opening />}
          onFailed={() => {
            setEarly(false);
            close(props);
          }}
        />
      );
    }
    const Dialog = part.loaded;
    return arrived && Dialog ? <Dialog {...props} /> : null;
  };
}

/** Shown over the page while a dialog opened before its code arrived is being fetched. */
function Opening() {
  return (
    <Center pos="fixed" inset={0} style={{ zIndex: 300 }} aria-busy="true">
      <Loader />
    </Center>
  );
}
