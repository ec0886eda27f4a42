/**
 * The dashboard's numbers for a scripted day of visitors, on both engines:
 * the browser's events and the server's own record of each application
 * (accepted, spam, refused, sent twice, delivered), the funnel counted as
 * the application moves on, the same numbers from the roll-up once the day is
 * final, and after the raw events are gone. Then the daily salt.
 */
import { describe, expect, it } from "vitest";
import { HONEYPOT_FIELD } from "#domain/application/schema";
import type { AnalyticsReport } from "#domain/desk/contract";
import { browserAgent, event, useAnalyticsApp } from "../../test/support/analytics";
import { ENGINES, validApplication } from "../../test/support/server";

const DAY = "2026-03-10";

describe.each(ENGINES)("the analytics report (%s)", (engine) => {
  const ctx = useAnalyticsApp(engine, { ANALYTICS_RETENTION: "4d" });

  /** One browser: its own user agent (every inject comes from the same address). */
  function visitor(n: number, headers: Record<string, string> = {}) {
    const userAgent = browserAgent(n);
    return {
      events: (...events: object[]) =>
        ctx.app.inject({
          method: "POST",
          url: "/api/events",
          headers: { "content-type": "application/json", "user-agent": userAgent, ...headers },
          payload: JSON.stringify(events),
        }),
      apply: (body: Record<string, unknown>) =>
        ctx.app.inject({
          method: "POST",
          url: "/api/applications",
          headers: { "content-type": "application/json", "user-agent": userAgent, ...headers },
          payload: JSON.stringify(body),
        }),
    };
  }

  const wizard = (lastCompleted: number) =>
    Array.from({ length: lastCompleted }, (_, index) => [
      event("step_viewed", { step: index + 1 }),
      event("step_completed", { step: index + 1 }),
    ]).flat();

  const report = (query: Partial<{ source: string; campaign: string }> = {}) =>
    ctx.app.analytics.report({ from: DAY, to: DAY, ...query });

  async function scriptedDay() {
    // A: from a newsletter campaign to a product page, then the application:
    // one e-mail error on the way, submitted, accepted; sends it twice.
    const a = visitor(1);
    await a.events(
      event("pageview", { page: "/products/growth-capital?utm_source=newsletter&utm_campaign=spring" }),
      event("consultation_opened", { page: "/products/growth-capital" }),
      event("booking_loaded", { page: "/products/growth-capital" }),
    );
    ctx.clock.advance(60_000);
    const fromProduct = { referrer: "http://localhost:3000/products/growth-capital" };
    await a.events(
      event("pageview", { page: "/", ...fromProduct }),
      ...wizard(2).map((item) => ({ ...item, ...fromProduct })),
      event("step_viewed", { step: 3 }),
      event("field_error", { field: "email", code: "invalid_format" }),
      event("step_completed", { step: 3 }),
      event("step_viewed", { step: 4 }),
      event("submit_pressed"),
      event("step_completed", { step: 4 }),
    );
    const application = validApplication({ email: "ada.funnel@example.com" });
    expect((await a.apply(application)).statusCode).toBe(201);
    expect((await a.apply(application)).statusCode).toBe(200);

    // B: from a search engine, leaves after step 1; signs up for the newsletter.
    const b = visitor(2);
    await b.events(
      event("pageview", { referrer: "https://www.google.com/" }),
      ...wizard(1),
      event("step_viewed", { step: 2 }),
      event("newsletter_subscribed"),
    );
    // C: direct, submits with the honeypot filled: held as spam.
    const c = visitor(3);
    await c.events(event("pageview"), ...wizard(4));
    expect((await c.apply(validApplication({ [HONEYPOT_FIELD]: "https://spam.example" }))).statusCode).toBe(
      201,
    );
    // D: direct, submits a phone number the server refuses.
    const d = visitor(4);
    await d.events(event("pageview"), ...wizard(4));
    expect((await d.apply(validApplication({ phone: "12" }))).statusCode).toBe(400);
    // E: its "completed step 1" came before it ever saw step 1: not counted past the first step.
    const e = visitor(5);
    await e.events(
      event("pageview"),
      event("step_completed", { step: 1, age: 5000 }),
      event("step_viewed", { step: 1, age: 0 }),
    );
    // G: Global Privacy Control: a page view, no visitor.
    await visitor(6, { "sec-gpc": "1" }).events(
      event("pageview", { page: "/faq" }),
      event("step_viewed", { step: 1 }),
    );
    // A crawler: nothing.
    await ctx.app.inject({
      method: "POST",
      url: "/api/events",
      headers: {
        "content-type": "application/json",
        "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)",
      },
      payload: JSON.stringify([event("pageview")]),
    });
    await ctx.app.analytics.flush();
    return { applicationEmail: application.email };
  }

  const funnelOf = (result: AnalyticsReport) =>
    Object.fromEntries(result.funnel.map((step) => [step.step, step.visitors]));
  const countsOf = (list: { id: string; count: number }[]) =>
    Object.fromEntries(list.map((item) => [item.id, item.count]));

  function expectScriptedNumbers(result: AnalyticsReport, delivered: number) {
    expect(result.totals).toEqual({ visitors: 5, pageviews: 7 });
    expect(result.daily).toEqual([{ day: DAY, visitors: 5, pageviews: 7 }]);
    expect(funnelOf(result)).toEqual({
      step1_viewed: 5,
      step1_completed: 4,
      step2_completed: 3,
      step3_completed: 3,
      submitted: 3,
      accepted: 1,
      delivered,
    });
    expect(result.funnel.map((step) => step.dropOff)).toEqual([null, 1, 1, 0, 0, 2, 1 - delivered]);
    expect(countsOf(result.outcomes)).toEqual({
      application_accepted: 1,
      application_quarantined: 1,
      application_rejected: 1,
      application_duplicate: 1,
    });
    expect(countsOf(result.intents)).toEqual({
      consultation_opened: 1,
      booking_loaded: 1,
      newsletter_subscribed: 1,
      product_to_application: 1,
      submit_pressed: 1,
    });
    expect(result.fieldErrors).toEqual([
      { side: "browser", field: "email", code: "invalid_format", count: 1 },
      { side: "server", field: "phone", code: "too_small", count: 1 },
    ]);
    expect(result.topSources).toEqual([
      { source: "(direct)", visitors: 3 },
      { source: "newsletter", visitors: 1 },
      { source: "www.google.com", visitors: 1 },
    ]);
    expect(result.bySource.find((row) => row.source === "newsletter")).toEqual({
      source: "newsletter",
      visitors: 1,
      started: 1,
      submitted: 1,
      accepted: 1,
      delivered,
      conversion: 1,
    });
    expect(result.bySource.find((row) => row.source === "(direct)")).toMatchObject({
      visitors: 3,
      started: 3,
      submitted: 2,
      accepted: 0,
    });
    expect(result.topPages).toEqual([
      { path: "/", pageviews: 5 },
      { path: "/faq", pageviews: 1 },
      { path: "/products/growth-capital", pageviews: 1 },
    ]);
    expect(result.devices).toEqual([{ device: "desktop", visitors: 5 }]);
  }

  it("counts the funnel to the server's outcome, then to the CRM, and keeps the numbers through roll-up and retention", async () => {
    const { applicationEmail } = await scriptedDay();

    // The server recorded each outcome itself, under the visitor's own key, with no value.
    const { rows } = await ctx.db.store.query<{
      name: string;
      same_visitor: boolean;
      field: string | null;
      code: string | null;
    }>(
      `SELECT e.name, e.field, e.code,
              e.visitor_key = (SELECT visitor_key FROM analytics_events WHERE name = 'pageview' AND utm_campaign = 'spring') AS same_visitor
         FROM analytics_events e WHERE e.name LIKE 'application_%' OR e.name = 'server_field_error' ORDER BY e.id`,
    );
    expect(rows.map((row) => row.name)).toEqual([
      "application_accepted",
      "application_duplicate",
      "application_quarantined",
      "application_rejected",
      "server_field_error",
    ]);
    expect(rows.slice(0, 2).every((row) => row.same_visitor)).toBe(true);
    expect(rows[4]).toMatchObject({ field: "phone", code: "too_small" });
    const everything = await ctx.db.store.query(
      "SELECT name, path, prev_path, referrer_host, utm_source, utm_campaign, field, code FROM analytics_events",
    );
    expect(JSON.stringify(everything.rows)).not.toContain(applicationEmail);

    // Accepted but not yet with the CRM.
    expectScriptedNumbers(await report(), 0);

    // The delivery worker marks it delivered: the funnel reaches its end.
    await ctx.db.store.query(
      "UPDATE outbox SET status = 'delivered', delivered_at = now() WHERE application_id = (SELECT id FROM applications WHERE email = $1)",
      [applicationEmail],
    );
    expectScriptedNumbers(await report(), 1);

    // One source or one campaign narrows everything to its visitors.
    const spring = await report({ campaign: "spring" });
    expect(spring.totals).toEqual({ visitors: 1, pageviews: 2 });
    expect(funnelOf(spring)).toMatchObject({ step1_viewed: 1, submitted: 1, accepted: 1, delivered: 1 });
    const direct = await report({ source: "(direct)" });
    expect(direct.totals.visitors).toBe(3);
    expect(funnelOf(direct)).toMatchObject({
      step1_viewed: 3,
      step1_completed: 2,
      submitted: 2,
      accepted: 0,
    });

    // Once the day is over it is rolled up, and again at each run until it is final; the
    // report reads the roll-up, and the raw events stay while it is not final.
    ctx.clock.set("2026-03-12T23:00:00Z");
    expect(await ctx.app.analytics.upkeep()).toMatchObject({ rolled: [DAY, "2026-03-11"], purgedEvents: 0 });
    expectScriptedNumbers(await report(), 1);
    ctx.clock.set("2026-03-13T00:30:00Z");
    expect((await ctx.app.analytics.upkeep()).rolled).toEqual([DAY, "2026-03-11", "2026-03-12"]);
    expect((await ctx.app.analytics.upkeep()).rolled).toEqual(["2026-03-11", "2026-03-12"]);
    expectScriptedNumbers(await report(), 1);
    expect((await report({ campaign: "spring" })).totals).toEqual({ visitors: 1, pageviews: 2 });

    // Past ANALYTICS_RETENTION (4 days here) the raw events are deleted; the numbers stay.
    ctx.clock.set("2026-03-14T11:59:00Z");
    expect((await ctx.app.analytics.upkeep()).purgedEvents).toBe(0);
    ctx.clock.set("2026-03-14T12:30:00Z");
    const purged = (await ctx.app.analytics.upkeep()).purgedEvents;
    expect(purged).toBeGreaterThan(20);
    expect((await ctx.db.store.query("SELECT 1 FROM analytics_events")).rows).toEqual([]);
    expectScriptedNumbers(await report(), 1);
  });

  it("counts an acceptance whose browser record arrives up to a minute after it, not later", async () => {
    for (const [n, gapMs] of [
      [11, 20_000],
      [12, 120_000],
    ] as const) {
      const browser = visitor(n);
      await browser.events(event("pageview"));
      // The application is answered first; the batch with the click that sent it comes later.
      expect((await browser.apply(validApplication())).statusCode).toBe(201);
      ctx.clock.advance(gapMs);
      await browser.events(...wizard(4));
    }
    await ctx.app.analytics.flush();
    expect(funnelOf(await report())).toMatchObject({ submitted: 2, accepted: 1 });
  });

  it("never deletes raw events of a day that is not rolled up, whatever the retention", async () => {
    await visitor(1).events(event("pageview"));
    await ctx.app.analytics.flush();
    // The roll-up of 2026-03-10 would be due, but the store refuses it this once.
    await ctx.db.store.exec("ALTER TABLE analytics_daily ADD CONSTRAINT refuse_all CHECK (false)");
    try {
      ctx.clock.set("2026-03-20T00:00:00Z");
      await expect(ctx.app.analytics.upkeep()).rejects.toThrow();
    } finally {
      await ctx.db.store.exec("ALTER TABLE analytics_daily DROP CONSTRAINT refuse_all");
    }
    expect((await ctx.db.store.query("SELECT 1 FROM analytics_events")).rows).toHaveLength(1);
    // Once it is rolled, the purge follows in the same run.
    expect(await ctx.app.analytics.upkeep()).toMatchObject({
      rolled: expect.arrayContaining([DAY]),
      purgedEvents: 1,
    });
    expect((await report()).totals).toEqual({ visitors: 1, pageviews: 1 });
  });

  it("uses a new salt every UTC day and deletes a salt within 48 hours of its day's start", async () => {
    const salts = async () =>
      (
        await ctx.db.store.query<{ day: string }>("SELECT day::text AS day FROM analytics_salts ORDER BY day")
      ).rows.map((row) => row.day);
    const keys: string[] = [];
    const page = async () => {
      await visitor(1).events(event("pageview"));
      await ctx.app.analytics.flush();
      const { rows } = await ctx.db.store.query<{ key: string }>(
        "SELECT visitor_key::text AS key FROM analytics_events ORDER BY id DESC LIMIT 1",
      );
      keys.push(rows[0].key);
    };

    ctx.clock.set("2026-04-01T10:00:00Z");
    await page();
    await page();
    expect(await salts()).toEqual(["2026-04-01"]);

    ctx.clock.set("2026-04-02T00:00:01Z");
    await page();
    expect(await salts()).toEqual(["2026-04-01", "2026-04-02"]);

    // 48 hours after 1 April began, its salt is gone: that day's keys can no longer be recomputed.
    ctx.clock.set("2026-04-03T00:00:00Z");
    await page();
    expect(await salts()).toEqual(["2026-04-02", "2026-04-03"]);

    expect(keys[0]).toBe(keys[1]);
    expect(new Set(keys).size).toBe(3);

    // Without traffic the hourly upkeep deletes them too.
    ctx.clock.set("2026-04-05T00:00:00Z");
    await ctx.app.analytics.upkeep();
    expect(await salts()).toEqual([]);
  });
});
