/**
 * The inbox, for the desk's API and the operator CLI: newest first or the
 * least time left first, in keyset pages, filtered and searched
 * (inbox-filter.ts), with its total; the
 * CLI's short list; and one application as stored, with its consent record,
 * its delivery and every attempt.
 */
import type { DocumentsState } from "#domain/documents/documents-state";
import type { DeliveryState, InboxState } from "#domain/desk/contract";
import type { CloseReason, DueView, InboxSort, WorkStatus } from "#domain/desk/work";
import { isUuid, normalise } from "../store/row-values";
import {
  dueWhen,
  inboxWhere,
  LAST_CAMPAIGN,
  LAST_SOURCE,
  needsOutbox,
  orderSql,
  SORT_KEYS,
  whereSql,
  type InboxFilter,
  type InboxPosition,
} from "./inbox-filter";
import type { Queryable, Store } from "../store/store";

export interface InboxRow {
  id: string;
  created_at: string;
  /** The order's time (created_at, or the next deadline, DUE_AT) to the microsecond, for the next page's position. */
  position_at: string;
  submitted_at: string;
  status: "received" | "quarantined";
  quarantine_reason: string | null;
  company_name: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  funding_type: string;
  funding_amount: string;
  /** The CRM delivery; null when there is none (quarantined) or the desk cancelled it. */
  delivery: DeliveryState | null;
  attempts: number | null;
  last_error: string | null;
  utm_source: string | null;
  utm_campaign: string | null;
  owner_id: string | null;
  owner_name: string | null;
  owner_email: string | null;
  work_status: WorkStatus;
  close_reason: CloseReason | null;
  funded_amount: string | null;
  review_due_at: string;
  first_touched_at: string | null;
  follow_up_at: string | null;
  /** The booked call (031_booked_calls.sql), past or to come. */
  booked_call_at: string | null;
  /** The viewer has not opened it (always false without a viewer). */
  unread: boolean;
  /** Where its documents stand (migration 036). */
  documents_state: DocumentsState;
}

export type ApplicationSummary = {
  id: string;
  submitted_at: string;
  status: string;
  company_name: string;
  name: string;
  email: string;
  phone: string;
  funding_amount: string;
  delivery: string | null;
  attempts: number | null;
  last_error: string | null;
  work_status: WorkStatus;
  review_due_at: string;
};

