/** Fields of a driver (PostgreSQL) error, looking through the ORM's wrapping of it. */
function driverField(error: unknown, field: 'code' | 'constraint' | 'detail'): string | undefined {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const value = (e as Record<string, unknown>)[field];
    if (typeof value === 'string') return value;
  }
  return undefined;
}

/** The SQLSTATE of a driver error. */
export function sqlStateOf(error: unknown): string | undefined {
  const code = driverField(error, 'code');
  return code && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** The constraint a statement violated, if that is why it failed. */
export function violatedConstraint(error: unknown): string | undefined {
  return driverField(error, 'constraint');
}

/** The DETAIL of a driver error (what `ledger_refuse` says). */
export function errorDetail(error: unknown): string | undefined {
  return driverField(error, 'detail');
}
