/**
 * The store's stand-in for autovacuum: one pass through the real store on
 * both engines (on PGlite the planner then knows every table's size), the
 * PGlite opener's own timer, and the schedule's rules (no overlap, failures
 * reported, stop waits for a pass under way, no timer keeps the process alive).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { scheduleMaintenance, type MaintenanceLog } from "./maintenance";
import { openPGliteStore } from "./pglite";
import type { Store } from "./store";
import { ENGINES, openTestStore, pgliteTemplate, type TestStore } from "../../test/support/server";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean | Promise<boolean>, what: string) {
  for (let i = 0; i < 250; i++) {
    if (await condition()) return;
    await sleep(20);
  }
  throw new Error(`timed out waiting until ${what}`);
}

/** A log that counts passes and keeps failures. */
function recordingLog() {
  const log = { passes: 0, errors: [] as unknown[] };
  const sink: MaintenanceLog = {
    debug: () => void log.passes++,
    error: (details) => void log.errors.push((details as { err: unknown }).err),
  };
  return { log, sink };
}

/** What the planner believes each table holds (-1 on PGlite before any ANALYZE). */
async function plannerRows(store: Store, tables: string[]): Promise<Record<string, number>> {
  const { rows } = await store.query<{ name: string; reltuples: number }>(
    "SELECT relname AS name, reltuples FROM pg_class WHERE oid = ANY($1::regclass[])",
    [tables],
  );
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.reltuples)]));
}

async function insertRows(store: Store, count: number) {
  await store.query(
    `INSERT INTO newsletter_subscribers (email, status)
     SELECT 'reader' || g || '@example.com', 'subscribed' FROM generate_series(1, $1::int) g`,
    [count],
  );
  await store.query(
    `INSERT INTO analytics_events (at, name)
     SELECT now() - g * interval '1 second', 'page_view' FROM generate_series(1, $1::int) g`,
    [count * 2],
  );
}

describe.each(ENGINES)("maintain() on the %s store", (engine) => {
  let db: TestStore;
  beforeAll(async () => {
    db = await openTestStore(engine);
  });
  afterAll(() => db?.dispose());

  it("leaves the planner knowing every table's size, and the rows as they were", async () => {
    const tables = ["newsletter_subscribers", "analytics_events"];
    if (engine === "pglite") {
      // Never analysed: the planner has to guess.
      expect(await plannerRows(db.store, tables)).toEqual({
        newsletter_subscribers: -1,
        analytics_events: -1,
      });
    }
    await insertRows(db.store, 300);
    await db.store.maintain();
    if (engine === "pglite") {
      expect(await plannerRows(db.store, tables)).toEqual({
        newsletter_subscribers: 300,
        analytics_events: 600,
      });
    }
    const { rows } = await db.store.query<{ n: number }>(
      "SELECT (SELECT count(*) FROM newsletter_subscribers) + (SELECT count(*) FROM analytics_events) AS n",
    );
    expect(Number(rows[0].n)).toBe(900);
    expect(await db.store.ping()).toBe(true);
  });
});

describe("the PGlite opener's maintenance timer", () => {
  it("runs passes by itself, and close() stops it without waiting for the next", async () => {
    const { log, sink } = recordingLog();
    const store = await openPGliteStore({
      loadDataDir: await pgliteTemplate(),
      maintenance: { everyMs: 5, firstAfterMs: 0, log: sink },
    });
    try {
      await insertRows(store, 50);
      await until(
        async () => (await plannerRows(store, ["newsletter_subscribers"])).newsletter_subscribers === 50,
        "a pass has analysed the new rows",
      );
      await until(() => log.passes >= 2, "a second pass has run");
    } finally {
      // Passes run back to back: close() lands while one is under way (or about to be).
      await store.close();
    }
    const passes = log.passes;
    await sleep(50);
    expect(log.passes).toBe(passes);
    expect(log.errors).toEqual([]);
  });
});

describe("the maintenance schedule", () => {
  const stops: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await Promise.all(stops.splice(0).map((stop) => stop()));
  });

  it("never overlaps a pass, and a stop waits for the pass under way", async () => {
    let active = 0;
    let most = 0;
    let passes = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const stop = scheduleMaintenance(
      async () => {
        active++;
        most = Math.max(most, active);
        passes++;
        await held;
        active--;
      },
      { everyMs: 1, firstAfterMs: 0 },
    );
    stops.push(stop);
    await until(() => passes === 1, "the first pass has started");
    await sleep(30);
    expect(passes).toBe(1);

    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    await sleep(20);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(active).toBe(0);
    await sleep(20);
    expect({ passes, most }).toEqual({ passes: 1, most: 1 });
  });

  it("reports a failed pass and tries again at the next interval", async () => {
    const { log, sink } = recordingLog();
    let calls = 0;
    stops.push(
      scheduleMaintenance(
        async () => {
          if (++calls === 1) throw new Error("disk full");
        },
        { everyMs: 5, firstAfterMs: 0, log: sink },
      ),
    );
    await until(() => log.passes >= 1, "a pass after the failure has succeeded");
    expect(log.errors).toEqual([new Error("disk full")]);
  });

  it("waits `firstAfterMs`, then `everyMs`, on timers that never keep the process alive", async () => {
    const setTimeoutSpy = vi.spyOn(globalThis, "setTimeout");
    try {
      let passes = 0;
      stops.push(scheduleMaintenance(async () => void passes++, { everyMs: 3_600_000, firstAfterMs: 10 }));
      await until(() => passes === 1, "the first pass has run");
      const timers = setTimeoutSpy.mock.calls
        .map((call, i) => ({ ms: call[1], timer: setTimeoutSpy.mock.results[i].value as NodeJS.Timeout }))
        .filter(({ ms }) => ms === 10 || ms === 3_600_000);
      expect(timers.map(({ ms }) => ms)).toEqual([10, 3_600_000]);
      expect(timers.map(({ timer }) => timer.hasRef())).toEqual([false, false]);
    } finally {
      setTimeoutSpy.mockRestore();
    }
  });
});
