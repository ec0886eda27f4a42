/**
 * The desk's queue of verified privacy requests (docs/privacy-requests.md):
 * the open ones by time left, the closed ones newest first; taking one, and
 * moving its status (new → in progress → completed, or refused with a reason).
 */
import type {
  PackageOpening,
  PrivacyRequestItem,
  PrivacyRequestStatusInput,
  PrivacyRequestView,
} from "#domain/desk/contract";
import type { Queryable, Store } from "../store/store";

interface Row {
  id: string;
  kind: PrivacyRequestItem["kind"];
  email: string;
  name: string;
  details: string;
  status: PrivacyRequestItem["status"];
  verified_at: Date;
  due_at: Date;
  owner_id: string | null;
  owner_name: string | null;
  resolution: string | null;
  closed_at: Date | null;
  package_sent: boolean;
  openings_count: number;
  openings: { at: string; format: string | null; client: string | null }[];
}

/** The openings of a request's copy, from the audit log (the link's POST writes one row each). */
const OPENED = `FROM desk_audit_log l WHERE l.target = r.id::text AND l.action = 'privacy-request.package-opened'`;

const SELECT = `SELECT r.id::text AS id, r.kind, r.email, r.name, r.details, r.status, r.verified_at, r.due_at,
                       r.owner_id, u.name AS owner_name, r.resolution, r.closed_at,
                       r.package_token_hash IS NOT NULL AS package_sent,
                       (SELECT count(*)::int ${OPENED}) AS openings_count,
                       (SELECT coalesce(json_agg(json_build_object('at', x.at, 'format', x.format, 'client', x.client)
                                        ORDER BY x.id DESC), '[]'::json)
                          FROM (SELECT l.id, l.at, l.details->>'format' AS format, l.details->>'client' AS client
                                  ${OPENED} ORDER BY l.id DESC LIMIT 20) x) AS openings
                  FROM privacy_requests r LEFT JOIN "desk_user" u ON u.id = r.owner_id`;

const opening = (row: Row["openings"][number]): PackageOpening => ({
  at: new Date(row.at).toISOString(),
  format: row.format === "json" ? "json" : "page",
  client: row.client ?? "an unknown client",
});

const toItem = (row: Row): PrivacyRequestItem => ({
  id: row.id,
  kind: row.kind,
  email: row.email,
  name: row.name,
  details: row.details,
  status: row.status,
  verifiedAt: row.verified_at.toISOString(),
  dueAt: row.due_at.toISOString(),
  owner: row.owner_id ? { id: row.owner_id, name: row.owner_name ?? "" } : null,
  resolution: row.resolution,
  closedAt: row.closed_at?.toISOString() ?? null,
  packageOpenings: row.package_sent
    ? { count: Number(row.openings_count), recent: row.openings.map(opening) }
    : null,
});

/** A request id as the store keeps them; anything else is no request (never a 500). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a change found: the request after it, none (unknown or unverified), or one already closed. */
export type ChangeResult =
  { ok: true; item: PrivacyRequestItem } | { ok: false; reason: "missing" | "closed" };

export function createPrivacyQueueRepository(store: Store) {
  async function find(db: Queryable, id: string, lock = false): Promise<PrivacyRequestItem | undefined> {
    if (!UUID.test(id)) return undefined;
    const { rows } = await db.query<Row>(
      `${SELECT} WHERE r.id = $1::uuid AND r.status <> 'unverified' ${lock ? "FOR UPDATE OF r" : ""}`,
      [id],
    );
    return rows[0] && toItem(rows[0]);
  }

  /** Locks the request, applies `change` when it is open, and reads it back. */
  async function change(db: Queryable, id: string, sql: string, params: unknown[]): Promise<ChangeResult> {
    const before = await find(db, id, true);
    if (!before) return { ok: false, reason: "missing" };
    if (before.closedAt) return { ok: false, reason: "closed" };
    await db.query(sql, [id, ...params]);
    return { ok: true, item: (await find(db, id))! };
  }

  return {
    find: (id: string) => find(store, id),
    /** The request, locked for the caller's transaction. */
    lock: (db: Queryable, id: string) => find(db, id, true),

    async list(view: PrivacyRequestView): Promise<PrivacyRequestItem[]> {
      const { rows } = await store.query<Row>(
        view === "open"
          ? `${SELECT} WHERE r.status IN ('new', 'in_progress') ORDER BY r.due_at, r.id LIMIT 500`
          : `${SELECT} WHERE r.status IN ('completed', 'refused') ORDER BY r.closed_at DESC, r.id LIMIT 500`,
      );
      return rows.map(toItem);
    },

    /** `ownerId` takes it; a new request is then in progress. */
    claim: (db: Queryable, id: string, ownerId: string) =>
      change(
        db,
        id,
        `UPDATE privacy_requests SET owner_id = $2,
                status = CASE WHEN status = 'new' THEN 'in_progress' ELSE status END
          WHERE id = $1::uuid`,
        [ownerId],
      ),

    /** Its new status; completing or refusing closes it (an owner is kept, or becomes `ownerId`). */
    setStatus: (db: Queryable, id: string, input: PrivacyRequestStatusInput, ownerId: string) =>
      change(
        db,
        id,
        `UPDATE privacy_requests SET status = $2, resolution = $3,
                owner_id = coalesce(owner_id, $4),
                closed_at = CASE WHEN $2 IN ('completed', 'refused') THEN now() END
          WHERE id = $1::uuid`,
        [input.status, input.resolution || null, ownerId],
      ),
  };
}
