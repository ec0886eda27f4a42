/**
 * The lead desk's read-mostly SQL, shared by the operator CLI
 * (server/cli/leads.ts) and the desk's API (server/desk/): the inbox with its
 * search, filters and keyset pages, one application, delivery stats,
 * redelivery and the CSV exports. One definition of each, for both.
 */
import { parseReference } from "../mail/reference";
import type { Queryable, Store } from "./store";

export type DeliveryStatus = "pending" | "sending" | "delivered" | "dead";
export const DELIVERY_STATUSES: DeliveryStatus[] = ["pending", "sending", "delivered", "dead"];
export const APPLICATION_STATUSES = ["received", "spam"] as const;
/** What the inbox's state filter (and the CLI's --status) accepts. */
export const INBOX_STATES = [...APPLICATION_STATUSES, ...DELIVERY_STATUSES] as const;
export type InboxState = (typeof INBOX_STATES)[number];

export interface InboxFilter {
  /**
   * Company, first or last name, e-mail (substring, any case); or phone
   * digits, formatting ignored; or the receipt's reference number (HL-…).
   */
  q?: string;
  state?: InboxState;
  fundingType?: string;
  /** UTC days, YYYY-MM-DD, both inclusive. */
  from?: string;
  to?: string;
  /** The last touch's utm_source / utm_campaign, exactly. */
  source?: string;
  campaign?: string;
}

/** A keyset position: the last row of the previous page (created_at with microseconds, id). */
export interface InboxPosition {
  createdAt: string;
  id: string;
}

export interface InboxRow {
  id: string;
  created_at: string;
  /** created_at to the microsecond, for the next page's position. */
  position_at: string;
  submitted_at: string;
  status: "received" | "spam";
  spam_reason: string | null;
  company_name: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  funding_type: string;
  funding_amount: string;
  /** The CRM delivery; null when there is none (spam) or the desk cancelled it. */
  delivery: DeliveryStatus | null;
  attempts: number | null;
  last_error: string | null;
  utm_source: string | null;
  utm_campaign: string | null;
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
};

/** The store's CSV exports here (the newsletter's is its confirmed list: the newsletter repository). */
export type ExportKind = "applications" | "consents";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

const iso = (value: unknown) =>
  value instanceof Date ? value.toISOString() : value == null ? null : String(value);

/** Dates as ISO strings, bigints/numerics as given: the same output on both engines. */
function normalise<T>(row: Record<string, unknown>): T {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  ) as T;
}

/** A LIKE pattern that finds `text` anywhere, its own % _ \ taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;

/** A search that, formatting aside, is only digits (three or more) also looks in phone numbers. */
export function phoneDigitsOf(q: string): string | undefined {
  const digits = q.replace(/[\s().+-]/g, "");
  return /^\d{3,}$/.test(digits) ? digits : undefined;
}

