/**
 * A prerendered page shows its fields and buttons before the app's code has run: a click on a
 * button then does nothing, and text typed into a field is not in the app's state (its next render
 * would clear it). The clicks and the typed text are kept, and given again once React has the page.
 */
let clicked: HTMLElement[] = [];
/** At most this many clicks are kept, the latest. */
const CLICKS_KEPT = 10;

/** What a click works on before the app runs: buttons, tabs, the openers of lists, choices. */
const CLICKABLE =
  'button, [role="button"], [role="tab"], [aria-haspopup], input[type="radio"], input[type="checkbox"], label';

function clickable(target: EventTarget | null): HTMLElement | null {
  const element = target instanceof Element ? target.closest(CLICKABLE) : null;
  if (!(element instanceof HTMLElement)) return null;
  // A label counts only as its choice's (a click on a field's label is to type into it, natively).
  if (element instanceof HTMLLabelElement) {
    const control = element.control;
    return control instanceof HTMLInputElement && (control.type === 'radio' || control.type === 'checkbox')
      ? element
      : null;
  }
  return element;
}

function keepClick(event: MouseEvent) {
  const target = clickable(event.target);
  if (!target) return;
  // A submit button would otherwise send its form the old way, reloading the page; a choice would
  // show as made while the app, taking the page over, still holds the old one.
  event.preventDefault();
  clicked = [...clicked, target].slice(-CLICKS_KEPT);
}

/**
 * Keeps clicks on the page's controls until `takeEarlyInput` (links work without the app). A choice
 * made before this ran (the page shows before its first script) is put back as the page was drawn
 * and kept as a click too: React takes a choice over as drawn, not as the browser shows it.
 */
export function keepEarlyInput(): void {
  document.addEventListener('click', keepClick, true);
  const choices = document.querySelectorAll<HTMLInputElement>('input[type="radio"], input[type="checkbox"]');
  const changed = [...choices].filter((choice) => choice.checked !== choice.defaultChecked);
  // Of a group of radios, the one now chosen is the click; the one it unchose comes back with it.
  clicked.push(...changed.filter((choice) => choice.type === 'checkbox' || choice.checked));
  for (const choice of changed) choice.checked = choice.defaultChecked;
}

type Field = HTMLInputElement | HTMLTextAreaElement;

const UNTYPED = new Set(['checkbox', 'radio', 'hidden', 'file', 'button', 'submit', 'reset', 'image']);

function typedInto(element: Element): element is Field {
  const field =
    element instanceof HTMLTextAreaElement || (element instanceof HTMLInputElement && !UNTYPED.has(element.type));
  return field && element.value !== element.defaultValue;
}

// A first event has React take the field over (an event on a part of the page not yet hydrated has
// it hydrated at once), seeing the typed text as already there.
// React then hears of a value only through the element's own setter, which it wraps: the field is set
// there to what React drew, then natively to the typed text, so the next event reads as a change.
function retype(field: Field, text: string) {
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.value = field.defaultValue;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

let replay: (() => void) | null = null;

/**
 * Stops keeping clicks (React answers them from now on) and holds what the reader did before, the
 * text typed into `root`'s fields and the clicks, for `replayEarlyInput`.
 */
export function takeEarlyInput(root: HTMLElement): void {
  document.removeEventListener('click', keepClick, true);
  const clicks = clicked;
  clicked = [];
  const typed = [...root.querySelectorAll('input, textarea')].filter(typedInto).map((f) => [f, f.value] as const);
  replay = () => {
    for (const [field, text] of typed) if (field.isConnected) retype(field, text);
    for (const click of clicks) if (click.isConnected) click.click();
  };
}

/**
 * Does again, once, what the reader did before the app ran: called when React has taken the whole
 * page over (a change made sooner, such as the language, would reach a part not yet taken over and
 * no longer match the page it takes over). On a page drawn afresh the fields and buttons are gone.
 */
export function replayEarlyInput(): void {
  const pending = replay;
  replay = null;
  pending?.();
}
