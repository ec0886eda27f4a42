/**
 * While setup is not done (setup-repository.ts): a setup link at start-up,
 * and a new one whenever the last has expired or was abandoned (checked every
 * minute, or every link lifetime if shorter), each logged as a JSON line with
 * `setupUrl` and audited as an invitation made by nobody. Once an admin
 * exists it stops looking. One of the periodic jobs (server/jobs.ts): it
 * resolves once the start-up check is done (its link logged), with a stop
 * that waits for a check under way.
 */
import type { FastifyBaseLogger } from "fastify";
import { createAuditRepository } from "../audit/audit-repository";
import type { Config } from "../config";
import type { Store } from "../store/store";
import { createInvitations } from "./invitation-repository";
import { liveSetupLink, setupState } from "./setup-repository";

export async function watchSetup({
  store,
  config,
  log,
}: {
  store: Store;
  config: Config;
  log: FastifyBaseLogger;
}): Promise<() => Promise<void>> {
  const ttlMs = config.desk.inviteTtlMs;
  const invitations = createInvitations({ store, siteUrl: config.siteUrl, ttlMs });
  const audit = createAuditRepository(store);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  async function announce(message: string) {
    const { url, expiresAt } = await invitations.create({ purpose: "setup", email: null, role: "admin" });
    await audit.record({
      actorId: null,
      actorEmail: null,
      action: "invitation.created",
      details: { purpose: "setup", role: "admin" },
    });
    log.warn({ setupUrl: url, expiresAt: expiresAt.toISOString() }, message);
  }

  /** True while setup still needs watching. */
  async function check(startUp: boolean): Promise<boolean> {
    const state = await setupState(store, ttlMs);
    if (state === "done") return false;
    if (state === "pending") {
      if (startUp) {
        log.warn(
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
    if (stopped) return;
    timer = setTimeout(
      () => {
        running = run(false);
      },
      Math.min(60_000, ttlMs),
    );
    timer.unref();
  };
  async function run(startUp: boolean) {
    try {
      if (await check(startUp)) schedule();
    } catch (error) {
      log.warn({ err: error }, "desk: could not check for an admin account");
      schedule();
    }
  }

  await run(true);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
