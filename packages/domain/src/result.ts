/** What a validator answers: success with a value, or a catalogue code and message parameters a form can show. */
export type Result<T, E = Failure> = { ok: true; value: T } | ({ ok: false } & E);

export interface Failure {
  /** i18n key of the message (the spec's key where it names one). */
  key: string;
  /** Field the failure is about, named as on the wire. */
  field?: string;
  /** A message safe to show to a user in English, used by the server's envelope. */
  message: string;
  params?: Record<string, string>;
}

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function fail(failure: Failure): { ok: false } & Failure {
  return { ok: false, ...failure };
}
