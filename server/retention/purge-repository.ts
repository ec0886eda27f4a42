/**
 * The retention purge's SQL (docs/retention.md): each kind of data past its
 * period, in batches of `batchSize` rows per transaction so the intake never
 * waits long behind one, skipping what a legal hold covers. Every batch takes
 * its kind's transaction-scoped advisory lock first, without waiting: when
 * another instance holds it, that instance is purging the kind, and this one
 * leaves the kind to it (so no two instances ever purge one kind at once).
 * Between batches it pauses (BATCH_PAUSE_MS).
 * Each function takes the purge's clock (`now`) and returns how many rows it
 * removed, or blanked.
 */
import type { Queryable, Store } from "../store/store";
import { heldApplication, heldEmail } from "./legal-hold-repository";
import { tryLockUntilCommit } from "../store/advisory-lock";

/**
 * Each kind's advisory lock (any fixed numbers): instances purging one kind at
 * once take turns; one that finds its kind taken leaves it to the other, which
 * carries on to the end (a lock for all kinds could see each leave a kind to
 * the other while that one was on another kind).
 */
export const RETENTION_LOCKS = {
  applications: 7_314_231,
  quarantine: 7_314_232,
  mailBodies: 7_314_233,
  audit: 7_314_234,
  sessions: 7_314_235,
} as const;

/**
 * A pause between batches: on the embedded store, which runs one statement
 * at a time, what the intake queued during a batch runs now, so an applicant
 * waits for a batch at most, never for a purge.
 */
export const BATCH_PAUSE_MS = 25;

export interface PurgeOptions {
  /** The purge's clock. */
  now: Date;
  /** Rows per statement. */
  batchSize: number;
}

const before = (now: Date, ms: number) => new Date(now.getTime() - ms).toISOString();

/**
 * A purge stopped by an error after some of its batches had committed: what
 * they removed is gone, and `removed` says how much, for the audit.
 */
export class PurgeInterrupted extends Error {
  constructor(
    readonly removed: number,
    cause: unknown,
  ) {
    super(`the purge stopped after removing ${removed} rows`, { cause });
    this.name = "PurgeInterrupted";
  }
}

/**
 * Runs `batch` in transactions until it returns fewer than `batchSize` rows,
 * or another instance holds the lock. Returns the total; a batch that fails
 * after others committed throws PurgeInterrupted with what they removed.
 */
async function inBatches(
  store: Store,
  lock: number,
  batchSize: number,
  batch: (tx: Queryable) => Promise<number>,
): Promise<number> {
  let total = 0;
  for (;;) {
    let done: number;
    try {
      done = await store.transaction(async (tx) => {
        if (!(await tryLockUntilCommit(tx, lock))) return -1;
        return batch(tx);
      });
    } catch (error) {
      throw total > 0 ? new PurgeInterrupted(total, error) : error;
    }
    if (done < 0) return total;
    total += done;
    if (done < batchSize) return total;
    await new Promise((resolve) => setTimeout(resolve, BATCH_PAUSE_MS));
  }
}

/**
 * Deletes applications with all their rows: the consent record (the trigger
 * checks it may go), CRM deliveries and attempts, then the application, whose
 * e-mails and their attempts, work log and reads go with it (ON DELETE
 * CASCADE); inbound events keep their row without it (SET NULL).
 */
export async function deleteApplications(tx: Queryable, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.query("DELETE FROM consents WHERE application_id = ANY($1::uuid[])", [ids]);
  await tx.query(
    `DELETE FROM delivery_attempts
      WHERE outbox_id IN (SELECT id FROM outbox WHERE application_id = ANY($1::uuid[]))`,
    [ids],
  );
  await tx.query("DELETE FROM outbox WHERE application_id = ANY($1::uuid[])", [ids]);
  await tx.query("DELETE FROM applications WHERE id = ANY($1::uuid[])", [ids]);
}

/**
 * Applications that never went further: received (not quarantined: that is
 * its own period), never worked past "new" or closed other than funded, with
 * nothing done to them (no activity, touch or stage report) for `keepMs`;
 * and whose consent record may go: the CRM never received the application,
 * or its consent is older than `evidenceMs` (else it waits for that).
 */
