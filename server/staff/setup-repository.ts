/**
 * The first admin account. Setup is "done" once an enabled admin has confirmed
 * an authenticator app. An admin account that accepted a link but never
 * confirmed one does not count: while it is younger than a link's lifetime
 * (DESK_INVITE_TTL) setup is "pending" (that person may still finish, and
 * setup links wait); after that setup is "open" again, the server logs a new
 * setup link, and accepting one removes the abandoned account.
 */
import type { Store } from "../store/store";

export type SetupState = "done" | "pending" | "open";

/**
 * True once an enabled admin account with a confirmed authenticator app exists
 * (then setup links stop working).
 */
export async function adminExists(store: Store): Promise<boolean> {
  const { rows } = await store.query(
    `SELECT 1 FROM desk_user WHERE role = 'admin' AND banned IS NOT TRUE AND "twoFactorEnabled" IS TRUE LIMIT 1`,
  );
  return rows.length > 0;
}

/** Never-confirmed accounts: no authenticator now, and none confirmed ever (the audit log says). */
const NEVER_CONFIRMED = `u."twoFactorEnabled" IS NOT TRUE AND NOT EXISTS (
  SELECT 1 FROM desk_audit_log a WHERE a.action = 'second-factor.enrolled' AND a.actor_id = u.id)`;

export async function setupState(store: Store, ttlMs: number): Promise<SetupState> {
  if (await adminExists(store)) return "done";
  const { rows } = await store.query(
    `SELECT 1 FROM desk_user u WHERE u.role = 'admin' AND u.banned IS NOT TRUE AND u."createdAt" > $1
       AND ${NEVER_CONFIRMED} LIMIT 1`,
    [new Date(Date.now() - ttlMs)],
  );
  return rows.length ? "pending" : "open";
}

/**
 * Deletes abandoned first-admin attempts (never-confirmed admin accounts older
 * than a link's lifetime, and a never-confirmed account of the same address),
 * with their sessions and factors; returns their addresses.
 */
export async function removeAbandoned(store: Store, ttlMs: number, email: string): Promise<string[]> {
  const { rows } = await store.query<{ id: string; email: string }>(
    `SELECT u.id, u.email FROM desk_user u
     WHERE (u.role = 'admin' OR u.email = $2) AND u."createdAt" <= $1 AND ${NEVER_CONFIRMED}`,
    [new Date(Date.now() - ttlMs), email.toLowerCase()],
  );
  if (!rows.length) return [];
  const ids = rows.map((row) => row.id);
  await store.query(`DELETE FROM desk_invitations WHERE user_id = ANY($1::text[])`, [ids]);
  await store.query(`DELETE FROM desk_user WHERE id = ANY($1::text[])`, [ids]);
  return rows.map((row) => row.email);
}

/** An unused setup link that has not expired exists (its token is not recoverable). */
export async function liveSetupLink(store: Store): Promise<boolean> {
  const { rows } = await store.query(
    `SELECT 1 FROM desk_invitations WHERE purpose = 'setup' AND used_at IS NULL AND expires_at > $1 LIMIT 1`,
    [new Date()],
  );
  return rows.length > 0;
}
