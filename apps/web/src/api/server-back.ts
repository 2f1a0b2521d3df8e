/** How often a page that lost the server asks whether it answers again. */
export const RECHECK_MS = 5_000;

/**
 * Calls `then` once, when the server answers its health check again (asked every RECHECK_MS).
 * Returns a function that stops asking.
 */
export function whenServerAnswers(then: () => void): () => void {
  let done = false;
  const stop = () => {
    done = true;
    clearInterval(timer);
  };
  const timer = setInterval(() => {
    fetch('/healthz', { cache: 'no-store' }).then(
      (res) => {
        if (!res.ok || done) return;
        stop();
        then();
      },
      () => undefined,
    );
  }, RECHECK_MS);
  return stop;
}