const LAST_SOURCE = "(a.attribution -> 'lastTouch') ->> 'utm_source'";
const LAST_CAMPAIGN = "(a.attribution -> 'lastTouch') ->> 'utm_campaign'";
// Microseconds, UTC: a position must not lose the precision the order uses.
const POSITION_AT = `to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The WHERE clauses of the inbox, the dead list and the applications export;
 * pushes its parameters onto `params`. Needs `applications a` and, for a
 * delivery state, `outbox o`.
 */
function inboxWhere(filter: InboxFilter, params: unknown[], after?: InboxPosition): string[] {
  const where: string[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  if (filter.state === "received" || filter.state === "spam") where.push(`a.status = ${param(filter.state)}`);
  else if (filter.state) where.push(`o.status = ${param(filter.state)}`);
  if (filter.fundingType) where.push(`a.funding_type = ${param(filter.fundingType)}`);
  // Whole UTC days: from its first instant, to before the next day's.
  if (filter.from) where.push(`a.created_at >= (${param(filter.from)}::date)::timestamp AT TIME ZONE 'UTC'`);
  if (filter.to) where.push(`a.created_at < (${param(filter.to)}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
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

const whereSql = (where: string[]) => (where.length ? `WHERE ${where.join(" AND ")}` : "");
const needsOutbox = (filter: InboxFilter) =>
  Boolean(filter.state && filter.state !== "received" && filter.state !== "spam");

/**
 * The CSV exports: their columns (the CLI's and the desk's), where they come
 * from, and the (time, id) pair each is ordered and paged by.
 */
const EXPORTS = {
  applications: {
    columns: [
      "a.id",
      "a.submission_id",
      "a.submitted_at",
      "a.status",
      "a.spam_reason",
      "a.source",
      "a.company_name",
      "a.industry",
      "a.annual_revenue",
      "a.years_in_business",
      "a.business_description",
      "a.funding_type",
      "a.funding_amount::text AS funding_amount",
      "a.funding_purpose",
      "a.timeframe",
      "a.first_name",
      "a.last_name",
      "a.email",
      "a.phone",
      "a.title",
      "a.credit_score",
      "a.sms_consent",
      "a.client_ip",
      "a.user_agent",
      "a.attribution::text AS attribution",
      "CASE WHEN o.status = 'cancelled' THEN NULL ELSE o.status END AS delivery_status",
      "o.attempts AS delivery_attempts",
      "o.delivered_at",
      "o.last_error",
    ],
    from: "applications a LEFT JOIN outbox o ON o.application_id = a.id",
    key: { at: "a.created_at", id: "a.id", cast: "uuid", newestFirst: true },
  },
  consents: {
    columns: [
      "c.application_id",
      "c.consented_at",
      "c.consent_version",
      "c.consent_text",
      "c.phone",
      "c.ip",
      "c.user_agent",
      "c.page_url",
    ],
    from: "consents c",
    key: { at: "c.consented_at", id: "c.application_id", cast: "uuid", newestFirst: false },
  },
} as const;

/** Each export's CSV header: the column names its rows carry. */
export const EXPORT_COLUMNS = Object.fromEntries(
  Object.entries(EXPORTS).map(([kind, { columns }]) => [
    kind,
    columns.map((column) => /\bAS (\w+)$/.exec(column)?.[1] ?? column.split(".").pop()!),
  ]),
) as Record<ExportKind, string[]>;

/** An export's rows: the inbox filter (applications only), up to an instant (so a count and its rows agree). */
export interface ExportScope {
  filter?: InboxFilter;
  /** ISO instant; rows whose time is later are left out. */
  until?: string;
}

function exportWhere(kind: ExportKind, scope: ExportScope, params: unknown[]): string[] {
  const where = kind === "applications" ? inboxWhere(scope.filter ?? {}, params) : [];
  if (scope.until) where.push(`${EXPORTS[kind].key.at} <= $${params.push(scope.until)}::timestamptz`);
  return where;
}

export function createOperatorRepository(store: Store) {
  /** Newest first; `limit` rows after `after`. */
  async function inbox(
    filter: InboxFilter,
    page: { limit: number; after?: InboxPosition },
    db: Queryable = store,
  ): Promise<InboxRow[]> {
    const params: unknown[] = [];
    const where = inboxWhere(filter, params, page.after);
    params.push(page.limit);
    const { rows } = await db.query(
      `SELECT a.id::text AS id, a.created_at, ${POSITION_AT} AS position_at, a.submitted_at, a.status, a.spam_reason,
              a.company_name, a.first_name, a.last_name, a.email, a.phone, a.funding_type,
              a.funding_amount::text AS funding_amount,
              CASE WHEN o.status = 'cancelled' THEN NULL ELSE o.status END AS delivery, o.attempts, o.last_error,
              ${LAST_SOURCE} AS utm_source, ${LAST_CAMPAIGN} AS utm_campaign
         FROM applications a LEFT JOIN outbox o ON o.application_id = a.id
         ${whereSql(where)}
        ORDER BY a.created_at DESC, a.id DESC
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

  /** Deliveries by state (a cancelled one is not a delivery). */
  async function deliveryCounts(): Promise<Record<DeliveryStatus, number>> {
    const { rows } = await store.query<{ status: string; n: string }>(
      "SELECT status, count(*)::text AS n FROM outbox GROUP BY status",
    );
    const counts = Object.fromEntries(DELIVERY_STATUSES.map((status) => [status, 0])) as Record<
      DeliveryStatus,
      number
    >;
    for (const row of rows) {
      if (row.status in counts) counts[row.status as DeliveryStatus] = Number(row.n);
    }
    return counts;
  }

  /** The longest-waiting delivery (pending or being sent), if any. */
  async function oldestWaiting(): Promise<{ applicationId: string; since: string } | null> {
    const { rows } = await store.query<{ created_at: unknown; application_id: string }>(
      `SELECT created_at, application_id::text AS application_id FROM outbox
        WHERE status IN ('pending', 'sending') ORDER BY created_at, id LIMIT 1`,
    );
    return rows[0] ? { applicationId: rows[0].application_id, since: iso(rows[0].created_at)! } : null;
  }

  /** The store's clock, to the microsecond: an export's `until`. */
  async function now(): Promise<string> {
    const { rows } = await store.query<{ now: string }>(
      `SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS now`,
    );
    return rows[0].now;
  }

  async function countExport(kind: ExportKind, scope: ExportScope = {}): Promise<number> {
    const params: unknown[] = [];
    const where = exportWhere(kind, scope, params);
    const { rows } = await store.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${EXPORTS[kind].from} ${whereSql(where)}`,
      params,
    );
    return Number(rows[0].n);
  }

  /**
   * CSV rows in batches (keyset pages, so a large export neither loads
   * everything at once nor holds the store): applications in inbox order,
   * consents oldest first.
   */
  async function* exportBatches(
    kind: ExportKind,
    scope: ExportScope = {},
    batchSize = 1000,
  ): AsyncGenerator<Record<string, unknown>[]> {
    const { columns, from, key } = EXPORTS[kind];
    const [dir, op] = key.newestFirst ? ["DESC", "<"] : ["ASC", ">"];
    let after: { at: string; id: string } | undefined;
    for (;;) {
      const params: unknown[] = [];
      const where = exportWhere(kind, scope, params);
      if (after) {
        params.push(after.at, after.id);
        where.push(
          `(${key.at}, ${key.id}) ${op} ($${params.length - 1}::timestamptz, $${params.length}::${key.cast})`,
        );
      }
      params.push(batchSize);
      const { rows } = await store.query(
        `SELECT ${columns.join(", ")},
                to_char(${key.at} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS position_at,
                ${key.id}::text AS position_id
           FROM ${from} ${whereSql(where)}
          ORDER BY ${key.at} ${dir}, ${key.id} ${dir}
          LIMIT $${params.length}`,
        params,
      );
      if (rows.length === 0) return;
      const last = rows[rows.length - 1];
      after = { at: String(last.position_at), id: String(last.position_id) };
      yield rows.map((row) => {
        const { position_at: _at, position_id: _id, ...rest } = row;
        return normalise<Record<string, unknown>>(rest);
      });
      if (rows.length < batchSize) return;
    }
  }

  return {
    inbox,
    countInbox,

    /** The CLI's list: the inbox's first page with the CLI's columns. */
    async list(options: { limit: number; status?: string }): Promise<ApplicationSummary[]> {
      const rows = await inbox({ state: options.status as InboxState | undefined }, { limit: options.limit });
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
      }));
    },

    /** One application (by id or submission id), its consent record, its delivery and every attempt. */
    async show(id: string, db: Queryable = store) {
      if (!isUuid(id)) return undefined;
      const found = (
        await db.query("SELECT * FROM applications WHERE id = $1::uuid OR submission_id = $1::uuid", [id])
      ).rows[0];
      if (!found) return undefined;
      // The search columns are the index's business, not the record's.
      const { search_text: _text, phone_digits: _digits, ...application } = found;
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

    deliveryCounts,
    oldestWaiting,

    /** The newest successful delivery's time, if any. */
    async lastDeliveredAt(): Promise<string | null> {
      const { rows } = await store.query(
        "SELECT max(delivered_at) AS at FROM outbox WHERE status = 'delivered'",
      );
      return iso(rows[0]?.at);
    },

    async stats() {
      const counts = await deliveryCounts();
      const apps = (
        await store.query<{ total: string; spam: string }>(
          "SELECT count(*)::text AS total, count(*) FILTER (WHERE status = 'spam')::text AS spam FROM applications",
        )
      ).rows[0];
      const waiting = await oldestWaiting();
      const attempts = (
        await store.query<{ total: string; failed: string; last: unknown }>(
          `SELECT count(*)::text AS total, count(*) FILTER (WHERE outcome IS DISTINCT FROM 'delivered')::text AS failed,
                  max(attempted_at) AS last
             FROM delivery_attempts`,
        )
      ).rows[0];
      const newsletter = (
        await store.query<{ n: string }>(
          "SELECT count(*)::text AS n FROM newsletter_subscribers WHERE status = 'subscribed'",
        )
      ).rows[0];
      return {
        applications: { total: Number(apps.total), spam: Number(apps.spam) },
        delivery: counts,
        oldestWaiting: waiting,
        attempts: {
          total: Number(attempts.total),
          failed: Number(attempts.failed),
          last: iso(attempts.last),
        },
        dead: counts.dead,
        newsletterSubscribers: Number(newsletter.n),
      };
    },

    /**
     * Back to pending, due now, with a fresh retry schedule (the attempt
     * history stays). A delivered row only with `force`; never a row being
     * sent or one the desk cancelled (quarantine). Returns the ids moved.
     */
    async redeliver(
      target: { id: string; force?: boolean } | { allDead: true },
      db: Queryable = store,
    ): Promise<string[]> {
      const set = `SET status = 'pending', next_attempt_at = now(), attempts = 0, locked_by = NULL,
                       locked_until = NULL, updated_at = now()`;
      if ("allDead" in target) {
        const result = await db.query<{ application_id: string }>(
          `UPDATE outbox ${set} WHERE status = 'dead' RETURNING application_id::text AS application_id`,
        );
        return result.rows.map((row) => row.application_id);
      }
      if (!isUuid(target.id)) return [];
      const result = await db.query<{ application_id: string }>(
        `UPDATE outbox ${set}
          WHERE application_id = $1::uuid AND status IN ('dead', 'pending'${target.force ? ", 'delivered'" : ""})
          RETURNING application_id::text AS application_id`,
        [target.id],
      );
      return result.rows.map((row) => row.application_id);
    },

    now,
    countExport,
    exportBatches,

    async exportRows(kind: ExportKind, scope: ExportScope = {}): Promise<Record<string, unknown>[]> {
      const rows: Record<string, unknown>[] = [];
      for await (const batch of exportBatches(kind, scope)) rows.push(...batch);
      return rows;
    },
  };
}

export type OperatorRepository = ReturnType<typeof createOperatorRepository>;
