/**
 * The analytics' upkeep, right after start-up and then every hour: roll up
 * the days that became final, delete raw events past ANALYTICS_RETENTION
 * (only on rolled-up days) and salts older than yesterday's. app.close()
 * stops the timer and waits for a run under way. Failures are logged and
 * tried again next time.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Store } from "../store/store";
import type { EventsRepository } from "./events-repository";
import { rollUp } from "./rollups";
import type { SaltStore } from "./salts";

export const UPKEEP_EVERY_MS = 60 * 60 * 1000;

export interface UpkeepResult {
  rolled: string[];
  purgedEvents: number;
  purgedSalts: number;
}

export function createUpkeep({
  store,
  events,
  salts,
  now,
  retentionMs,
  productPaths,
  log,
}: {
  store: Store;
  events: EventsRepository;
  salts: SaltStore;
  now: () => Date;
  retentionMs: number;
  productPaths: readonly string[];
  log: FastifyBaseLogger;
}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;

  async function run(): Promise<UpkeepResult> {
    const at = now();
    const rolled = await rollUp(store, at, productPaths);
    const purgedEvents = await events.purge(new Date(at.getTime() - retentionMs));
    const purgedSalts = await salts.purge(at);
    if (rolled.length || purgedEvents || purgedSalts)
      log.info({ component: "analytics", rolled, purgedEvents, purgedSalts }, "analytics upkeep");
    return { rolled, purgedEvents, purgedSalts };
  }

  function schedule(delayMs: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run()
        .catch((error: unknown) =>
          log.error({ component: "analytics", err: error }, "analytics upkeep failed"),
        )
        .finally(() => {
          running = undefined;
          schedule(UPKEEP_EVERY_MS);
        });
    }, delayMs);
    timer.unref();
  }

  return {
    /** One run now (tests move the clock and call this). */
    run,
    start: () => schedule(0),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
