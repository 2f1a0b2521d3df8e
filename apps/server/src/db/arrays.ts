/**
 * A PostgreSQL array literal of the values, each quoted (so text with commas, quotes or braces is
 * safe) and null as NULL: one bound parameter carries a whole column of a set, `unnest($1::int[], ...)`,
 * however many rows it has (a VALUES list would need a parameter per cell, and there are at most 65,535).
 */
export function pgArray(values: readonly (string | number | null)[]): string {
  const cell = (v: string | number | null) =>
    v === null ? 'NULL' : `"${String(v).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
  return `{${values.map(cell).join(',')}}`;
}
