/**
 * POST /api/events through the real app, on both engines: what a visitor's
 * browser, a bot, a visitor with Global Privacy Control and an attacker see,
 * and what ends up stored.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BROWSER_EVENTS, VALIDATION_CODES } from "#domain/analytics/events";
import { applicationFields } from "#domain/application/steps";
import { browserAgent, event, useAnalyticsApp } from "../../test/support/analytics";
import { ENGINES } from "../../test/support/server";
import { loadConfig } from "../config";
import { incomingEventsSchema } from "#domain/analytics/incoming";

interface StoredEvent {
  name: string;
  visitor_key: string | null;
  path: string | null;
  prev_path: string | null;
  referrer_host: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  device: string | null;
  step: number | null;
  field: string | null;
  code: string | null;
  at: Date | string;
}

describe.each(ENGINES)("POST /api/events (%s)", (engine) => {
  const ctx = useAnalyticsApp(engine);

  const send = (body: unknown, headers: Record<string, string> = {}, remoteAddress = "203.0.113.7") =>
    ctx.app.inject({
      method: "POST",
      url: "/api/events",
      headers: { "content-type": "application/json", "user-agent": browserAgent(), ...headers },
      payload: typeof body === "string" ? body : JSON.stringify(body),
      remoteAddress,
    });

  async function stored(): Promise<StoredEvent[]> {
    await ctx.app.analytics.flush();
    const { rows } = await ctx.db.store.query<StoredEvent>(
      "SELECT name, visitor_key::text AS visitor_key, path, prev_path, referrer_host, utm_source, utm_medium, utm_campaign, device, step, field, code, at FROM analytics_events ORDER BY id",
    );
    return rows;
  }

  it("keeps a page view's path, campaign, referring host and device, never its query string", async () => {
    const response = await send(
      [
        event("pageview", {
          page: "/products/sba-loans?utm_source=Newsletter&utm_medium=email&utm_campaign=spring&email=ada@example.com",
          referrer: "https://www.Google.com/search?q=funding",
          age: 1500,
        }),
      ],
      { "user-agent": browserAgent(1, "iPhone; CPU iPhone OS 17_0 like Mac OS X") + " Mobile" },
    );
    expect(response.statusCode).toBe(202);
    expect(response.body).toBe("");
    const [row] = await stored();
    expect(row).toMatchObject({
      name: "pageview",
      path: "/products/sba-loans",
      utm_source: "Newsletter",
      utm_medium: "email",
      utm_campaign: "spring",
      referrer_host: "www.google.com",
      prev_path: null,
      device: "mobile",
    });
    expect(row.visitor_key).toMatch(/^-?\d+$/);
    expect(JSON.stringify(row)).not.toContain("ada@example.com");
    // Dated when it happened by our clock: 1.5 s before it arrived.
    expect(new Date(row.at).getTime()).toBe(ctx.clock.now.getTime() - 1500);
  });

  it("records the previous page of our own site as a path, not as a source", async () => {
    await send([
      event("step_viewed", { step: 1, page: "/", referrer: "http://localhost:3000/products/bridge-funding" }),
    ]);
    const [row] = await stored();
    expect(row).toMatchObject({
      name: "step_viewed",
      step: 1,
      path: "/",
      prev_path: "/products/bridge-funding",
    });
    expect(row.referrer_host).toBeNull();
  });

  it("keys one browser the same all day, and another browser or another day differently", async () => {
    await send([event("pageview")]);
    await send([event("pageview", { page: "/faq" })]);
    await send([event("pageview")], { "user-agent": browserAgent(2) });
    await send([event("pageview")], {}, "198.51.100.9");
    ctx.clock.advance(24 * 3600_000);
    await send([event("pageview")]);
    const keys = (await stored()).map((row) => row.visitor_key);
    expect(keys[0]).toBe(keys[1]);
    expect(new Set(keys).size).toBe(4);
  });

  it("counts a visitor who sends Global Privacy Control as a page view with no visitor key", async () => {
    expect((await send([event("pageview", { page: "/faq" })], { "sec-gpc": "1" })).statusCode).toBe(202);
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "pageview", path: "/faq", visitor_key: null });
    const report = await ctx.app.analytics.report({ from: "2026-03-10", to: "2026-03-10" });
    expect(report.totals).toEqual({ visitors: 0, pageviews: 1 });
  });

  it("answers bots and clients without a user agent 202 and counts nothing", async () => {
    const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    const headless =
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/130.0.0.0 Safari/537.36";
    for (const agent of [googlebot, headless, "curl/8.5.0", ""]) {
      expect((await send([event("pageview")], { "user-agent": agent })).statusCode).toBe(202);
    }
    expect(await stored()).toEqual([]);
  });

  it("refuses what is not JSON, too large, or outside the list, with a 4xx and nothing stored", async () => {
    const cases: [unknown, Record<string, string>, number][] = [
      [[event("pageview")], { "content-type": "text/plain" }, 415],
      ["[{", {}, 400],
      [{ type: "pageview", page: "/" }, {}, 400],
      [[], {}, 400],
      [[event("purchase")], {}, 400],
      [[event("pageview", { email: "ada@example.com" })], {}, 400],
      [[event("field_error", { field: "email", code: "invalid_format", value: "ada@" })], {}, 400],
      [[event("field_error", { field: "password", code: "too_small" })], {}, 400],
      [[event("step_viewed", { step: 5 })], {}, 400],
      [[event("pageview", { page: "//evil.example/x" })], {}, 400],
      [Array.from({ length: 51 }, () => event("pageview")), {}, 400],
      [[event("pageview", { page: `/${"x".repeat(9000)}` })], {}, 413],
    ];
    for (const [body, headers, status] of cases) {
      const response = await send(body, headers);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(response.json()).toHaveProperty("error");
    }
    expect(await stored()).toEqual([]);
  });

  it("gives only 4xx for fuzzed bodies, and stores nothing of them", async () => {
    const known = fc.constantFrom(...BROWSER_EVENTS);
    const value = fc.oneof(
      fc.jsonValue(),
      fc.string({ maxLength: 30 }),
      fc.integer(),
      fc.constantFrom(
        ...applicationFields,
        ...VALIDATION_CODES,
        "\u0000",
        "/",
        "//x",
        "-1",
        Number.MAX_VALUE,
      ),
    );
    const eventish = fc.oneof(
      fc.dictionary(fc.constantFrom("type", "page", "referrer", "age", "step", "field", "code", "x"), value, {
        maxKeys: 7,
      }),
      fc.record({ type: known, page: value, step: value, field: value, code: value }, { requiredKeys: [] }),
      fc.jsonValue(),
    );
    const body = fc.oneof(
      fc.array(eventish, { maxLength: 60 }),
      fc.jsonValue(),
      fc.string({ maxLength: 50 }),
    );
    await fc.assert(
      fc.asyncProperty(body, async (candidate) => {
        fc.pre(!incomingEventsSchema.safeParse(candidate).success);
        const response = await send(typeof candidate === "string" ? candidate : JSON.stringify(candidate));
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
      }),
      { numRuns: 300 },
    );
    expect(await stored()).toEqual([]);
  });
});

describe("POST /api/events rate limit", () => {
  const ctx = useAnalyticsApp("pglite", { ANALYTICS_RATE_LIMIT_MAX: "3", RATE_LIMIT_MAX: "1" });

  it("answers 429 with Retry-After once an address has sent its allowance", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await ctx.app.inject({
        method: "POST",
        url: "/api/events",
        headers: { "content-type": "application/json", "user-agent": browserAgent() },
        payload: JSON.stringify([event("pageview")]),
        remoteAddress: "203.0.113.50",
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(response.headers["retry-after"]).toBeDefined();
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
  });

  it("allows an address more event batches than form posts by default", () => {
    const defaults = loadConfig({});
    expect(defaults.analytics.rateLimitMax).toBeGreaterThanOrEqual(defaults.rateLimit.max * 10);
  });
});
