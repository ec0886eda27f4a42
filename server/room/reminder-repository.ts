/**
 * The document reminders' SQL (migration 037, document_reminders). Which
 * applications may be reminded is one condition, REMINDABLE: kept (not
 * quarantined), given a reference, not closed (declined, funded or
 * otherwise), not opted out of e-mail, not covered by a deletion request
 * under way, and with a checklist item still missing or needing attention
 * (or no checklist yet: nothing has been sent).
 */
import type { ItemState } from "../../domain/documents/item-state";
import type { Queryable } from "../store/store";
import { normalise } from "../store/row-values";

/** Items a reminder is about. */
const NEEDED: readonly ItemState[] = ["missing", "needs-attention"];
const NEEDED_SQL = NEEDED.map((state) => `'${state}'`).join(", ");

const REMINDABLE = `
  a.status <> 'quarantined' AND a.reference IS NOT NULL AND a.work_status <> 'closed'
  AND NOT EXISTS (SELECT 1 FROM opt_outs o WHERE o.channel = 'email' AND o.email = lower(a.email))
  AND NOT EXISTS (SELECT 1 FROM privacy_requests p
                   WHERE p.kind = 'delete' AND p.status IN ('new', 'in_progress') AND p.email = lower(a.email))
  AND (NOT EXISTS (SELECT 1 FROM document_checklist_items i WHERE i.application_id = a.id)
       OR EXISTS (SELECT 1 FROM document_checklist_items i WHERE i.application_id = a.id AND i.state IN (${NEEDED_SQL})))`;

const HISTORY = `
  coalesce((SELECT max(r.number) FROM document_reminders r WHERE r.application_id = a.id), 0)::int AS "lastNumber",
  (SELECT max(r.sent_at) FROM document_reminders r WHERE r.application_id = a.id) AS "lastSentAt"`;

export interface ReminderCandidate {
  id: string;
  phone: string;
  fundingType: string;
  submittedAt: string;
  lastNumber: number;
  lastSentAt: string | null;
}

/** Applications that may be reminded, received after `since` and before `until`, with their reminders so far. */
export async function reminderCandidates(
  db: Queryable,
  window: { since: Date; until: Date },
): Promise<ReminderCandidate[]> {
  const { rows } = await db.query(
    `SELECT a.id, a.phone, a.funding_type AS "fundingType", a.submitted_at AS "submittedAt", ${HISTORY}
       FROM applications a
      WHERE a.submitted_at > $1 AND a.submitted_at <= $2 AND ${REMINDABLE}
      ORDER BY a.submitted_at`,
    [window.since, window.until],
  );
  return rows.map((row) => normalise<ReminderCandidate>(row));
}

export interface ReminderApplication {
  id: string;
  reference: string;
  firstName: string;
  email: string;
  lastNumber: number;
  lastSentAt: string | null;
  items: { label: string; state: ItemState; reason: string | null }[];
}

/**
 * One application, locked until the transaction ends, if it may still be
 * reminded (checked again under the lock: another instance's pass, an
 * opt-out or an upload may have come since the candidates were read), with
 * the items still needed; null otherwise.
 */
export async function lockReminderApplication(
  tx: Queryable,
  applicationId: string,
): Promise<ReminderApplication | null> {
  const { rows } = await tx.query(
    `SELECT a.id, a.reference, a.first_name AS "firstName", a.email, ${HISTORY}
       FROM applications a WHERE a.id = $1 AND ${REMINDABLE} FOR UPDATE OF a`,
    [applicationId],
  );
  if (!rows[0]) return null;
  const application = normalise<Omit<ReminderApplication, "items">>(rows[0]);
  const items = await tx.query(
    `SELECT label, state, reason FROM document_checklist_items
      WHERE application_id = $1 AND state IN (${NEEDED_SQL}) ORDER BY position`,
    [applicationId],
  );
  return {
    ...application,
    items: items.rows.map((row) => normalise<ReminderApplication["items"][number]>(row)),
  };
}

/** Records reminder `number` as sent; false when it already was (by this or another instance). */
export async function recordReminder(
  tx: Queryable,
  reminder: { applicationId: string; number: number; sentAt: Date; timeZone: string },
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `INSERT INTO document_reminders (application_id, number, sent_at, time_zone) VALUES ($1, $2, $3, $4)
     ON CONFLICT (application_id, number) DO NOTHING`,
    [reminder.applicationId, reminder.number, reminder.sentAt, reminder.timeZone],
  );
  return rowCount > 0;
}
