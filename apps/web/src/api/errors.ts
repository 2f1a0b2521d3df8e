/** A refused call: the envelope's code and message, and the i18n key (with its values) when the server names one. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number,
    readonly key?: string,
    readonly data?: unknown,
    readonly params?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The call never reached the server or its answer never came back. */
  get isNetwork(): boolean {
    return this.status === 0;
  }
}
