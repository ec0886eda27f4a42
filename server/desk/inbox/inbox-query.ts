/**
 * The inbox's query string (GET /api/desk/applications and the applications
 * export): its filters, order and page, the schemas their routes declare, as
 * every desk query is (query.ts). The search box's limit is the desk's own
 * (#domain/desk/inputs). The cursor is opaque to the desk: base64url of
 * "<order>:<time>,<id>", so a cursor read in one order is refused in the other.
 */
import { z } from "zod";
import { fundingTypeOptions } from "#domain/application/schema";
import { INBOX_STATES } from "#domain/desk/contract";
import { DOCUMENTS_STATES } from "#domain/documents/documents-state";
import {
  DUE_VIEWS,
  INBOX_SORTS,
  OWNER_VIEWS,
  WORK_STATUSES,
  type InboxSort,
  type OwnerView,
} from "#domain/desk/work";
import type { InboxFilter, InboxPosition } from "../../inbox/inbox-filter";
import { isUuid } from "../../store/row-values";
import { searchText } from "#domain/desk/inputs";
import { datesInOrder, deskQuery, optional, text } from "../query";
import { calendarDay, dayRange } from "../zoned-day";

const POSITION = /^(newest|time_left):(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z),(.+)$/;

export function encodeCursor(position: InboxPosition): string {
  return Buffer.from(`${position.sort}:${position.at},${position.id}`, "utf8").toString("base64url");
}

export function decodeCursor(cursor: string): InboxPosition | undefined {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return undefined;
  const match = POSITION.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!match || !isUuid(match[3]) || Number.isNaN(Date.parse(match[2]))) return undefined;
  return { sort: match[1] as InboxSort, at: match[2], id: match[3].toLowerCase() };
}

/** What a query's filters are read against: the provider's zone, who asks ("mine"), the "due soon" window. */
export interface FilterContext {
  timeZone: string;
  /** The signed-in staff member. */
  viewerId: string;
  /** REVIEW_DUE_SOON. */
  dueSoonMs: number;
}

const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  optional(z.enum(values, { error: `must be one of ${values.join(", ")}` }));

const fundingTypes = fundingTypeOptions.map((option) => option.value) as [string, ...string[]];

export const filterShape = {
  q: optional(searchText),
  state: optional(z.enum(INBOX_STATES, { error: `must be one of ${INBOX_STATES.join(", ")}` })),
  fundingType: optional(z.enum(fundingTypes, { error: `must be one of ${fundingTypes.join(", ")}` })),
  from: optional(calendarDay),
  to: optional(calendarDay),
  source: optional(text(500)),
  campaign: optional(text(500)),
  owner: oneOf(OWNER_VIEWS),
  work: oneOf(WORK_STATUSES),
  due: oneOf(DUE_VIEWS),
  documents: oneOf(DOCUMENTS_STATES),
};

const pageShape = {
  sort: oneOf(INBOX_SORTS),
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

/** Whose: "mine" is the viewer's; "everyone" filters nothing. */
const ownerFilter = (owner: OwnerView | undefined, viewerId: string): InboxFilter["owner"] =>
  owner === "mine" ? { id: viewerId } : owner === "unassigned" ? owner : undefined;

/**
 * `from` and `to` are days in the provider's zone: the instants they span;
 * "mine" is the viewer's; "everyone" filters nothing.
 */
function toFilter({ from, to, owner, due, ...rest }: FilterQuery, context: FilterContext): InboxFilter {
  const { since, before } = dayRange({ from, to }, context.timeZone);
  return {
    ...rest,
    ...(since && { receivedSince: since }),
    ...(before && { receivedBefore: before }),
    ...(owner && owner !== "everyone" && { owner: ownerFilter(owner, context.viewerId) }),
    ...(due && { due }),
    ...(due === "due_soon" && { dueSoonMs: context.dueSoonMs }),
  };
}

/** The inbox's filters alone (the export takes every page, newest first). */
export const inboxFilterQuery = deskQuery(filterShape, datesInOrder);

/** The filter a query read by `inboxFilterQuery` asks for. */
export const inboxFilter = (query: FilterQuery, context: FilterContext): InboxFilter =>
  toFilter(query, context);

/**
 * The filter as an audit row keeps it: whose in the view's word ("mine" for
 * the viewer's, as the query said), the due-soon window left out (a setting).
 */
export function auditedFilter({ owner, dueSoonMs: _window, ...rest }: InboxFilter): Record<string, unknown> {
  return { ...rest, ...(owner && { owner: owner === "unassigned" ? owner : "mine" }) };
}

/** GET /applications/due-counts' one parameter: the owner view (everyone when not given). */
export const dueCountsQuery = deskQuery({ owner: filterShape.owner });

/** The owner filter of a query read by `dueCountsQuery`. */
export const dueCountsOwner = (query: { owner?: OwnerView }, context: FilterContext) =>
  ownerFilter(query.owner, context.viewerId);

/** A cursor is a position in one order: the order asked for (newest by default). */
const cursorInOrder = (value: { sort?: InboxSort; cursor?: InboxPosition }) =>
  value.cursor && value.cursor.sort !== (value.sort ?? "newest")
    ? { cursor: "belongs to another order (start again from the first page)" }
    : undefined;

/** The inbox's filters, order and page. */
export const inboxQuery = deskQuery({ ...filterShape, ...pageShape }, (value) => ({
  ...datesInOrder(value),
  ...cursorInOrder(value),
}));

/** What a query read by `inboxQuery` asks for: 25 rows by default, after the cursor's row. */
export function inboxPage(
  query: z.output<typeof inboxQuery>,
  context: FilterContext,
): { filter: InboxFilter; sort: InboxSort; limit: number; after?: InboxPosition } {
  const { cursor, limit, sort, ...filter } = query;
  return { filter: toFilter(filter, context), sort: sort ?? "newest", limit: limit ?? 25, after: cursor };
}
