/**
 * What the store holds about the claims (migration 040): who holds each role
 * the register names, the evidence files filed (withdrawn ones kept), the
 * reviews recorded and the owner e-mails sent (042: about computed claims that
 * stopped holding). The register itself is code
 * (#domain/claims/register); claims.ts joins the two.
 */
import type { ClaimEvidenceFile } from "#domain/desk/contract";
import type { StoredClaimState } from "#domain/claims/status";
import type { Queryable } from "../store/store";

/** A staff member as the claims page names them. */
export interface ClaimPerson {
  id: string;
  name: string;
  email: string;
}

export interface RoleHolder extends ClaimPerson {
  role: string;
  /** Enrolled and not disabled: can sign in and be e-mailed. */
  active: boolean;
}

/** An evidence file as the desk sees it, with the claim and the stored document it belongs to. */
export interface EvidenceRow extends ClaimEvidenceFile {
  claimId: string;
  documentId: string;
}

export interface ReviewRow {
  id: string;
  claimId: string;
  reviewBy: string;
  note: string;
  recordedBy: string;
  recordedAt: string;
}

/** A desk account that can sign in and receive e-mail: enrolled and not disabled. */
const ACTIVE = `u.banned IS NOT TRUE AND u."twoFactorEnabled" IS TRUE`;

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));
const day = (value: unknown) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

export async function roleHolders(db: Queryable): Promise<RoleHolder[]> {
  const { rows } = await db.query<{ role: string; id: string; name: string; email: string; active: boolean }>(
    `SELECT r.role, u.id, u.name, u.email, (${ACTIVE}) AS active
       FROM claim_roles r JOIN desk_user u ON u.id = r.user_id ORDER BY r.role`,
  );
  return rows.map((row) => ({ ...row, active: Boolean(row.active) }));
}

/** The active staff members a role can be given to. */
export async function activePeople(db: Queryable): Promise<ClaimPerson[]> {
  const { rows } = await db.query<ClaimPerson>(
    `SELECT u.id, u.name, u.email FROM desk_user u WHERE ${ACTIVE} ORDER BY lower(u.name), u.email`,
  );
  return rows;
}

export async function findActivePerson(db: Queryable, id: string): Promise<ClaimPerson | undefined> {
  const { rows } = await db.query<ClaimPerson>(
    `SELECT u.id, u.name, u.email FROM desk_user u WHERE u.id = $1 AND ${ACTIVE}`,
    [id],
  );
  return rows[0];
}

/** Gives `role` to `userId` (null: to nobody); returns who held it before. */
export async function setRoleHolder(
  db: Queryable,
  role: string,
  userId: string | null,
  setBy: string,
): Promise<string | null> {
  const { rows } = await db.query<{ user_id: string }>(
    `SELECT user_id FROM claim_roles WHERE role = $1 FOR UPDATE`,
    [role],
  );
  const before = rows[0]?.user_id ?? null;
  if (userId === null) await db.query(`DELETE FROM claim_roles WHERE role = $1`, [role]);
  else
    await db.query(
      `INSERT INTO claim_roles (role, user_id, set_by) VALUES ($1, $2, $3)
       ON CONFLICT (role) DO UPDATE SET user_id = excluded.user_id, set_by = excluded.set_by, set_at = now()`,
      [role, userId, setBy],
    );
  return before;
}

const EVIDENCE_COLUMNS = `e.id, e.claim_id, e.document_id, e.label, d.media_type, d.size, e.added_by_name, e.added_at,
  e.withdrawn_at, e.withdrawn_by_name, e.withdrawn_reason`;

interface RawEvidence {
  id: string;
  claim_id: string;
  document_id: string;
  label: string;
  media_type: string | null;
  size: string | number;
  added_by_name: string;
  added_at: Date | string;
  withdrawn_at: Date | string | null;
  withdrawn_by_name: string | null;
  withdrawn_reason: string | null;
}

const toEvidence = (row: RawEvidence): EvidenceRow => ({
  id: row.id,
  claimId: row.claim_id,
  documentId: row.document_id,
  label: row.label,
  mediaType: row.media_type,
  size: Number(row.size),
  addedBy: row.added_by_name,
  addedAt: iso(row.added_at),
  withdrawnAt: row.withdrawn_at === null ? null : iso(row.withdrawn_at),
  withdrawnBy: row.withdrawn_by_name,
  withdrawnReason: row.withdrawn_reason,
});

/** Every evidence file, withdrawn ones too, oldest first. */
export async function listEvidence(db: Queryable): Promise<EvidenceRow[]> {
  const { rows } = await db.query<RawEvidence>(
    `SELECT ${EVIDENCE_COLUMNS} FROM claim_evidence e JOIN documents d ON d.id = e.document_id
      ORDER BY e.added_at, e.id`,
  );
  return rows.map(toEvidence);
}

export async function findEvidence(
  db: Queryable,
  claimId: string,
  evidenceId: string,
  lock = false,
): Promise<EvidenceRow | undefined> {
  const { rows } = await db.query<RawEvidence>(
    `SELECT ${EVIDENCE_COLUMNS} FROM claim_evidence e JOIN documents d ON d.id = e.document_id
      WHERE e.claim_id = $1 AND e.id = $2${lock ? " FOR UPDATE OF e" : ""}`,
    [claimId, evidenceId],
  );
  return rows[0] && toEvidence(rows[0]);
}

