/**
 * The desk's audit log: who did what, when, from where. Append-only (the
 * table refuses UPDATE, DELETE and TRUNCATE: 004_desk_auth.sql).
 */
import type { FastifyRequest } from "fastify";
import type { Queryable, Store } from "../../store/store";
import "../auth/principal";

export interface AuditEntry {
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  target?: string;
  details?: Record<string, unknown>;
  ip?: string;
  userAgent?: string;
}

export interface AuditItem {
  id: string;
  at: string;
  /** The actor's e-mail (null for the system, e.g. the operator CLI or an unknown address). */
  actor: string | null;
  actorId: string | null;
  action: string;
  target: string | null;
  details: Record<string, unknown> | null;
  ip: string | null;
  userAgent: string | null;
}

export interface AuditFilter {
  /** From a previous page's `nextCursor`. */
  cursor?: string;
  action?: string;
  /** The actor's e-mail (case-insensitive) or id. */
  actor?: string;
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
}

/** Long user agents are cut: the log is evidence, not a dump. */
const MAX_TEXT = 512;
const clip = (value: string | undefined) => (value === undefined ? null : value.slice(0, MAX_TEXT));

export function createAuditRepository(store: Store) {
  return {
    /** Appends one entry; pass `db` to write inside the caller's transaction. */
    async record(entry: AuditEntry, db: Queryable = store): Promise<void> {
      await db.query(
        `INSERT INTO desk_audit_log (actor_id, actor_email, action, target, details, ip, user_agent)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          entry.actorId,
          entry.actorEmail,
          entry.action,
          entry.target ?? null,
          entry.details === undefined ? null : JSON.stringify(entry.details),
          clip(entry.ip),
          clip(entry.userAgent),
        ],
      );
    },

    /** Newest first; keyset pagination on the id (ordered as a number, not as the text it is sent as). */
    async list(filter: AuditFilter = {}): Promise<{ items: AuditItem[]; nextCursor: string | null }> {
      const limit = Math.min(Math.max(filter.limit ?? 50, 1), 500);
      const where: string[] = [];
      const params: unknown[] = [];
      if (filter.cursor !== undefined) {
        params.push(filter.cursor);
        where.push(`id < $${params.length}::bigint`);
      }
      if (filter.action) {
        params.push(filter.action);
        where.push(`action = $${params.length}`);
      }
      if (filter.actor) {
        params.push(filter.actor);
        where.push(`(lower(actor_email) = lower($${params.length}) OR actor_id = $${params.length})`);
      }
      params.push(limit + 1);
      const { rows } = await store.query<AuditRow>(
        `SELECT id::text AS id, at, actor_id, actor_email, action, target, details, ip, user_agent
         FROM desk_audit_log ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
         ORDER BY desk_audit_log.id DESC LIMIT $${params.length}`,
        params,
      );
      const page = rows.slice(0, limit);
      return {
        items: page.map((row) => ({
          id: row.id,
          at: new Date(row.at).toISOString(),
          actor: row.actor_email,
          actorId: row.actor_id,
          action: row.action,
          target: row.target,
          details: row.details,
          ip: row.ip,
          userAgent: row.user_agent,
        })),
        nextCursor: rows.length > limit ? page[page.length - 1].id : null,
      };
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;

/** The entry for a request: the signed-in staff member (if any), the client address, the user agent. */
export function auditEntry(
  request: FastifyRequest,
  action: string,
  target?: string,
  details?: Record<string, unknown>,
): AuditEntry {
  const userAgent = request.headers["user-agent"];
  return {
    actorId: request.staff?.userId ?? null,
    actorEmail: request.staff?.email ?? null,
    action,
    target,
    details,
    ip: request.ip,
    userAgent: typeof userAgent === "string" ? userAgent : undefined,
  };
}
