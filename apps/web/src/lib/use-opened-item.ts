import { useState } from 'react';

/**
 * The row of a list a dialog is open on, as the list was last read: not the copy taken when the
 * dialog opened, so a refusal's fresh read (or the hourly one) shows in the open dialog. A row that
 * has left the list (an order just redeemed elsewhere) stays as it was last seen, so the dialog keeps
 * its message until the user closes it.
 */
export function useOpenedItem<T, K>(list: readonly T[], keyOf: (item: T) => K) {
  const [opened, open] = useState<T | null>(null);
  const item = opened === null ? null : (list.find((i) => keyOf(i) === keyOf(opened)) ?? opened);
  return [item, open] as const;
}
