import { randomUUID } from "node:crypto";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp, type App } from "../app";
import type { Store } from "../store/store";
import {
  ENGINES,
  buildTestApp,
  openTestStore,
  testConfig,
  useTwoInstances,
  validApplication,
  type TestStore,
} from "../../test/support/server";

const LIMIT = { RATE_LIMIT_MAX: "3", RATE_LIMIT_WINDOW: "1m" };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const post = (app: App, ip: string, url = "/api/newsletter") =>
  app.inject({
    method: "POST",
    url,
    remoteAddress: ip,
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(
      url === "/api/newsletter" ? { email: `${randomUUID()}@example.com` } : validApplication(),
    ),
  });

/** A 429 as a visitor sees it: Retry-After within the window, a short JSON message. */
function expectLimited(response: Awaited<ReturnType<typeof post>>) {
  expect(response.statusCode).toBe(429);
  const retryAfter = Number(response.headers["retry-after"]);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(response.json()).toEqual({ error: expect.stringMatching(/rate limit/i) });
}

describe.each(ENGINES)("the rate limit kept in the %s store", (engine) => {
  let db: TestStore;
  beforeAll(async () => {
    db = await openTestStore(engine);
  });
  afterAll(() => db?.dispose());
  beforeEach(() => db.reset());

  it("answers 429 after RATE_LIMIT_MAX posts per IP per endpoint, and a restart does not forget", async () => {
    const ip = "203.0.113.7";
    const first = await buildTestApp({ store: db.store, env: LIMIT });
    for (let i = 0; i < 3; i++) expect((await post(first, ip)).statusCode).toBe(201);
    expectLimited(await post(first, ip));
    // Another visitor, and the same visitor's application, are counted apart.
    expect((await post(first, "198.51.100.1")).statusCode).toBe(201);
    expect((await post(first, ip, "/api/applications")).statusCode).toBe(201);
    await first.close();

    const restarted = await buildTestApp({ store: db.store, env: LIMIT });
    expectLimited(await post(restarted, ip));
    await restarted.close();
  });
});

describe("two instances on one PostgreSQL schema", () => {
  const instances = useTwoInstances({ env: LIMIT });

  it("hold the limit in total: three posts over both pass, the fourth on either is 429", async () => {
    const { first: a, second: b } = instances;
    const ip = "203.0.113.50";
    expect((await post(a, ip)).statusCode).toBe(201);
    expect((await post(b, ip)).statusCode).toBe(201);
    expect((await post(a, ip)).statusCode).toBe(201);
    expectLimited(await post(b, ip));
    expectLimited(await post(a, ip));
    expect((await post(b, "198.51.100.50")).statusCode).toBe(201);
  });
});

describe("when the counters cannot be written", () => {
  let db: TestStore;
  beforeAll(async () => {
    db = await openTestStore("pglite");
  });
  afterAll(() => db?.dispose());

  it("lets the visitor through and logs a warning (fail open), never a 500", async () => {
    const real = db.store;
    const broken: Store = {
      ...real,
      engine: real.engine,
      query: (sql, params) =>
        /\bcounters\b/.test(sql)
          ? Promise.reject(new Error("counters unavailable"))
          : real.query(sql, params),
    };
    const lines: string[] = [];
    const log = pino({ level: "warn" }, { write: (line: string) => void lines.push(line) });
    const app = await buildApp({
      config: testConfig({ RATE_LIMIT_MAX: "1" }),
      store: broken,
      loggerInstance: log,
    });
    for (let i = 0; i < 3; i++) expect((await post(app, "203.0.113.9")).statusCode).toBe(201);
    await app.close();
    const { rows } = await real.query<{ n: number }>("SELECT count(*)::int AS n FROM newsletter_subscribers");
    expect(rows[0].n).toBe(3);
    const warnings = lines
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.level === 40 && /rate limit/.test(entry.msg));
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toMatchObject({ err: { message: "counters unavailable" } });
  });
});

describe("expired counters", () => {
  let db: TestStore;
  beforeAll(async () => {
    db = await openTestStore("pglite");
  });
  afterAll(() => db?.dispose());

  const rowCount = async () =>
    (await db.store.query<{ n: number }>("SELECT count(*)::int AS n FROM counters")).rows[0].n;

  it("are purged on a timer while the app runs, and app.close() stops the timer", async () => {
    // A 200 ms window: purged about every second, by the periodic job this app is asked to run.
    const app = await buildTestApp({
      store: db.store,
      env: { RATE_LIMIT_WINDOW: "200" },
      jobs: ["rate-limit-counters"],
    });
    expect((await post(app, "203.0.113.70")).statusCode).toBe(201);
    expect(await rowCount()).toBe(1);
    const deadline = Date.now() + 5_000;
    while ((await rowCount()) > 0 && Date.now() < deadline) await sleep(100);
    expect(await rowCount()).toBe(0);

    await app.close();
    await db.store.query(
      "INSERT INTO counters (key, count, window_start, reset_at) VALUES ('left', 1, now() - interval '1 hour', now() - interval '1 minute')",
    );
    await sleep(1_300);
    expect(await rowCount()).toBe(1);
  });
});
