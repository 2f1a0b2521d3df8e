/** The rows of a raw `db.execute` result, on PGlite and node-postgres alike. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
