import { useEffect, useRef } from 'react';

/**
 * One action per click or submit. A mutation shows as pending only after a render, which a double
 * click comes before: the first click is remembered until `pending` has come and gone, or
 * `resetOn` changes (a dialog closed or opened again). Returns whether a click may act now.
 */
export function useOneAtATime(pending: boolean, resetOn?: unknown): () => boolean {
  const acting = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: resetOn only says when to forget the click
  useEffect(() => {
    if (!pending) acting.current = false;
  }, [pending, resetOn]);
  return () => {
    if (pending || acting.current) return false;
    acting.current = true;
    return true;
  };
}
