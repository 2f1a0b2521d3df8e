import { useRef, useState } from 'react';

/**
 * The row of a list a dialog is open on, as the list was last read: not the copy taken when the
 * dialog opened, so a refusal's fresh read (or the hourly one) shows in the open dialog. A row that
 * has left the list (an order just redeemed elsewhere) stays as it was last seen, so the dialog keeps
 * its message until the user closes it.
 */
export function useOpenedItem<T, K>(list: readonly T[], keyOf: (item: T) => K) {
  const [opened, open] = useState<T | null>(null);
  const lastSeen = useRef<T | null>(null);
  const live = opened === null ? null : (list.find((i) => keyOf(i) === keyOf(opened)) ?? null);
  const seen = lastSeen.current;
  // Only ever the row of the dialog now open (a render may run twice: the same row both times).
  lastSeen.current =
    opened === null ? null : (live ?? (seen !== null && keyOf(seen) === keyOf(opened) ? seen : opened));
  return [lastSeen.current, open] as const;
}
