/**
 * The audit log: who did what, when, from where. Everything may write to it
 * (the desk's routes, the public forms, the webhooks, the CLI, the periodic
 * jobs), through `record` (or `repeat`). Append-only (the table refuses
 * UPDATE, DELETE and TRUNCATE: 004_desk_auth.sql), except that a repeated
 * event (a list paged through, a refused request sent again) counts on in its
 * one row per session and window (009_audit_repeats.sql).
 */
import { createHash } from "node:crypto";
import type { AuditAction, AuditEntry } from "#domain/audit/actions";
import type { AuditItem, AuditList } from "#domain/desk/contract";
import type { Queryable, Store } from "../store/store";

/** Who did it (null: nobody known, as the jobs, the webhooks and the public forms write), from where. */
export interface AuditActor {
  actorId: string | null;
  actorEmail: string | null;
  ip?: string;
  userAgent?: string;
  /** The session it was done in (repeated events are counted per session). */
  sessionId?: string;
}

/**
 * One row to write: who did what to what. The action is one of AUDIT_ACTIONS
 * and its details are that action's (#domain/audit/actions, AuditDetails), so
 * `record({ ..., action: "legal-hold.set", details })` is type-checked.
 */
export type AuditRecord<A extends AuditAction = AuditAction> = AuditActor & {
  target?: string;
} & AuditEntry<A>;

/** How a repeated event is counted: the window it is counted in, and the rows this request returned. */
export interface Repeat {
  windowSeconds: number;
  rows?: number;
  /**
   * What the repeats are counted per when there is no session (a refused
   * sign-in: its address and the account tried); the session's id otherwise.
   */
  scope?: string;
}

/** A list that shows personal data counts its pages in one row per session, filter and 5 minutes. */
export const READ_WINDOW_SECONDS = 300;
/** A refused request counts in one row per session, route and minute. */
export const DENIAL_WINDOW_SECONDS = 60;
/** A refused sign-in counts in one row per address, account, reason and minute. */
export const SIGN_IN_FAILURE_WINDOW_SECONDS = 60;

export interface AuditFilter {
  /** From a previous page's `nextCursor`. */
  cursor?: string;
  action?: string;
  /** The actor's e-mail (case-insensitive) or id. */
  actor?: string;
  /** Instants (ISO): entries at or after `since`, before `before` (the route's days: zoned-day.ts). */
  since?: string;
  before?: string;
  /** 1-500, default 50. */
  limit?: number;
}

interface AuditRow {
  id: string;
  at: Date;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  target: string | null;
  details: Record<string, unknown> | null;
  ip: string | null;
  user_agent: string | null;
  times: number | null;
  rows_returned: number | null;
  last_at: Date | null;
  actor_name: string | null;
}

/** Long user agents are cut: the log is evidence, not a dump. */
const MAX_TEXT = 512;
/**
 * An entry by nobody known (a refused sign-in for any address, a request
 * from outside) keeps its sender's words shorter: anyone can write those,
 * so the address given and the user agent are cut to this many characters
 * each (an IP address is short already).
 */
export const UNAUTHENTICATED_TEXT = 60;
const clip = (value: string | null | undefined, max = MAX_TEXT) =>
  value === undefined || value === null ? null : [...value].slice(0, max).join("");

