import { asksForFundPassword, Code, type Envelope, isSuccessCode } from '@earn/domain';
import { ApiError } from './errors.js';
import { promptFundPassword } from './fund-password-prompt.js';

const CSRF_COOKIE = 'csrf_token';
/** Client request timeout (spec: 20 s). */
const TIMEOUT_MS = 20_000;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined>;
  body?: Record<string, unknown>;
  /** Send the body as a form, as some spec calls do. */
  form?: boolean;
  /** A fund-moving call: run the fund-password flow when the server asks for it. */
  fundpass?: boolean;
  idempotencyKey?: string;
  /** Longer than the spec's 20 s, for operator calls that do a lot (moving the clock a month). */
  timeoutMs?: number;
}

/** Server time minus device time, from the last response: the server's clock is the one that counts. */
let serverOffsetMs = 0;
/** The server's time when its clock is manual (it stands still between an operator's advances). */
let manualServerMs: number | null = null;

/** Now, by the server's clock. */
export function serverNow(): number {
  return manualServerMs ?? Date.now() + serverOffsetMs;
}

/** Whether the server's clock is manual: it moves only when the operator advances it. */
export function isServerClockManual(): boolean {
  return manualServerMs !== null;
}

function trackServerTime(response: Response) {
  const header = response.headers.get('x-server-time');
  if (!header || !/^\d+$/.test(header)) return;
  serverOffsetMs = Number(header) - Date.now();
  manualServerMs = response.headers.get('x-server-clock') === 'manual' ? Number(header) : null;
}

/** Message shown for a network failure; set by i18n so it follows the language. */
let networkErrorText = 'Network error, please retry later';
export function setNetworkErrorText(text: string) {
  networkErrorText = text;
}

function readCookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

async function ensureCsrf(): Promise<string> {
  const existing = readCookie(CSRF_COOKIE);
  if (existing) return existing;
  await fetch('/healthz', { credentials: 'same-origin' });
  return readCookie(CSRF_COOKIE) ?? '';
}

/** An answer as it arrives: the envelope, a refusal's i18n key and values, and the HTTP status. */
type Answer<T> = Envelope<T> & { key?: string; params?: Record<string, string>; status?: number };

async function send<T>(path: string, options: RequestOptions, extraBody?: Record<string, unknown>): Promise<Answer<T>> {
  const method = options.method ?? (options.body ? 'POST' : 'GET');
  if (!options.fundpass) return exchange<T>(method, path, options, extraBody);
  moneyCallsInFlight++;
  try {
    return await exchange<T>(method, path, options, extraBody);
  } finally {
    moneyCallsInFlight--;
  }
}

/** Calls that move money (those with the fund-password flow), sent and not yet answered. */
let moneyCallsInFlight = 0;

/**
 * Whether a call that moves money (a subscription, a redemption) is on its way, not while its
 * fund-password prompt waits: the dialog it was made from stays open until its answer, which is
 * shown there (dialogs refuse to close meanwhile).
 */
export function isMoneyCallInFlight(): boolean {
  return moneyCallsInFlight > 0;
}

async function exchange<T>(
  method: string,
  path: string,
  options: RequestOptions,
  extraBody?: Record<string, unknown>,
): Promise<Answer<T>> {
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: string | undefined;
  if (method !== 'GET') {
    headers['x-csrf-token'] = await ensureCsrf();
    const payload = { ...(options.body ?? {}), ...(extraBody ?? {}) };
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(Object.entries(payload).map(([k, v]) => [k, String(v)])).toString();
    } else {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(payload);
    }
  }
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
    });
  } catch {
    console.warn(`request failed: ${method} ${url.pathname}`);
    throw new ApiError(Code.Failure, networkErrorText, 0, 'Networkerr');
  }
  trackServerTime(response);
  let envelope: Answer<T>;
  try {
    envelope = (await response.json()) as Answer<T>;
  } catch {
    throw new ApiError(Code.Failure, networkErrorText, 0, 'Networkerr');
  }
  return Object.assign(envelope, { status: response.status });
}

function toError(envelope: Answer<unknown>): ApiError {
  return new ApiError(
    envelope.code,
    envelope.message,
    envelope.status ?? 400,
    envelope.key,
    envelope.data,
    envelope.params,
  );
}

/**
 * Calls the API and returns `data` of a successful envelope (code 0 or 200), or throws ApiError.
 * For a fund-moving call it runs the fund-password flow: when the server asks for the password the
 * user is prompted and the same call is retried with `fundpass`; a wrong one prompts again with the
 * server's message; when none is set yet the user sets one first, then the call is retried with it.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let envelope = await send<T>(path, options);
  if (options.fundpass) {
    let error: ApiError | undefined;
    for (;;) {
      const needsSet = envelope.code === Code.FundPasswordSetFirst;
      const needsEnter =
        asksForFundPassword(envelope.code, envelope.require_fundpass) || envelope.code === Code.FundPasswordCheckFailed;
      if (!needsSet && !needsEnter) break;
      const fundpass = await promptFundPassword(needsSet ? 'set' : 'enter', error);
      if (fundpass === null) throw new ApiError(Code.Failure, 'cancelled', 499, 'fundpass.cancelled');
      envelope = await send<T>(path, options, { fundpass });
      error = envelope.code === Code.FundPasswordCheckFailed ? toError(envelope) : undefined;
    }
  }
  if (!isSuccessCode(envelope.code)) throw toError(envelope);
  return envelope.data;
}

/** A fresh Idempotency-Key for one user action, reused by its retries. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
