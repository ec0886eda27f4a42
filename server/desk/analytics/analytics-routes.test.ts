/**
 * GET /api/desk/analytics as the desk calls it: signed-in staff only,
 * clear 400s for a bad range, and the day's numbers for a good one.
 */
import { describe, expect, it } from "vitest";
import { browserAgent, event } from "../../../test/support/analytics";
import { signedInStaff } from "../../../test/support/desk";
import { ENGINES, useTestApp } from "../../../test/support/server";
import { utcDay } from "../../analytics/visitor";

describe.each(ENGINES)("GET /api/desk/analytics (%s)", (engine) => {
  const ctx = useTestApp(engine, { resetEach: false });

  it("answers 401 without a session", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/desk/analytics" });
    expect(response.statusCode).toBe(401);
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("gives staff the last 30 days by default, and refuses a bad range with a 400", async () => {
    const { cookie } = await signedInStaff(ctx.app, { role: "staff" });
    await ctx.app.inject({
      method: "POST",
      url: "/api/events",
      headers: { "content-type": "application/json", "user-agent": browserAgent(7) },
      payload: JSON.stringify([event("pageview", { page: "/faq?utm_source=partner&utm_campaign=march" })]),
    });
    await ctx.app.analytics.flush();

    const today = utcDay(new Date());
    const response = await ctx.app.inject({ method: "GET", url: "/api/desk/analytics", headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report.daily).toHaveLength(30);
    expect(report.to).toBe(today);
    expect(report.daily.at(-1)).toEqual({ day: today, visitors: 1, pageviews: 1 });

    const narrowed = await ctx.app.inject({
      method: "GET",
      url: `/api/desk/analytics?from=${today}&to=${today}&source=partner&campaign=march`,
      headers: { cookie },
    });
    expect(narrowed.json()).toMatchObject({
      source: "partner",
      campaign: "march",
      totals: { visitors: 1, pageviews: 1 },
    });
    const elsewhere = await ctx.app.inject({
      method: "GET",
      url: `/api/desk/analytics?from=${today}&to=${today}&source=(direct)`,
      headers: { cookie },
    });
    expect(elsewhere.json().totals).toEqual({ visitors: 0, pageviews: 0 });

    for (const [query, message] of [
      ["from=2026-02-30", "That date does not exist"],
      ["to=2026-13-45", "That date does not exist"],
      ["from=yesterday", "Dates are YYYY-MM-DD"],
      ["from=2026-03-02&to=2026-03-01", "The range must start before it ends"],
      ["from=2024-01-01&to=2026-01-01", "The range is at most 366 days"],
    ]) {
      const bad = await ctx.app.inject({
        method: "GET",
        url: `/api/desk/analytics?${query}`,
        headers: { cookie },
      });
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json()).toEqual({ error: message });
    }
  });
});