export async function insertEvidence(
  db: Queryable,
  row: { id: string; claimId: string; documentId: string; label: string; by: ClaimPerson },
): Promise<void> {
  await db.query(
    `INSERT INTO claim_evidence (id, claim_id, document_id, label, added_by, added_by_name)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [row.id, row.claimId, row.documentId, row.label, row.by.id, row.by.name || row.by.email],
  );
}

export async function markWithdrawn(
  db: Queryable,
  evidenceId: string,
  reason: string,
  by: ClaimPerson,
): Promise<void> {
  await db.query(
    `UPDATE claim_evidence SET withdrawn_at = now(), withdrawn_by = $2, withdrawn_by_name = $3, withdrawn_reason = $4
      WHERE id = $1 AND withdrawn_at IS NULL`,
    [evidenceId, by.id, by.name || by.email, reason],
  );
}

interface RawReview {
  id: string | number;
  claim_id: string;
  review_by: Date | string;
  note: string;
  recorded_by_name: string;
  recorded_at: Date | string;
}

const toReview = (row: RawReview): ReviewRow => ({
  id: String(row.id),
  claimId: row.claim_id,
  reviewBy: day(row.review_by),
  note: row.note,
  recordedBy: row.recorded_by_name,
  recordedAt: iso(row.recorded_at),
});

/** Every review recorded, newest first. */
export async function listReviews(db: Queryable): Promise<ReviewRow[]> {
  const { rows } = await db.query<RawReview>(
    `SELECT id, claim_id, to_char(review_by, 'YYYY-MM-DD') AS review_by, note, recorded_by_name, recorded_at
       FROM claim_reviews ORDER BY recorded_at DESC, id DESC`,
  );
  return rows.map(toReview);
}

export async function insertReview(
  db: Queryable,
  row: { claimId: string; reviewBy: string; note: string; by: ClaimPerson },
): Promise<ReviewRow> {
  const { rows } = await db.query<RawReview>(
    `INSERT INTO claim_reviews (claim_id, review_by, note, recorded_by, recorded_by_name)
     VALUES ($1, $2::date, $3, $4, $5)
     RETURNING id, claim_id, to_char(review_by, 'YYYY-MM-DD') AS review_by, note, recorded_by_name, recorded_at`,
    [row.claimId, row.reviewBy, row.note, row.by.id, row.by.name || row.by.email],
  );
  return toReview(rows[0]);
}

/** Each claim's stored state: its latest review's day and its evidence files not withdrawn. */
export async function storedStates(db: Queryable): Promise<Record<string, StoredClaimState>> {
  const [reviews, files] = await Promise.all([
    db.query<{ claim_id: string; review_by: string }>(
      `SELECT DISTINCT ON (claim_id) claim_id, to_char(review_by, 'YYYY-MM-DD') AS review_by
         FROM claim_reviews ORDER BY claim_id, recorded_at DESC, id DESC`,
    ),
    db.query<{ claim_id: string; files: number }>(
      `SELECT claim_id, count(*)::int AS files FROM claim_evidence WHERE withdrawn_at IS NULL GROUP BY claim_id`,
    ),
  ]);
  const states: Record<string, StoredClaimState> = {};
  for (const row of reviews.rows) states[row.claim_id] = { reviewBy: row.review_by, evidenceFiles: 0 };
  for (const row of files.rows)
    (states[row.claim_id] ??= { evidenceFiles: 0 }).evidenceFiles = Number(row.files);
  return states;
}

export type ClaimAlertEvent = "due" | "lapsed";

/** Records the e-mail for (claim, event, review day); false when another instance already did. */
export async function claimAlert(
  db: Queryable,
  alert: { claimId: string; event: ClaimAlertEvent; reviewBy: string; sentTo: string },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO claim_alerts (claim_id, event, review_by, sent_to) VALUES ($1, $2, $3::date, $4)
     ON CONFLICT DO NOTHING`,
    [alert.claimId, alert.event, alert.reviewBy, alert.sentTo],
  );
  return (rowCount ?? 0) > 0;
}

/** The (claim, event, review day) keys already e-mailed about. */
export async function sentAlerts(db: Queryable): Promise<Set<string>> {
  const { rows } = await db.query<{ key: string }>(
    `SELECT claim_id || '|' || event || '|' || to_char(review_by, 'YYYY-MM-DD') AS key FROM claim_alerts`,
  );
  return new Set(rows.map((row) => row.key));
}

export const alertKey = (claimId: string, event: ClaimAlertEvent, reviewBy: string) =>
  `${claimId}|${event}|${reviewBy}`;

/** Records the e-mail about the computed claim `snapshotId` found no longer holding; false when another instance already did. */
export async function claimHoldingAlert(
  db: Queryable,
  alert: { snapshotId: string; claimId: string; sentTo: string },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO claim_holding_alerts (snapshot_id, claim_id, sent_to) VALUES ($1::bigint, $2, $3)
     ON CONFLICT DO NOTHING`,
    [alert.snapshotId, alert.claimId, alert.sentTo],
  );
  return (rowCount ?? 0) > 0;
}

/** The ids of the snapshots whose stopped-holding e-mail was sent. */
export async function sentHoldingAlerts(db: Queryable): Promise<Set<string>> {
  const { rows } = await db.query<{ id: string }>(`SELECT snapshot_id::text AS id FROM claim_holding_alerts`);
  return new Set(rows.map((row) => row.id));
}
