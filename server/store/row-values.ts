/**
 * Values to and from rows. Reads hand rows over with dates as ISO strings and
 * everything else as the driver gave it, so PGlite and PostgreSQL answer
 * alike; an id is checked before it meets a `::uuid` cast, which would throw.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

export const iso = (value: unknown) =>
  value instanceof Date ? value.toISOString() : value == null ? null : String(value);

/** Dates as ISO strings, bigints/numerics as given: the same output on both engines. */
export function normalise<T>(row: Record<string, unknown>): T {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  ) as T;
}
