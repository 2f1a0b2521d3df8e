/**
 * The bridge between the fetch client and the fund-password modal: the client asks for a fund
 * password and waits; the modal (mounted once in the app) answers with it, or with null on cancel.
 */
import type { ApiError } from './errors.js';

export type PromptKind = 'enter' | 'set';

export interface PromptRequest {
  kind: PromptKind;
  /** Why the last try failed, shown in the modal (wrong password, tries left). */
  error?: ApiError;
  resolve(fundpass: string | null): void;
}

type Listener = (request: PromptRequest | null) => void;
let current: PromptRequest | null = null;
const listeners = new Set<Listener>();

export function subscribePrompt(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentPrompt(): PromptRequest | null {
  return current;
}

function publish(request: PromptRequest | null) {
  current = request;
  for (const l of listeners) l(request);
}

/** Asks the user for the fund password (or to set one first); resolves to null when cancelled. */
export function promptFundPassword(kind: PromptKind, error?: ApiError): Promise<string | null> {
  return new Promise((resolve) => {
    publish({
      kind,
      ...(error ? { error } : {}),
      resolve(fundpass) {
        publish(null);
        resolve(fundpass);
      },
    });
  });
}

/** Cancels the prompt on screen, if any, as its Cancel button does. */
export function cancelPrompt() {
  current?.resolve(null);
}
