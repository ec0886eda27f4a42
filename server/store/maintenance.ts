/**
 * The embedded store's stand-in for autovacuum. PGlite has none: left alone,
 * its planner never learns how big a table is (reltuples stays at "never
 * analysed") and the visibility map is never set, so counting the inbox or the
 * analytics events reads every row instead of an index. `Store.maintain()`
 * runs one `VACUUM (ANALYZE)` of the whole database; this schedule runs it by
 * itself, once shortly after opening and then at a fixed interval. Passes
 * never overlap (the next one is scheduled only when the last has ended), the
 * timer never keeps the process alive, a failed pass is reported and the next
 * one tries again, and stopping waits for a pass under way rather than for the
 * next interval.
 */

/** The server's interval: the same hourly rhythm as its other upkeep. */
export const MAINTAIN_EVERY_MS = 60 * 60 * 1000;
/** The server's first pass: after start-up's own work, before an hour has gone by. */
export const FIRST_MAINTENANCE_AFTER_MS = 60 * 1000;

/** Where a pass's outcome goes (a pino logger fits). */
export interface MaintenanceLog {
  debug(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface MaintenanceSchedule {
  everyMs: number;
  /** The delay before the first pass; `everyMs` when omitted. */
  firstAfterMs?: number;
  log?: MaintenanceLog;
}

/** Runs `pass` on `schedule` until the returned `stop()`, which resolves once no pass is running. */
export function scheduleMaintenance(
  pass: () => Promise<void>,
  schedule: MaintenanceSchedule,
): () => Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  async function run() {
    const started = performance.now();
    try {
      await pass();
      schedule.log?.debug(
        { component: "store", ms: performance.now() - started },
        "store vacuumed and analysed",
      );
    } catch (error) {
      schedule.log?.error({ component: "store", err: error }, "store maintenance failed");
    }
  }

  function next(delayMs: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run().finally(() => {
        running = undefined;
        next(schedule.everyMs);
      });
    }, delayMs);
    timer.unref();
  }

  next(schedule.firstAfterMs ?? schedule.everyMs);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
