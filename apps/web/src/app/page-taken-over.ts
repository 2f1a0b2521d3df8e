/**
 * When React has taken over the whole prerendered page (its frame, then the page inside it): what
 * waits for that runs then, once. A page drawn afresh is taken over when it is first drawn.
 */
const waiting: (() => void)[] = [];
let done = false;

export function afterPageTakenOver(run: () => void): void {
  if (done) run();
  else waiting.push(run);
}

export function pageTakenOver(): void {
  if (done) return;
  done = true;
  for (const run of waiting.splice(0)) run();
}
