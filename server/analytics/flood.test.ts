/**
 * A flood of events does not slow POST /api/applications: nothing on an
 * application's path waits for analytics to be written, the flood reaches
 * the store as a few batch inserts rather than one write per request, and an
 * address that spends its events allowance keeps its allowance for applying.
 * Shown without timing (the benchmark times it): while every analytics write
 * is held back, or on PostgreSQL while another session locks the events
 * table, applications are still answered and stored.
 */
import { describe, expect, it, vi } from "vitest";
import { browserAgent, event, useAnalyticsApp } from "../../test/support/analytics";
import { ENGINES, validApplication } from "../../test/support/server";
import { MAX_BATCH } from "./buffer";

const FLOOD_REQUESTS = 400;
const EVENTS_PER_REQUEST = 10;

describe.each(ENGINES)("a flood of events beside applications (%s)", (engine) => {
  const ctx = useAnalyticsApp(engine, { ANALYTICS_RATE_LIMIT_MAX: "100000", RATE_LIMIT_MAX: "1000" });

  const sendEvents = (n: number, remoteAddress = "198.51.100.20") =>
    ctx.app.inject({
      method: "POST",
      url: "/api/events",
      headers: { "content-type": "application/json", "user-agent": browserAgent(n) },
      payload: JSON.stringify(
        Array.from({ length: EVENTS_PER_REQUEST }, (_, i) =>
          i === 0 ? event("pageview") : event("step_viewed", { step: 1 + (i % 4) }),
        ),
      ),
      remoteAddress,
    });

  const apply = (remoteAddress = "198.51.100.30") =>
    ctx.app.inject({
      method: "POST",
      url: "/api/applications",
      headers: { "content-type": "application/json", "user-agent": browserAgent("applicant") },
      payload: JSON.stringify(validApplication()),
      remoteAddress,
    });

  /** Fails at once, rather than at the test's timeout, when `promise` is stuck behind the held write. */
  const notHeldUp = <T>(promise: Promise<T>, what: string) =>
    Promise.race([
      promise,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`${what} waited for the held analytics write`)), 10_000).unref(),
      ),
    ]);

  const count = async (sql: string) => Number((await ctx.db.store.query<{ n: string }>(sql)).rows[0].n);

  it("answers and stores applications while the flood's write is held up, and writes the flood in batches", async () => {
    const store = ctx.db.store;
    const query = store.query.bind(store);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let analyticsInserts = 0;
    const spy = vi.spyOn(store, "query").mockImplementation(async (sql, params) => {
      if (sql.startsWith("INSERT INTO analytics_events")) {
        analyticsInserts++;
        // PGlite has one connection: hold the write back before it. PostgreSQL:
        // the write goes to the database and waits there on the lock below.
        if (engine === "pglite") await held;
      }
      return query(sql, params);
    });
    if (engine === "postgres")
      await new Promise<void>((locked) => {
        // Another session holds the events table until released.
        void store.transaction(async (tx) => {
          await tx.query("LOCK TABLE analytics_events IN EXCLUSIVE MODE");
          locked();
          await held;
        });
      });

    try {
      const answers = await notHeldUp(
        Promise.all(Array.from({ length: FLOOD_REQUESTS }, (_, n) => sendEvents(n))),
        "the flood",
      );
      expect(answers.filter((response) => response.statusCode !== 202)).toEqual([]);

      const writing = ctx.app.analytics.flush();
      await vi.waitFor(() => expect(analyticsInserts).toBeGreaterThan(0));

      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await notHeldUp(apply(), "an application")).statusCode);
      expect(statuses).toEqual([201, 201, 201, 201, 201]);
      expect(await count("SELECT count(*) AS n FROM applications")).toBe(5);
      expect(await count("SELECT count(*) AS n FROM outbox")).toBe(5);

      release();
      await writing;
      await ctx.app.analytics.flush();
    } finally {
      release();
      spy.mockRestore();
    }

    const flooded = FLOOD_REQUESTS * EVENTS_PER_REQUEST;
    const stored = await count(
      "SELECT count(*) AS n FROM analytics_events WHERE name IN ('pageview', 'step_viewed')",
    );
    expect(stored).toBe(flooded);
    // One insert per batch of up to MAX_BATCH (plus the applications' own outcomes), never one per request.
    expect(analyticsInserts).toBeLessThanOrEqual(Math.ceil(flooded / MAX_BATCH) + 2);
  });
});

describe("events and applications allowances", () => {
  const ctx = useAnalyticsApp("pglite", { ANALYTICS_RATE_LIMIT_MAX: "3", RATE_LIMIT_MAX: "2" });

  it("leaves an address that spent its events allowance free to apply", async () => {
    const from = "198.51.100.40";
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++) {
      const response = await ctx.app.inject({
        method: "POST",
        url: "/api/events",
        headers: { "content-type": "application/json", "user-agent": browserAgent(n) },
        payload: JSON.stringify([event("pageview")]),
        remoteAddress: from,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 429, 429, 429]);

    const application = await ctx.app.inject({
      method: "POST",
      url: "/api/applications",
      headers: { "content-type": "application/json", "user-agent": browserAgent("applicant") },
      payload: JSON.stringify(validApplication()),
      remoteAddress: from,
    });
    expect(application.statusCode).toBe(201);
  });
});
