/**
 * The inbox's query string (GET /api/desk/applications and the applications
 * export): its filters and page, validated as every desk query is (query.ts).
 * The cursor is opaque to the desk: base64url of "created_at,id".
 */
import { z } from "zod";
import { fundingTypeOptions } from "#domain/application/schema";
import { INBOX_STATES } from "#domain/desk/contract";
import type { InboxFilter, InboxPosition } from "../../inbox/inbox-filter";
import { isUuid } from "../../store/row-values";
import { datesInOrder, optional, parseQuery, text, type Parsed } from "../query";
import { calendarDay, dayRange } from "../zoned-day";

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
