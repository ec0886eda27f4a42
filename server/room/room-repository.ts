/**
 * The room's SQL (migration 034, and the documents' tables of 032): links and
 * sessions looked up by the SHA-256 of their secret, and what one session's
 * application shows. Every read of an application's things names the
 * application as well as the thing's id, so another application's item or
 * document is no such thing.
 */
import type { Queryable } from "../store/store";
import { normalise } from "../store/row-values";

/** A quarantined application has no room: its links and sessions open nothing until it is released. */
const OPEN = "a.status <> 'quarantined'";

/** The application a link's token opens, or null; changes nothing. */
export async function linkApplication(db: Queryable, tokenHash: string): Promise<string | null> {
  const { rows } = await db.query<{ applicationId: string }>(
    `SELECT l.application_id AS "applicationId" FROM room_links l JOIN applications a ON a.id = l.application_id
      WHERE l.token_hash = $1 AND ${OPEN}`,
    [tokenHash],
  );
  return rows[0]?.applicationId ?? null;
}

export interface StartedSession {
  applicationId: string;
  expiresAt: string;
}

/**
 * A new session for the application the link opens: stored by its id's hash,
 * ending at `absoluteMs` from now; the link notes its use. Null, and nothing
 * stored, for a link that opens nothing. Sessions ended over a day ago go.
 */
export async function startSession(
  db: Queryable,
  tokenHash: string,
  idHash: string,
  lifetimes: { idleMs: number; absoluteMs: number },
): Promise<StartedSession | null> {
  const { rows } = await db.query(
    `WITH link AS (
       UPDATE room_links l SET last_used_at = now()
         FROM applications a
        WHERE l.token_hash = $1 AND a.id = l.application_id AND ${OPEN}
        RETURNING l.application_id)
     INSERT INTO room_sessions (id_hash, application_id, expires_at)
     SELECT $2, application_id, now() + $3 * interval '1 millisecond' FROM link
     RETURNING application_id AS "applicationId", expires_at AS "expiresAt"`,
    [tokenHash, idHash, lifetimes.absoluteMs],
  );
  await db.query(
    `DELETE FROM room_sessions
      WHERE expires_at < now() - interval '1 day' OR last_seen_at < now() - $1 * interval '1 millisecond' - interval '1 day'`,
    [lifetimes.idleMs],
  );
  return rows[0] ? normalise<StartedSession>(rows[0]) : null;
}

export type SessionLookup = { state: "live"; applicationId: string } | { state: "expired" } | null;

/**
 * The session whose id hashes to `idHash`: live (its last use noted, at most
 * once a minute), ended (idle too long or past its end), or unknown (null;
 * also when its application is quarantined).
 */
export async function findSession(db: Queryable, idHash: string, idleMs: number): Promise<SessionLookup> {
  const { rows } = await db.query<{ applicationId: string; live: boolean }>(
    `WITH s AS (
       SELECT s.application_id, s.expires_at > now() AND s.last_seen_at > now() - $2 * interval '1 millisecond' AS live,
              s.last_seen_at
         FROM room_sessions s JOIN applications a ON a.id = s.application_id
        WHERE s.id_hash = $1 AND ${OPEN}
     ), touched AS (
       UPDATE room_sessions SET last_seen_at = now()
        WHERE id_hash = $1 AND EXISTS (SELECT 1 FROM s WHERE s.live AND s.last_seen_at < now() - interval '1 minute')
     )
     SELECT application_id AS "applicationId", live FROM s`,
    [idHash, idleMs],
  );
  const row = rows[0];
  if (!row) return null;
  return row.live ? { state: "live", applicationId: row.applicationId } : { state: "expired" };
}

/** Ends a session (the room's "sign out"). */
export async function endSession(db: Queryable, idHash: string): Promise<void> {
  await db.query("DELETE FROM room_sessions WHERE id_hash = $1", [idHash]);
}

export interface RoomApplicationRow {
  id: string;
  reference: string | null;
  fundingType: string;
  submittedAt: string;
  workStatus: string;
  closeReason: string | null;
  reviewDueAt: string | null;
  firstTouchedAt: string | null;
  /** The decision's deadline (documents complete plus DECISION_WINDOW); null while not complete. */
  decisionDueAt: string | null;
  decidedAt: string | null;
}

