/**
 * The inbox's query string (GET /api/desk/applications and the applications
 * export): every parameter validated, a bad one named in a 400, never a 500.
 * The cursor is opaque to the console: base64url of "created_at,id".
 */
import { z } from "zod";
import { fundingTypeOptions } from "#domain/application/schema";
import { INBOX_STATES, isUuid, type InboxFilter, type InboxPosition } from "../../store/inbox-filter";
import { calendarDay, dayRange } from "../zoned-day";

export interface BadQuery {
  error: string;
  errors: Record<string, string>;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: BadQuery };

// A form that leaves a field empty sends `?q=`: empty means "not given".
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/** The store's text cannot hold a NUL character: such input is a 400, not a 500. */
export const NO_NUL = [
  (value: string) => !value.includes("\0"),
  { error: "must not contain a NUL character" },
] as const;

export const text = (max: number) =>
  z
    .string({ error: "must be given once, as text" })
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .refine(...NO_NUL);

const POSITION = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z),(.+)$/;

export function encodeCursor(position: InboxPosition): string {
  return Buffer.from(`${position.createdAt},${position.id}`, "utf8").toString("base64url");
}

export function decodeCursor(cursor: string): InboxPosition | undefined {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return undefined;
  const match = POSITION.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!match || !isUuid(match[2]) || Number.isNaN(Date.parse(match[1]))) return undefined;
  return { createdAt: match[1], id: match[2].toLowerCase() };
}

const fundingTypes = fundingTypeOptions.map((option) => option.value) as [string, ...string[]];

export const filterShape = {
  q: optional(text(200)),
  state: optional(z.enum(INBOX_STATES, { error: `must be one of ${INBOX_STATES.join(", ")}` })),
  fundingType: optional(z.enum(fundingTypes, { error: `must be one of ${fundingTypes.join(", ")}` })),
  from: optional(calendarDay),
  to: optional(calendarDay),
  source: optional(text(500)),
  campaign: optional(text(500)),
};

const pageShape = {
  cursor: optional(
    z.string({ error: "must be given once" }).transform((value, ctx) => {
      const position = decodeCursor(value);
      if (position) return position;
      ctx.addIssue({ code: "custom", message: "is not valid (start again from the first page)" });
      return z.NEVER;
    }),
  ),
  limit: optional(
    z.coerce
      .number({ error: "must be a whole number from 1 to 100" })
      .int({ error: "must be a whole number from 1 to 100" })
      .min(1, { error: "must be a whole number from 1 to 100" })
      .max(100, { error: "must be a whole number from 1 to 100" }),
  ),
};

/** Validates a query string against `shape`; unknown parameters are errors too. */
export function parseQuery<S extends z.ZodRawShape>(
  shape: S,
  query: unknown,
  refine?: (value: z.infer<z.ZodObject<S>>) => Record<string, string> | undefined,
): Parsed<z.infer<z.ZodObject<S>>> {
  const input = (query ?? {}) as Record<string, unknown>;
  const errors: Record<string, string> = {};
  for (const key of Object.keys(input)) {
    if (!(key in shape)) errors[key] = "is not a parameter here";
  }
  const parsed = z.object(shape).safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "query")] ??= issue.message;
  }
  if (parsed.success) Object.assign(errors, refine?.(parsed.data));
  if (Object.keys(errors).length > 0 || !parsed.success) {
    const [field, message] = Object.entries(errors)[0] ?? ["query", "is not valid"];
    return { ok: false, error: { error: `${field} ${message}`, errors } };
  }
  return { ok: true, value: parsed.data };
}

export const datesInOrder = (value: { from?: string; to?: string }) =>
  value.from && value.to && value.from > value.to ? { to: "must not be before from" } : undefined;

type FilterQuery = z.infer<z.ZodObject<typeof filterShape>>;

/** `from` and `to` are days in the provider's zone: the instants they span. */
function toFilter({ from, to, ...rest }: FilterQuery, timeZone: string): InboxFilter {
  const { since, before } = dayRange({ from, to }, timeZone);
  return { ...rest, ...(since && { receivedSince: since }), ...(before && { receivedBefore: before }) };
}

/** The inbox's filters alone (the export takes every page); days in `timeZone`. */
export function parseInboxFilter(query: unknown, timeZone: string): Parsed<InboxFilter> {
  const parsed = parseQuery(filterShape, query, datesInOrder);
  return parsed.ok ? { ok: true, value: toFilter(parsed.value, timeZone) } : parsed;
}

/** The inbox's filters and page: 25 rows by default, after the cursor's row; days in `timeZone`. */
export function parseInboxQuery(
  query: unknown,
  timeZone: string,
): Parsed<{ filter: InboxFilter; limit: number; after?: InboxPosition }> {
  const parsed = parseQuery({ ...filterShape, ...pageShape }, query, datesInOrder);
  if (!parsed.ok) return parsed;
  const { cursor, limit, ...filter } = parsed.value;
  return { ok: true, value: { filter: toFilter(filter, timeZone), limit: limit ?? 25, after: cursor } };
}
