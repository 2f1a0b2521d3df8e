import { useState } from 'react';

/**
 * The row of a list a dialog is open on, as the list was last read: not a copy taken when the dialog
 * opened, so a refusal's fresh read (or the hourly one) shows in the open dialog. The dialog closes
 * if the row leaves the list.
 */
export function useOpenedItem<T, K>(list: readonly T[], keyOf: (item: T) => K) {
  const [key, setKey] = useState<K | null>(null);
  const item = key === null ? null : (list.find((i) => keyOf(i) === key) ?? null);
  const open = (next: T | null) => setKey(next === null ? null : keyOf(next));
  return [item, open] as const;
}
