/**
 * A prerendered page shows its buttons before the app's code has run, and a click on one then does
 * nothing. The last such click is kept, and given again the moment React has the page.
 */
let kept: HTMLElement | null = null;

function keep(event: MouseEvent) {
  const target = event.target instanceof Element ? event.target.closest('button, [role="button"], [role="tab"]') : null;
  if (!(target instanceof HTMLElement)) return;
  // A submit button would otherwise send its form the old way, reloading the page.
  event.preventDefault();
  kept = target;
}

/** Keeps clicks on the page's buttons until `takeEarlyClick` (links work without the app). */
export function keepEarlyClicks(): void {
  document.addEventListener('click', keep, true);
}

/** Stops keeping clicks, React answering them from now on, and gives the last one kept. */
export function takeEarlyClick(): HTMLElement | null {
  document.removeEventListener('click', keep, true);
  const click = kept;
  kept = null;
  return click;
}
