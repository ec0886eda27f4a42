/**
 * The first admin account. Setup is "done" once an enabled admin has confirmed
 * an authenticator app. An admin account that accepted a link but never
 * confirmed one does not count: while it is younger than a link's lifetime
 * (DESK_INVITE_TTL) setup is "pending" (that person may still finish, and
 * setup links wait); after that setup is "open" again, the server logs a new
 * setup link, and accepting one removes the abandoned account.
 */
import type { FastifyInstance } from "fastify";
import type { Store } from "../../store/store";
import { adminExists } from "./route-helpers";

export type SetupState = "done" | "pending" | "open";

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
async function liveSetupLink(store: Store): Promise<boolean> {
  const { rows } = await store.query(
    `SELECT 1 FROM desk_invitations WHERE purpose = 'setup' AND used_at IS NULL AND expires_at > $1 LIMIT 1`,
    [new Date()],
  );
  return rows.length > 0;
}

/**
 * While setup is not done: a setup link at start-up, and a new one whenever
 * the last has expired or was abandoned (checked every minute, or every link
 * lifetime if shorter), each logged as a JSON line with `setupUrl`.
 */
export function watchSetup(app: FastifyInstance): void {
  const { store, config, invitations, audit } = app.desk;
  const ttlMs = config.desk.inviteTtlMs;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  async function announce(message: string) {
    const { url, expiresAt } = await invitations.create({ purpose: "setup", email: null, role: "admin" });
    await audit.record({
      actorId: null,
      actorEmail: null,
      action: "invitation.created",
      details: { purpose: "setup", role: "admin" },
    });
    app.log.warn({ setupUrl: url, expiresAt: expiresAt.toISOString() }, message);
  }

  /** True while setup still needs watching. */
  async function check(startUp: boolean): Promise<boolean> {
    const state = await setupState(store, ttlMs);
    if (state === "done") return false;
    if (state === "pending") {
      if (startUp) {
        app.log.warn(
          "No confirmed admin yet: a setup link was accepted but its authenticator app is not confirmed; a new setup link is logged here if it is not finished in time",
        );
      }
      return true;
    }
    if (startUp) {
      await announce("No admin account yet: open setupUrl to create the first one (it works once)");
    } else if (!(await liveSetupLink(store))) {
      await announce(
        "No admin account yet and the last setup link expired or was never finished: open this new setupUrl to create the first one (it works once)",
      );
    }
    return true;
  }

  const schedule = () => {
    if (closed) return;
    timer = setTimeout(() => void run(false), Math.min(60_000, ttlMs));
    timer.unref();
  };
  async function run(startUp: boolean) {
    try {
      if (await check(startUp)) schedule();
    } catch (error) {
      app.log.warn({ err: error }, "desk: could not check for an admin account");
      schedule();
    }
  }

  app.addHook("onReady", () => run(true));
  app.addHook("onClose", async () => {
    closed = true;
    clearTimeout(timer);
  });
}
