/**
 * The analytics' upkeep: roll up the days that became final, delete raw
 * events past ANALYTICS_RETENTION (only on rolled-up days) and salts older
 * than yesterday's. It runs right after start-up and then every hour, as one
 * of the periodic jobs (server/jobs.ts, through `app.analytics.upkeep()`);
 * a failed run is logged there and tried again next time.
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
  async function run(): Promise<UpkeepResult> {
    const at = now();
    const rolled = await rollUp(store, at, productPaths);
    const purgedEvents = await events.purge(new Date(at.getTime() - retentionMs));
    const purgedSalts = await salts.purge(at);
    if (rolled.length || purgedEvents || purgedSalts)
      log.info({ component: "analytics", rolled, purgedEvents, purgedSalts }, "analytics upkeep");
    return { rolled, purgedEvents, purgedSalts };
  }

  return {
    /** One run now (the periodic job; tests move the clock and call this). */
    run,
  };
}
