import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** What the staking view tells the assets frame around it (spec: reopen, open a page, close, success). */
export type FrameMessage =
  | { type: 'reopen' }
  | { type: 'open-page'; url: string }
  | { type: 'close' }
  | { type: 'success'; side: 'stake' | 'redeem'; coin: string; pid: number };

/**
 * The parent's origin, when this page is embedded: the browser's record of its ancestors where it
 * keeps one, else the referrer. Messages go to that origin only and are taken from it only.
 */
function parentOrigin(): string | null {
  if (window.parent === window) return null;
  const ancestors = window.location.ancestorOrigins;
  if (ancestors && ancestors.length > 0) return ancestors[0] ?? null;
  try {
    return document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    return null;
  }
}

/**
 * `is_frame=1`: the page runs inside the assets frame. `post` sends a message to the parent (a no-op
 * outside a frame); `onMessage` receives the parent's messages, ignoring every other window and origin.
 */
export function useFrame(onMessage?: (message: FrameMessage) => void) {
  const [params] = useSearchParams();
  const framed = params.get('is_frame') === '1';
  const origin = useMemo(() => (framed ? parentOrigin() : null), [framed]);
  const post = useCallback(
    (message: FrameMessage) => {
      if (origin) window.parent.postMessage(message, origin);
    },
    [origin],
  );
  useEffect(() => {
    if (!origin || !onMessage) return;
    const listen = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== window.parent) return;
      const data = event.data as Partial<FrameMessage> | null;
      if (data && typeof data === 'object' && typeof data.type === 'string') onMessage(data as FrameMessage);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [origin, onMessage]);
  return { framed, post };
}
