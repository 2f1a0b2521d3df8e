import { notifications } from '@mantine/notifications';
import { ApiError } from '../api/errors.js';
import { i18n } from '../i18n/index.js';
import { withGroupedFigures } from './figures.js';

/** A refusal to show: its words and its color. */
export interface Refusal {
  message: string;
  color: 'red' | 'yellow';
}

/** Shows a refusal in a dialog, or (null) takes the one shown away. */
type RefusalSink = (refusal: Refusal | null) => void;
const openDialogs: RefusalSink[] = [];

/**
 * While a dialog is open, refusals are shown in it (the top-most one), where a toast could cover
 * its title, its close button or, on a phone, its submit button. Returns the undo.
 */
export function showRefusalsIn(sink: RefusalSink): () => void {
  openDialogs.push(sink);
  return () => {
    const at = openDialogs.lastIndexOf(sink);
    if (at >= 0) openDialogs.splice(at, 1);
  };
}

/** A new try of what the top dialog asks for: the refusal of the try before no longer stands. */
export function clearDialogRefusal() {
  openDialogs.at(-1)?.(null);
}

/**
 * A refused call, in the open dialog or as a toast: 'Networkerr' as an error, any other refusal
 * with the server's message, as a warning unless the spec asks for an error.
 */
export function notifyError(error: unknown, level: 'warning' | 'error' = 'warning') {
  if (error instanceof ApiError && error.key === 'fundpass.cancelled') return;
  const refusal: Refusal =
    error instanceof ApiError && error.isNetwork
      ? { color: 'red', message: i18n.t('Networkerr') }
      : { color: level === 'error' ? 'red' : 'yellow', message: errorText(error) };
  const dialog = openDialogs.at(-1);
  if (dialog) dialog(refusal);
  else showToast(refusal);
}

/** A toast, shown once while the same one is on screen (five failed tries are not five toasts). */
function showToast(toast: { color: string; message: string }) {
  notifications.show({ ...toast, id: `${toast.color}:${toast.message}` });
}

/**
 * What to tell the user about a refused call: the translation of the server's key with its values
 * when the current language has it, else the server's message. Anything else (a fault in the app,
 * an answer it could not read) is said plainly, never as JavaScript's own words.
 */
export function errorText(error: unknown): string {
  if (!(error instanceof ApiError)) return i18n.t('common.error');
  if (error instanceof ApiError && error.key && i18n.exists(error.key)) {
    const text = refusalText(error.key, error.params);
    if (!text.includes('{{')) return text;
  }
  return error.message;
}

/**
 * A refusal's words in the current language, the server's or a form's own check: its key with its
 * values, a field named by its wire name said as the form labels it where the app knows it (or as
 * `label`, the form's own word for it), the values a choice takes ('spot, unified') said as the app
 * names them, and in the reader's own wording where a form has one (`context`: a US reader's 'us',
 * added to the refusal's own).
 */
export function refusalText(
  key: string,
  params: Record<string, string> = {},
  { label, context }: { label?: string; context?: string | undefined } = {},
): string {
  const { field, allowed } = params;
  const contexts = [params.context, context].filter(Boolean);
  return i18n.t(key, {
    ...withGroupedFigures(params),
    ...(contexts.length > 0 ? { context: contexts.join('_') } : {}),
    ...(label !== undefined
      ? { field: label }
      : field && i18n.exists(`field.${field}`)
        ? { field: i18n.t(`field.${field}`) }
        : {}),
    ...(allowed === undefined ? {} : { allowed: spokenValues(allowed) }),
  });
}

/** A refusal's list of values ('spot, unified'), each as the app names it where it knows it. */
function spokenValues(allowed: string): string {
  return allowed
    .split(', ')
    .map((value) => (i18n.exists(`value.${value}`) ? i18n.t(`value.${value}`) : value))
    .join(i18n.t('common.listSeparator'));
}

/** Whether an error is a part of the app that could not be fetched (the network's fault, not ours). */
export function isFailedImport(error: unknown): boolean {
  return (
    (error instanceof TypeError && /dynamically imported module|importing a module script/i.test(error.message)) ||
    // Vite's own, when a part's styles could not be fetched before its code.
    (error instanceof Error && /^Unable to preload CSS/.test(error.message))
  );
}

/** A part of the app that could not be fetched or drawn, as a toast. */
export function notifyBroken(error: unknown) {
  showToast({ color: 'red', message: i18n.t(isFailedImport(error) ? 'Networkerr' : 'common.error') });
}

/** Something the user should know that they did not ask for (a warning, not a refusal). */
export function notifyWarning(message: string) {
  showToast({ color: 'yellow', message });
}

export function notifySuccess(message: string) {
  showToast({ color: 'teal', message });
}