/** An entry's first seven columns, in the order both inserts name them. */
const entryValues = (entry: AuditRecord) => {
  const max = entry.actorId === null ? UNAUTHENTICATED_TEXT : MAX_TEXT;
  return [
    entry.actorId,
    clip(entry.actorEmail, max),
    entry.action,
    entry.target ?? null,
    entry.details === undefined ? null : JSON.stringify(entry.details),
    clip(entry.ip),
    clip(entry.userAgent, max),
  ];
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Two requests repeat each other when they did the same thing: action, target and details. */
const repeatKey = (entry: AuditRecord) =>
  createHash("sha256")
    .update(JSON.stringify([entry.action, entry.target ?? null, entry.details ?? null]))
    .digest("base64url");

/** The ids an entry may name: an application (its target or details.applicationId), a staff member (target or details.userId). */
function subjectIds(row: AuditRow): [string | undefined, string | undefined] {
  const details = row.details ?? {};
  const text = (value: unknown) => (typeof value === "string" && value ? value : undefined);
  const applicationId = [row.target, details.applicationId].map(text).find((id) => id && UUID.test(id));
  return [applicationId?.toLowerCase(), text(details.userId) ?? text(row.target)];
}

export function createAuditRepository(store: Store) {
  /** The applications and staff a page of entries names, by id (two queries per page). */
  async function subjects(page: AuditRow[]) {
    const ids = page.map(subjectIds);
    const applicationIds = [...new Set(ids.map(([id]) => id).filter((id) => id !== undefined))];
    const userIds = [...new Set(ids.map(([, id]) => id).filter((id) => id !== undefined))];
    const [found, users] = await Promise.all([
      applicationIds.length
        ? store.query<{ id: string; reference: string | null; company_name: string }>(
            "SELECT id::text AS id, reference, company_name FROM applications WHERE id = ANY($1::uuid[])",
            [applicationIds],
          )
        : { rows: [] },
      userIds.length
        ? store.query<{ id: string; name: string; email: string }>(
            `SELECT id, name, email FROM desk_user WHERE id = ANY($1::text[])`,
            [userIds],
          )
        : { rows: [] },
    ]);
    return {
      applications: new Map(
        found.rows.map((row) => [
          row.id,
          { id: row.id, reference: row.reference, companyName: row.company_name },
        ]),
      ),
      staff: new Map(users.rows.map((row) => [row.id, row])),
    };
  }

  return {
    /** Appends one entry; pass `db` to write inside the caller's transaction. */
    async record(entry: AuditRecord, db: Queryable = store): Promise<void> {
      await db.query(
        `INSERT INTO desk_audit_log (actor_id, actor_email, action, target, details, ip, user_agent)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        entryValues(entry),
      );
    },

    /**
     * Records a repeated event: the first request in its window writes the
     * row, the next ones (same session or scope, action, target and details) add to
     * its counts in one atomic upsert, so parallel requests cannot split it.
     * Windows are fixed (aligned to the epoch), so a burst across a window's
     * end makes two rows, never more.
     */
    async repeat(
      entry: AuditRecord,
      { windowSeconds, rows, scope }: Repeat,
      db: Queryable = store,
    ): Promise<void> {
      const per = scope ?? entry.sessionId;
      if (!per) throw new Error("A repeated audit event needs its session or a scope");
      await db.query(
        `INSERT INTO desk_audit_log
           (actor_id, actor_email, action, target, details, ip, user_agent,
            session_id, repeat_key, window_start, times, rows_returned, last_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9,
                 to_timestamp(floor(extract(epoch FROM now()) / $10::integer) * $10::integer),
                 1, $11::integer, now())
         ON CONFLICT (session_id, repeat_key, window_start) DO UPDATE
         SET times = desk_audit_log.times + 1,
             rows_returned = desk_audit_log.rows_returned + EXCLUDED.rows_returned,
             last_at = greatest(desk_audit_log.last_at, EXCLUDED.last_at)`,
        [...entryValues(entry), per, repeatKey(entry), windowSeconds, rows ?? null],
      );
    },

    /** Newest first; keyset pagination on the id (ordered as a number, not as the text it is sent as). */
    async list(filter: AuditFilter = {}): Promise<AuditList> {
      const limit = Math.min(Math.max(filter.limit ?? 50, 1), 500);
      const where: string[] = [];
      const params: unknown[] = [];
      if (filter.cursor !== undefined) {
        params.push(filter.cursor);
        where.push(`l.id < $${params.length}::bigint`);
      }
      if (filter.action) {
        params.push(filter.action);
        where.push(`l.action = $${params.length}`);
      }
      if (filter.actor) {
        params.push(filter.actor);
        where.push(`(lower(l.actor_email) = lower($${params.length}) OR l.actor_id = $${params.length})`);
      }
      if (filter.since) {
        params.push(filter.since);
        where.push(`l.at >= $${params.length}::timestamptz`);
      }
      if (filter.before) {
        params.push(filter.before);
        where.push(`l.at < $${params.length}::timestamptz`);
      }
      params.push(limit + 1);
      const { rows } = await store.query<AuditRow>(
        `SELECT l.id::text AS id, l.at, l.actor_id, l.actor_email, l.action, l.target, l.details, l.ip,
                l.user_agent, l.times, l.rows_returned, l.last_at, u.name AS actor_name
         FROM desk_audit_log l LEFT JOIN desk_user u ON u.id = l.actor_id
         ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
         ORDER BY l.id DESC LIMIT $${params.length}`,
        params,
      );
      const page = rows.slice(0, limit);
      const { applications, staff } = await subjects(page);
      return {
        items: page.map((row): AuditItem => {
          const [applicationId, userId] = subjectIds(row);
          return {
            id: row.id,
            at: new Date(row.at).toISOString(),
            actor: row.actor_email,
            actorId: row.actor_id,
            actorName: row.actor_name,
            action: row.action,
            target: row.target,
            details: row.details,
            ip: row.ip,
            userAgent: row.user_agent,
            times: row.times,
            rowsReturned: row.rows_returned,
            lastAt: row.last_at === null ? null : new Date(row.last_at).toISOString(),
            application: (applicationId && applications.get(applicationId)) || null,
            staff: (userId && staff.get(userId)) || null,
          };
        }),
        nextCursor: rows.length > limit ? page[page.length - 1].id : null,
      };
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
