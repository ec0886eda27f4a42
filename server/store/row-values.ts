/**
 * How the operator's reads hand rows over: dates as ISO strings, everything
 * else as the driver gave it, so PGlite and PostgreSQL answer alike.
 */
export const iso = (value: unknown) =>
  value instanceof Date ? value.toISOString() : value == null ? null : String(value);

/** Dates as ISO strings, bigints/numerics as given: the same output on both engines. */
export function normalise<T>(row: Record<string, unknown>): T {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  ) as T;
}
