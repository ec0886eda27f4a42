/**
 * What the inbox is filtered by, shared by the inbox, the applications export,
 * the desk's query validation and the operator CLI: the filter and keyset
 * position types, the search's helpers (a phone number's digits, the
 * receipt's reference), the two orders and the WHERE and ORDER BY clauses they
 * make. The states it filters by (INBOX_STATES: the application's and the CRM
 * delivery's) are the desk contract's; the work views (whose, which work
 * status, the review clock's due views, the orders) are domain/desk/work.ts's.
 * No queries run here.
 */
import type { InboxState } from "#domain/desk/contract";
import type { DueView, InboxSort, WorkStatus } from "#domain/desk/work";
import type { DocumentsState } from "#domain/documents/documents-state";
import { parseReference } from "../mail/reference";

export interface InboxFilter {
  /**
   * Company, first or last name, e-mail (substring, any case); or phone
   * digits, formatting ignored; or the receipt's reference number (HL-…).
   */
  q?: string;
  state?: InboxState;
  fundingType?: string;
  /**
   * Received at or after / before these instants (ISO): the desk's `from` and
   * `to` days in the provider's zone (server/desk/zoned-day.ts).
   */
  receivedSince?: string;
  receivedBefore?: string;
  /** The last touch's utm_source / utm_campaign, exactly. */
  source?: string;
  campaign?: string;
  /**
   * Whose: one staff member's (the desk's "mine" is the signed-in member's
   * id), or nobody's ("unassigned": received, not quarantined, no owner).
   */
  owner?: { id: string } | "unassigned";
  /** One work status. */
  work?: WorkStatus;
  /**
   * The deadlines: leads received and not closed that are untouched (the
   * review clock runs) or have a follow-up; of those, the ones whose next
   * deadline (DUE_AT) has passed (overdue), falls within `dueSoonMs` from now
   * (due_soon), or all of them (open).
   */
  due?: DueView;
  /** The "due soon" window (REVIEW_DUE_SOON); needed with due=due_soon. */
  dueSoonMs?: number;
  /** Where its documents stand (migration 036's applications_documents_idx holds needed and complete). */
  documents?: DocumentsState;
}

/**
 * A keyset position: the last row of the previous page, in the order it was
 * read in: its time (created_at for newest first, review_due_at for the least
 * time left first; with microseconds) and its id.
 */
export interface InboxPosition {
  sort: InboxSort;
  at: string;
  id: string;
}

/**
 * A lead's next deadline: the earlier of its follow-up and, while nobody has
 * touched it, its review deadline; a touched lead without a follow-up keeps
 * its review deadline (so the order never meets a NULL). Migration 029
 * indexes this very expression: change both together.
 */
export const DUE_AT =
  "(CASE WHEN a.first_touched_at IS NULL THEN LEAST(a.review_due_at, a.follow_up_at) ELSE COALESCE(a.follow_up_at, a.review_due_at) END)";

/** Each order's time column; the id breaks ties, in the same direction. */
export const SORT_KEYS: Record<InboxSort, { at: string; direction: "DESC" | "ASC" }> = {
  newest: { at: "a.created_at", direction: "DESC" },
  time_left: { at: DUE_AT, direction: "ASC" },
};

/** The ORDER BY of `sort`. */
export const orderSql = (sort: InboxSort) => {
  const { at, direction } = SORT_KEYS[sort];
  return `ORDER BY ${at} ${direction}, a.id ${direction}`;
};

/**
 * The application was received (not quarantined), is not closed, and has a
 * deadline: nobody has touched it yet, or a rep set a follow-up (migration
 * 029's applications_due_idx holds these rows).
 */
const WITH_DEADLINE =
  "a.status = 'received' AND a.work_status <> 'closed' AND (a.first_touched_at IS NULL OR a.follow_up_at IS NOT NULL)";

/**
 * Which of those a due view takes, by their next deadline; `window` is the
 * parameter holding the "due soon" window in milliseconds (due_soon only).
 */
export function dueWhen(due: DueView, window = "0"): string {
  if (due === "overdue") return `${DUE_AT} <= now()`;
  if (due === "due_soon")
    return `${DUE_AT} > now() AND ${DUE_AT} <= now() + ${window}::double precision * interval '1 millisecond'`;
  return "true";
}

/** A LIKE pattern that finds `text` anywhere, its own % _ \ taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;

/** A search that, formatting aside, is only digits (three or more) also looks in phone numbers. */
export function phoneDigitsOf(q: string): string | undefined {
  const digits = q.replace(/[\s().+-]/g, "");
  return /^\d{3,}$/.test(digits) ? digits : undefined;
}

export const LAST_SOURCE = "(a.attribution -> 'lastTouch') ->> 'utm_source'";
export const LAST_CAMPAIGN = "(a.attribution -> 'lastTouch') ->> 'utm_campaign'";

/**
 * The WHERE clauses of the inbox, the dead list and the applications export;
 * pushes its parameters onto `params`. Needs `applications a` and, for a
 * delivery state, `outbox o`.
 */
export function inboxWhere(filter: InboxFilter, params: unknown[], after?: InboxPosition): string[] {
  const where: string[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  if (filter.state === "received" || filter.state === "quarantined")
    where.push(`a.status = ${param(filter.state)}`);
  else if (filter.state) where.push(`o.status = ${param(filter.state)}`);
  if (filter.fundingType) where.push(`a.funding_type = ${param(filter.fundingType)}`);
  if (filter.receivedSince) where.push(`a.created_at >= ${param(filter.receivedSince)}::timestamptz`);
  if (filter.receivedBefore) where.push(`a.created_at < ${param(filter.receivedBefore)}::timestamptz`);
  if (filter.source) where.push(`${LAST_SOURCE} = ${param(filter.source)}`);
  if (filter.campaign) where.push(`${LAST_CAMPAIGN} = ${param(filter.campaign)}`);
  if (filter.owner === "unassigned") where.push("a.owner_id IS NULL AND a.status = 'received'");
  else if (filter.owner) where.push(`a.owner_id = ${param(filter.owner.id)}`);
  if (filter.work) where.push(`a.work_status = ${param(filter.work)}`);
  if (filter.documents) where.push(`a.documents_state = ${param(filter.documents)}`);
  if (filter.due) {
    where.push(WITH_DEADLINE);
    if (filter.due === "due_soon") where.push(dueWhen("due_soon", param(filter.dueSoonMs ?? 0)));
    if (filter.due === "overdue") where.push(dueWhen("overdue"));
  }
  if (filter.q) {
    // search_text and phone_digits are generated columns with trigram indexes (migration 005).
    const matches = [`a.search_text LIKE lower(${param(contains(filter.q))})`];
    const digits = phoneDigitsOf(filter.q);
    if (digits) matches.push(`a.phone_digits LIKE ${param(contains(digits))}`);
    // The reference number on the applicant's receipt, exactly (its unique index).
    const reference = parseReference(filter.q);
    if (reference) matches.push(`a.reference = ${param(reference)}`);
    where.push(matches.length > 1 ? `(${matches.join(" OR ")})` : matches[0]);
  }
  if (after) {
    const { at, direction } = SORT_KEYS[after.sort];
    where.push(
      `(${at}, a.id) ${direction === "DESC" ? "<" : ">"} (${param(after.at)}::timestamptz, ${param(after.id)}::uuid)`,
    );
  }
  return where;
}

export const whereSql = (where: string[]) => (where.length ? `WHERE ${where.join(" AND ")}` : "");
export const needsOutbox = (filter: InboxFilter) =>
  Boolean(filter.state && filter.state !== "received" && filter.state !== "quarantined");