/** What the room shows of its application: never an owner, a note or anyone else's data. */
export async function roomApplication(
  db: Queryable,
  applicationId: string,
): Promise<RoomApplicationRow | null> {
  const { rows } = await db.query(
    `SELECT a.id, a.reference, a.funding_type AS "fundingType", a.submitted_at AS "submittedAt",
            a.work_status AS "workStatus", a.close_reason AS "closeReason", a.review_due_at AS "reviewDueAt",
            a.first_touched_at AS "firstTouchedAt", a.decision_due_at AS "decisionDueAt",
            a.decided_at AS "decidedAt"
       FROM applications a WHERE a.id = $1 AND ${OPEN}`,
    [applicationId],
  );
  return rows[0] ? normalise<RoomApplicationRow>(rows[0]) : null;
}

export interface RoomDocumentRow {
  id: string;
  itemId: string | null;
  originalName: string | null;
  mediaType: string | null;
  size: number;
  scan: "not-scanned" | "clean" | "flagged";
  checks: "pending" | "needs-password" | "done";
  completedAt: string;
  /** The item's slot ("bank-statement:2026-03"), for the file name it is served under. */
  slot: string | null;
  /** 1-based, in upload order among the item's complete documents (or the application's without an item). */
  position: number;
  /** A bank statement's reading (migration 038): null for other documents, and for a statement not yet checked. */
  statementRead: "pending" | "read" | "not-read" | null;
  /** "YYYY-MM-DD", when read. */
  statementFrom: string | null;
  statementTo: string | null;
}

const ROOM_DOCUMENTS = `
  SELECT d.id, d.item_id AS "itemId", d.original_name AS "originalName", d.media_type AS "mediaType",
         d.size::float8 AS size, d.scan, d.checks, d.completed_at AS "completedAt", i.slot,
         d.statement_read AS "statementRead", to_char(d.statement_from, 'YYYY-MM-DD') AS "statementFrom",
         to_char(d.statement_to, 'YYYY-MM-DD') AS "statementTo",
         row_number() OVER (PARTITION BY d.item_id ORDER BY d.completed_at, d.id)::int AS position
    FROM documents d LEFT JOIN document_checklist_items i ON i.id = d.item_id
   WHERE d.application_id = $1 AND d.state = 'complete'`;

/** The application's complete documents, in upload order. */
export async function roomDocuments(db: Queryable, applicationId: string): Promise<RoomDocumentRow[]> {
  const { rows } = await db.query(`${ROOM_DOCUMENTS} ORDER BY d.completed_at, d.id`, [applicationId]);
  return rows.map((row) => normalise<RoomDocumentRow>(row));
}

/** One complete document of the application, or null (another application's is null too). */
export async function roomDocument(
  db: Queryable,
  applicationId: string,
  documentId: string,
): Promise<RoomDocumentRow | null> {
  const { rows } = await db.query(`SELECT * FROM (${ROOM_DOCUMENTS}) x WHERE x.id = $2`, [
    applicationId,
    documentId,
  ]);
  return rows[0] ? normalise<RoomDocumentRow>(rows[0]) : null;
}

/** Whether the application has this checklist item. */
export async function hasItem(db: Queryable, applicationId: string, itemId: string): Promise<boolean> {
  const { rows } = await db.query(
    "SELECT 1 FROM document_checklist_items WHERE application_id = $1 AND id = $2",
    [applicationId, itemId],
  );
  return rows.length > 0;
}

export interface LinkableApplication {
  id: string;
  reference: string;
  fundingType: string;
  submittedAt: string;
}

/** The address's applications with a room (newest first, at most `limit`), for fresh links. */
export async function applicationsOfEmail(
  db: Queryable,
  email: string,
  limit: number,
): Promise<LinkableApplication[]> {
  const { rows } = await db.query(
    `SELECT a.id, a.reference, a.funding_type AS "fundingType", a.submitted_at AS "submittedAt"
       FROM applications a
      WHERE lower(a.email) = $1 AND ${OPEN} AND a.reference IS NOT NULL
      ORDER BY a.submitted_at DESC LIMIT $2`,
    [email.trim().toLowerCase(), limit],
  );
  return rows.map((row) => normalise<LinkableApplication>(row));
}
