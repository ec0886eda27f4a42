/**
 * Test helpers for the site's analytics: an app whose analytics clock the
 * test moves, browsers told apart by their user agent (every inject comes
 * from 127.0.0.1), and event bodies as the browser's sender makes them.
 */
import { afterAll, beforeAll, beforeEach } from "vitest";
import { buildApp } from "../../server/app";
import { openTestStore, testConfig, type Engine, type TestStore } from "./server";

/** A real browser's user agent: not a bot. `n` tells visitors apart (same address in tests). */
export const browserAgent = (n: number | string = 1, device = "X11; Linux x86_64") =>
  `Mozilla/5.0 (${device}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.${n}.0 Safari/537.36`;

export const ANALYTICS_TABLES = "analytics_events, analytics_daily, analytics_rolled_days, analytics_salts";

export interface Clock {
  now: Date;
  set(iso: string): void;
  advance(ms: number): void;
}

export function testClock(start = "2026-03-10T12:00:00Z"): Clock {
  const clock: Clock = {
    now: new Date(start),
    set: (iso) => void (clock.now = new Date(iso)),
    advance: (ms) => void (clock.now = new Date(clock.now.getTime() + ms)),
  };
  return clock;
}

/** One app on a fresh store with a movable analytics clock; everything emptied before each test. */
export function useAnalyticsApp(engine: Engine, env: Record<string, string> = {}) {
  const context = {} as {
    db: TestStore;
    app: Awaited<ReturnType<typeof buildApp>>;
    clock: Clock;
  };
  beforeAll(async () => {
    context.clock = testClock();
    context.db = await openTestStore(engine);
    context.app = await buildApp({
      config: testConfig(env),
      store: context.db.store,
      logger: false,
      analyticsClock: () => context.clock.now,
    });
    await context.app.ready();
  });
  afterAll(async () => {
    await context.app?.close();
    await context.db?.dispose();
  });
  beforeEach(async () => {
    context.clock.set("2026-03-10T12:00:00Z");
    await context.app.analytics.flush();
    await context.db.reset();
    await context.db.store.exec(`TRUNCATE ${ANALYTICS_TABLES}`);
  });
  return context;
}

/** An event as the sender sends it. */
export const event = (type: string, props: Record<string, unknown> = {}) => ({
  type,
  page: "/",
  referrer: "",
  age: 0,
  ...props,
});
