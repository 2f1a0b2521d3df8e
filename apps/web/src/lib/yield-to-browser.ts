/**
 * Settles in a task of its own, so that the browser can paint and answer a click between two pieces
 * of start-up work instead of after one long piece (a phone's main thread is slow).
 */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve));
}
