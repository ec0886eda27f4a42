/**
 * What the inbox is filtered by, shared by the inbox, the applications export,
 * the desk's query validation and the operator CLI: the filter and keyset
 * position types, the search's helpers (a phone number's digits, the
 * receipt's reference) and the WHERE clauses they make. The states it filters
 * by (INBOX_STATES: the application's and the CRM delivery's) are the desk
 * contract's. No queries run here.
 */
import type { InboxState } from "#domain/desk/contract";
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
}

/** A keyset position: the last row of the previous page (created_at with microseconds, id). */
export interface InboxPosition {
  createdAt: string;
  id: string;
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
    where.push(`(a.created_at, a.id) < (${param(after.createdAt)}::timestamptz, ${param(after.id)}::uuid)`);
  }
  return where;
}

export const whereSql = (where: string[]) => (where.length ? `WHERE ${where.join(" AND ")}` : "");
export const needsOutbox = (filter: InboxFilter) =>
  Boolean(filter.state && filter.state !== "received" && filter.state !== "quarantined");