export async function purgeApplications(
  store: Store,
  { keepMs, evidenceMs }: { keepMs: number; evidenceMs: number },
  { now, batchSize }: PurgeOptions,
): Promise<number> {
  const keptSince = before(now, keepMs);
  const evidenceSince = before(now, evidenceMs);
  return inBatches(store, RETENTION_LOCKS.applications, batchSize, async (tx) => {
    await tx.query("SELECT set_config('harborline.evidence_kept_since', $1, true)", [evidenceSince]);
    const { rows } = await tx.query<{ id: string }>(
      `SELECT a.id::text AS id FROM applications a
        WHERE a.status = 'received'
          AND (a.work_status = 'new' OR (a.work_status = 'closed' AND a.close_reason <> 'funded'))
          AND greatest(a.created_at, a.first_touched_at, a.stage_reported_at,
                       (SELECT max(w.at) FROM application_activities w WHERE w.application_id = a.id))
              < $1::timestamptz
          AND NOT ${heldApplication("a.id")}
          AND (NOT crm_received(a.id)
               OR NOT EXISTS (SELECT 1 FROM consents c
                               WHERE c.application_id = a.id AND c.consented_at >= $2::timestamptz))
        ORDER BY a.created_at, a.id
        LIMIT $3
          FOR UPDATE OF a SKIP LOCKED`,
      [keptSince, evidenceSince, batchSize],
    );
    await deleteApplications(
      tx,
      rows.map((row) => row.id),
    );
    return rows.length;
  });
}

/**
 * Quarantined applications held longer than `keepMs` (counted from their
 * quarantine), never one the CRM received (its consent is evidence) or one
 * under a hold.
 */
export async function purgeQuarantine(
  store: Store,
  keepMs: number,
  { now, batchSize }: PurgeOptions,
): Promise<number> {
  const keptSince = before(now, keepMs);
  return inBatches(store, RETENTION_LOCKS.quarantine, batchSize, async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `SELECT id::text AS id FROM applications
        WHERE status = 'quarantined'
          AND coalesce(quarantined_at, created_at) < $1::timestamptz
          AND NOT crm_received(id)
          AND NOT ${heldApplication("id")}
        ORDER BY created_at, id
        LIMIT $2
          FOR UPDATE SKIP LOCKED`,
      [keptSince, batchSize],
    );
    await deleteApplications(
      tx,
      rows.map((row) => row.id),
    );
    return rows.length;
  });
}

/**
 * Sent e-mails older than `keepMs`: their bodies (HTML and text) blanked,
 * `body_removed_at` set; the row (recipient, subject, when it was sent, its
 * attempts) stays. Not an e-mail of a held application or to a held address.
 */
export async function blankMailBodies(store: Store, keepMs: number, { now, batchSize }: PurgeOptions) {
  const keptSince = before(now, keepMs);
  return inBatches(store, RETENTION_LOCKS.mailBodies, batchSize, async (tx) => {
    const { rowCount } = await tx.query(
      `UPDATE mail_outbox SET html = '', text = '', body_removed_at = $3::timestamptz
        WHERE id IN (
          SELECT m.id FROM mail_outbox m
           WHERE m.status = 'sent' AND m.body_removed_at IS NULL AND m.sent_at < $1::timestamptz
             AND (m.application_id IS NULL OR NOT ${heldApplication("m.application_id")})
             AND NOT ${heldEmail("m.to_address")}
           ORDER BY m.sent_at, m.id
           LIMIT $2
             FOR UPDATE SKIP LOCKED)`,
      [keptSince, batchSize, now.toISOString()],
    );
    return rowCount;
  });
}

/**
 * Audit entries older than `keepMs` (a repeated one by its last time), but
 * for those about something held; the table's trigger lets only these go.
 */
export async function purgeAudit(store: Store, keepMs: number, { now, batchSize }: PurgeOptions) {
  const keptSince = before(now, keepMs);
  return inBatches(store, RETENTION_LOCKS.audit, batchSize, async (tx) => {
    await tx.query("SELECT set_config('harborline.audit_kept_since', $1, true)", [keptSince]);
    const { rowCount } = await tx.query(
      `DELETE FROM desk_audit_log
        WHERE id IN (
          SELECT id FROM desk_audit_log
           WHERE coalesce(last_at, at) < $1::timestamptz AND NOT audit_entry_held(target, details)
           ORDER BY id
           LIMIT $2)`,
      [keptSince, batchSize],
    );
    return rowCount;
  });
}

/** Desk sessions that ended (expired) more than `keepMs` ago. */
export async function purgeSessions(store: Store, keepMs: number, { now, batchSize }: PurgeOptions) {
  const keptSince = before(now, keepMs);
  return inBatches(store, RETENTION_LOCKS.sessions, batchSize, async (tx) => {
    const { rowCount } = await tx.query(
      `DELETE FROM desk_session
        WHERE id IN (SELECT id FROM desk_session WHERE "expiresAt" < $1::timestamptz ORDER BY "expiresAt" LIMIT $2)`,
      [keptSince, batchSize],
    );
    return rowCount;
  });
}