// Microseconds, UTC: a position must not lose the precision the order uses.
const positionAt = (sort: InboxSort) =>
  `to_char(${SORT_KEYS[sort].at} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export function createInboxRepository(store: Store) {
  /**
   * In `sort`'s order (newest first by default); `limit` rows after `after`
   * (a position in the same order); `viewerId`: whose unread marker.
   */
  async function inbox(
    filter: InboxFilter,
    page: { limit: number; sort?: InboxSort; after?: InboxPosition; viewerId?: string },
    db: Queryable = store,
  ): Promise<InboxRow[]> {
    const sort = page.sort ?? "newest";
    if (page.after && page.after.sort !== sort)
      throw new Error(`a ${page.after.sort} position in the ${sort} order`);
    const params: unknown[] = [];
    const where = inboxWhere(filter, params, page.after);
    const unread = page.viewerId
      ? `NOT EXISTS (SELECT 1 FROM application_reads r WHERE r.application_id = a.id AND r.user_id = $${params.push(page.viewerId)})`
      : "false";
    params.push(page.limit);
    const { rows } = await db.query(
      `SELECT a.id::text AS id, a.created_at, ${positionAt(sort)} AS position_at, a.submitted_at, a.status, a.quarantine_reason,
              a.company_name, a.first_name, a.last_name, a.email, a.phone, a.funding_type,
              a.funding_amount::text AS funding_amount,
              CASE WHEN o.status = 'cancelled' THEN NULL ELSE o.status END AS delivery, o.attempts, o.last_error,
              ${LAST_SOURCE} AS utm_source, ${LAST_CAMPAIGN} AS utm_campaign,
              a.owner_id, u.name AS owner_name, u.email AS owner_email, a.work_status, a.close_reason,
              a.funded_amount::text AS funded_amount, a.review_due_at, a.first_touched_at,
              a.follow_up_at, a.booked_call_at, ${unread} AS unread, a.documents_state
         FROM applications a LEFT JOIN outbox o ON o.application_id = a.id
              LEFT JOIN "desk_user" u ON u.id = a.owner_id
         ${whereSql(where)}
        ${orderSql(sort)}
        LIMIT $${params.length}`,
      params,
    );
    return rows.map((row) => normalise<InboxRow>(row));
  }

  /** How many applications the filter matches (every page). */
  async function countInbox(filter: InboxFilter): Promise<number> {
    const given = Object.values(filter).filter((value) => value !== undefined && value !== "");
    if (needsOutbox(filter) && given.length === 1) {
      // A delivery state alone: every outbox row has its application (a foreign
      // key), so the outbox's status index answers without the join.
      const { rows } = await store.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM outbox WHERE status = $1",
        [filter.state],
      );
      return Number(rows[0].n);
    }
    const params: unknown[] = [];
    const where = inboxWhere(filter, params);
    const join = needsOutbox(filter) ? "JOIN outbox o ON o.application_id = a.id" : "";
    const { rows } = await store.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM applications a ${join} ${whereSql(where)}`,
      params,
    );
    return Number(rows[0].n);
  }

  /** The due views' counts among one owner view's applications (`owner` as the filter's). */
  async function dueCounts(
    owner: InboxFilter["owner"],
    dueSoonMs: number,
  ): Promise<{ open: number; dueSoon: number; overdue: number }> {
    const params: unknown[] = [dueSoonMs];
    const where = inboxWhere({ owner, due: "open" }, params);
    const { rows } = await store.query<{ open: number; due_soon: number; overdue: number }>(
      `SELECT count(*)::int AS open,
              (count(*) FILTER (WHERE ${dueWhen("due_soon", "$1")}))::int AS due_soon,
              (count(*) FILTER (WHERE ${dueWhen("overdue", "$1")}))::int AS overdue
         FROM applications a ${whereSql(where)}`,
      params,
    );
    return {
      open: Number(rows[0].open),
      dueSoon: Number(rows[0].due_soon),
      overdue: Number(rows[0].overdue),
    };
  }

  return {
    inbox,
    countInbox,
    dueCounts,

    /**
     * The CLI's list: the inbox's first page with the CLI's columns, newest
     * first; a due view's least time left first.
     */
    async list(options: {
      limit: number;
      status?: string;
      work?: WorkStatus;
      due?: DueView;
      dueSoonMs?: number;
    }): Promise<ApplicationSummary[]> {
      const { limit, status, due, ...rest } = options;
      const rows = await inbox(
        { ...rest, state: status as InboxState | undefined, ...(due && { due }) },
        { limit, sort: due ? "time_left" : "newest" },
      );
      return rows.map((row) => ({
        id: row.id,
        submitted_at: row.submitted_at,
        status: row.status,
        company_name: row.company_name,
        name: `${row.first_name} ${row.last_name}`,
        email: row.email,
        phone: row.phone,
        funding_amount: row.funding_amount,
        delivery: row.delivery,
        attempts: row.attempts,
        last_error: row.last_error,
        work_status: row.work_status,
        review_due_at: row.review_due_at,
      }));
    },

    /** One application (by id or submission id), its consent record, its delivery and every attempt. */
    async show(id: string, db: Queryable = store) {
      if (!isUuid(id)) return undefined;
      const found = (
        await db.query(
          `SELECT a.*, u.name AS owner_name, u.email AS owner_email
             FROM applications a LEFT JOIN "desk_user" u ON u.id = a.owner_id
            WHERE a.id = $1::uuid OR a.submission_id = $1::uuid`,
          [id],
        )
      ).rows[0];
      if (!found) return undefined;
      // The search columns are the index's business, not the record's; the
      // booking link's token is a credential, shown nowhere.
      const { search_text: _text, phone_digits: _digits, booking_token: _token, ...application } = found;
      const appId = String(application.id);
      const consent = (await db.query("SELECT * FROM consents WHERE application_id = $1", [appId])).rows[0];
      const outbox = (
        await db.query(
          `SELECT id::text AS id, status, attempts, next_attempt_at, locked_by, locked_until, last_error,
                  delivered_at, created_at, updated_at
             FROM outbox WHERE application_id = $1`,
          [appId],
        )
      ).rows[0];
      const attempts = outbox
        ? (
            await db.query(
              `SELECT attempt, attempted_at, status_code, error, duration_ms, outcome, worker
                 FROM delivery_attempts WHERE outbox_id = $1 ORDER BY attempted_at, id`,
              [outbox.id],
            )
          ).rows
        : [];
      return {
        application: normalise<Record<string, unknown>>(application),
        consent: consent ? normalise<Record<string, unknown>>(consent) : null,
        delivery: outbox ? normalise<Record<string, unknown>>(outbox) : null,
        attempts: attempts.map((row) => normalise<Record<string, unknown>>(row)),
      };
    },
  };
}

export type InboxRepository = ReturnType<typeof createInboxRepository>;
