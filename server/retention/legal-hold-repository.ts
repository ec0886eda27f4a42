/**
 * Legal holds' SQL (migration 023; docs/retention.md): set one, release it,
 * list them, and the one question every purge and deletion asks, "is this
 * held?", as a function (isHeld) and as SQL (HELD_APPLICATION_SQL) for a
 * statement that picks rows to delete. A hold is never deleted: the table
 * only lets a release be recorded, once.
 */
import type { LegalHold } from "#domain/desk/contract";
import { iso } from "../store/row-values";
import type { Queryable } from "../store/store";

/**
 * SQL true when the application whose id is `column` is under an active hold
 * (on it, or on its applicant's e-mail address): add `AND NOT ${heldApplication("a.id")}`
 * to a purge's WHERE.
 */
export const heldApplication = (column: string) => `application_held(${column})`;

/** SQL true when the e-mail address in `column` is under an active hold on the address. */
export const heldEmail = (column: string) => `email_held(${column})`;

/** Who set or released a hold, as they were named then. */
export interface HoldActor {
  id: string;
  name: string;
}

/** What to hold: one application, or every record of one address. */
export type HoldTarget = { applicationId: string } | { email: string };

interface HoldRow {
  id: string;
  application_id: string | null;
  email: string | null;
  reason: string;
  set_by_id: string;
  set_by_name: string;
  set_at: Date | string;
  released_by_id: string | null;
  released_by_name: string | null;
  released_at: Date | string | null;
  release_reason: string | null;
}

const COLUMNS = `id::text AS id, application_id::text AS application_id, email, reason, set_by_id, set_by_name,
                 set_at, released_by_id, released_by_name, released_at, release_reason`;

const toHold = (row: HoldRow): LegalHold => ({
  id: row.id,
  applicationId: row.application_id,
  email: row.email,
  reason: row.reason,
  setBy: { id: row.set_by_id, name: row.set_by_name },
  setAt: iso(row.set_at)!,
  released:
    row.released_at === null
      ? null
      : {
          by: { id: row.released_by_id ?? "", name: row.released_by_name ?? "" },
          at: iso(row.released_at)!,
          reason: row.release_reason ?? "",
        },
});

/** Is this application held (a hold on it or on its applicant's address), or this address (a hold on it)? */
export async function isHeld(db: Queryable, target: HoldTarget): Promise<boolean> {
  const { rows } = await db.query<{ held: boolean }>(
    "applicationId" in target
      ? `SELECT ${heldApplication("$1::uuid")} AS held`
      : `SELECT ${heldEmail("$1::text")} AS held`,
    ["applicationId" in target ? target.applicationId : target.email],
  );
  return rows[0]?.held === true;
}

/** Sets a hold; pass the caller's transaction (its audit row commits with it). */
export async function setHold(
  db: Queryable,
  target: HoldTarget,
  reason: string,
  by: HoldActor,
): Promise<LegalHold> {
  const { rows } = await db.query<HoldRow>(
    `INSERT INTO legal_holds (application_id, email, reason, set_by_id, set_by_name)
     VALUES ($1::uuid, lower($2::text), $3, $4, $5)
     RETURNING ${COLUMNS}`,
    [
      "applicationId" in target ? target.applicationId : null,
      "email" in target ? target.email : null,
      reason,
      by.id,
      by.name,
    ],
  );
  return toHold(rows[0]);
}

/** The hold, locked for a release (undefined when there is none with this id). */
export async function lockHold(db: Queryable, id: string): Promise<LegalHold | undefined> {
  const { rows } = await db.query<HoldRow>(
    `SELECT ${COLUMNS} FROM legal_holds WHERE id = $1::bigint FOR UPDATE`,
    [id],
  );
  return rows[0] && toHold(rows[0]);
}

/** Records an active hold's release (the row stays); undefined when it was released already. */
export async function releaseHold(
  db: Queryable,
  id: string,
  reason: string,
  by: HoldActor,
): Promise<LegalHold | undefined> {
  const { rows } = await db.query<HoldRow>(
    `UPDATE legal_holds
        SET released_at = now(), released_by_id = $2, released_by_name = $3, release_reason = $4
      WHERE id = $1::bigint AND released_at IS NULL
      RETURNING ${COLUMNS}`,
    [id, by.id, by.name, reason],
  );
  return rows[0] && toHold(rows[0]);
}

/**
 * The holds that bear on an application (on it, or on its applicant's
 * address) or on an address, active first, then newest first.
 */
export async function findHolds(db: Queryable, target: HoldTarget): Promise<LegalHold[]> {
  const { rows } = await db.query<HoldRow>(
    "applicationId" in target
      ? `SELECT ${COLUMNS} FROM legal_holds
          WHERE application_id = $1::uuid
             OR email = (SELECT lower(email) FROM applications WHERE id = $1::uuid)
          ORDER BY released_at IS NOT NULL, set_at DESC, legal_holds.id DESC`
      : `SELECT ${COLUMNS} FROM legal_holds WHERE email = lower($1::text)
          ORDER BY released_at IS NOT NULL, set_at DESC, legal_holds.id DESC`,
    ["applicationId" in target ? target.applicationId : target.email],
  );
  return rows.map(toHold);
}

/** The applicant's e-mail address, lower-cased (undefined: no such application). */
export async function applicantEmail(db: Queryable, applicationId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ email: string }>(
    "SELECT lower(email) AS email FROM applications WHERE id = $1::uuid",
    [applicationId],
  );
  return rows[0]?.email;
}
