/**
 * The quarantine purge: the server itself deletes quarantined
 * applications once they have been in quarantine for QUARANTINE_RETENTION
 * (30 days by default), first right after start-up and then every hour, on
 * either store. app.close() stops the timer and waits for a purge under way.
 * Each batch it deletes is audited (by the system, no actor) in the same
 * transaction as the deletion. On PGlite, the store's own hourly VACUUM
 * (store/maintenance.ts) cleans up after it.
 */
import type { FastifyPluginAsync } from "fastify";
import { createQuarantineRepository } from "./quarantine-repository";

export const PURGE_EVERY_MS = 60 * 60 * 1000;

const quarantinePurge: FastifyPluginAsync = async (app) => {
  const repository = createQuarantineRepository(app.store);
  const retentionMs = app.config.desk.quarantineRetentionMs;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;

  async function purge() {
    try {
      const purged = await repository.purge(retentionMs, (db, count) =>
        app.desk.audit.record(
          {
            actorId: null,
            actorEmail: null,
            action: "applications.purged",
            details: { count, retentionDays: retentionMs / 86_400_000 },
          },
          db,
        ),
      );
      if (purged > 0) {
        app.log.info({ component: "quarantine", purged }, "quarantined applications past retention deleted");
      }
    } catch (error) {
      // Not fatal: the next run tries again.
      app.log.error({ component: "quarantine", err: error }, "quarantine purge failed");
    }
  }

  function schedule(delayMs: number) {
    if (closed) return;
    timer = setTimeout(() => {
      running = purge().finally(() => {
        running = undefined;
        schedule(PURGE_EVERY_MS);
      });
    }, delayMs);
    // The timer alone never keeps the process alive.
    timer.unref();
  }

  app.addHook("onReady", async () => schedule(0));
  app.addHook("onClose", async () => {
    closed = true;
    clearTimeout(timer);
    await running;
  });
};

export default quarantinePurge;
