/**
 * Who can reach the desk's API: every route is closed without a session,
 * cross-site writes are refused, staff cannot use admin routes, and every
 * answer says not to cache or index it.
 */
import { describe, expect, it } from "vitest";
import type { App } from "../app";
import { deskHeaders, signedInStaff } from "../../test/support/desk";
import { ENGINES, useTestApp } from "../../test/support/server";

/** Every route of the app as "METHOD /path" (HEAD left out), from Fastify's route tree. */
function deskRoutes(app: App): { method: string; url: string }[] {
  const stack: string[] = [];
  const routes: { method: string; url: string }[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^(.*?)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = [...match[1]].length / 4;
    stack.length = depth;
    stack.push(match[2]);
    const url = stack.join("");
    for (const method of match[3]?.split(", ") ?? []) {
      if (method !== "HEAD" && url.startsWith("/api/desk/")) routes.push({ method, url });
    }
  }
  return routes;
}

const PUBLIC = new Set([
  "GET /api/desk/setup",
  "GET /api/desk/invitations/:token",
  "POST /api/desk/invitations/:token/accept",
  "POST /api/desk/sign-in",
]);
const ADMIN_PREFIXES = ["/api/desk/staff", "/api/desk/audit", "/api/desk/exports"];
/** Under an admin prefix but for every member: the active staff an application can be given to. */
const FOR_EVERY_MEMBER = new Set(["GET /api/desk/staff/active"]);
/**
 * Admin routes elsewhere: the routing rules every member reads and only admins
 * change; legal holds every member sees and only admins set or release.
 */
const ADMIN_ROUTES = new Set([
  "PUT /api/desk/assignment-rules",
  "POST /api/desk/applications/:id/legal-holds",
  "POST /api/desk/legal-holds",
  "POST /api/desk/legal-holds/:holdId/release",
]);

describe.each(ENGINES)("desk API access on %s", (engine) => {
  const ctx = useTestApp(engine, { resetEach: false });
  const fill = (url: string, id: string) => url.replace(/:\w+/g, id).replace(/\*$/, "x");

  it("finds the desk's routes", () => {
    const names = deskRoutes(ctx.app).map((route) => `${route.method} ${route.url}`);
    expect(names).toEqual(
      expect.arrayContaining([...PUBLIC, "GET /api/desk/me", "PATCH /api/desk/staff/:id"]),
    );
  });

  it("answers 401 and nothing else on every non-public route without a session", async () => {
    const someone = await signedInStaff(ctx.app, { email: `someone-${engine}@example.test` });
    const closed = deskRoutes(ctx.app).filter((route) => !PUBLIC.has(`${route.method} ${route.url}`));
    expect(closed.length).toBeGreaterThan(8);
    for (const route of closed) {
      const forged = ["desk_session=forged.value", "desk_pending=forged.value", "desk_pending=%E0%A4%A"];
      for (const cookie of [undefined, ...forged, "desk_session=%E0%A4%A.x"]) {
        const response = await ctx.app.inject({
          method: route.method as "GET",
          url: fill(route.url, someone.userId),
          headers: deskHeaders(ctx.app, cookie),
          ...(route.method === "GET" || route.method === "DELETE" ? {} : { payload: {} }),
        });
        const name = `${route.method} ${route.url} ${cookie ?? ""}`;
        expect(response.statusCode, name).toBe(401);
        expect(response.json(), name).toEqual({ error: "Sign in to continue" });
        expect(response.body, name).not.toContain(someone.email);
        expect(response.headers["cache-control"], name).toBe("no-store");
      }
    }
  });

  it("refuses state-changing requests from another origin or none, even with a valid session", async () => {
    const admin = await signedInStaff(ctx.app, { role: "admin" });
    const attempts = [{ origin: "https://evil.example" }, {}, { origin: "null" }];
    for (const headers of attempts) {
      const invite = await ctx.app.inject({
        method: "POST",
        url: "/api/desk/staff/invitations",
        headers: { ...headers, cookie: admin.cookie },
        payload: { email: `forged-${engine}@example.test`, role: "admin" },
      });
      expect(invite.statusCode, JSON.stringify(headers)).toBe(403);
      expect(invite.json()).toEqual({ error: "Cross-site request refused" });
      const signOut = await ctx.app.inject({
        method: "POST",
        url: "/api/desk/sign-out",
        headers: { ...headers, cookie: admin.cookie },
      });
      expect(signOut.statusCode).toBe(403);
    }
    const invited = await ctx.db.store.query("SELECT 1 FROM desk_invitations WHERE email = $1", [
      `forged-${engine}@example.test`,
    ]);
    expect(invited.rows).toHaveLength(0);
    // The session survived the forged sign-out.
    const me = await ctx.app.inject({
      method: "GET",
      url: "/api/desk/me",
      headers: { cookie: admin.cookie },
    });
    expect(me.statusCode).toBe(200);
  });

  it("gives staff 403 on every admin route", async () => {
    const staff = await signedInStaff(ctx.app);
    const adminRoutes = deskRoutes(ctx.app).filter((route) => {
      const name = `${route.method} ${route.url}`;
      if (FOR_EVERY_MEMBER.has(name)) return false;
      return ADMIN_ROUTES.has(name) || ADMIN_PREFIXES.some((prefix) => route.url.startsWith(prefix));
    });
    expect(adminRoutes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining([...ADMIN_ROUTES]),
    );
    expect(adminRoutes.length).toBeGreaterThanOrEqual(5);
    for (const route of adminRoutes) {
      const response = await ctx.app.inject({
        method: route.method as "GET",
        url: fill(route.url, staff.userId),
        headers: deskHeaders(ctx.app, staff.cookie),
        ...(route.method === "GET" || route.method === "DELETE" ? {} : { payload: { role: "admin" } }),
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.json()).toEqual({ error: "Only an admin can do this" });
    }
    const others = await ctx.app.inject({
      method: "GET",
      url: "/api/desk/sessions?userId=someone-else",
      headers: { cookie: staff.cookie },
    });
    expect(others.statusCode).toBe(403);
    // Still staff.
    const me = await ctx.app.inject({
      method: "GET",
      url: "/api/desk/me",
      headers: { cookie: staff.cookie },
    });
    expect(me.json().role).toBe("staff");
  });

  it("marks every desk answer no-store, noindex and with the site's CSP, unknown paths included", async () => {
    for (const url of ["/api/desk/setup", "/api/desk/me", "/api/desk/no-such-thing"]) {
      const response = await ctx.app.inject({ method: "GET", url });
      expect(response.headers["cache-control"], url).toBe("no-store");
      expect(response.headers["x-robots-tag"], url).toBe("noindex, nofollow");
      expect(response.headers["content-security-policy"], url).toContain("default-src 'none'");
    }
    const missing = await ctx.app.inject({ method: "GET", url: "/api/desk/no-such-thing" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: "Not Found" });
  });

  it("answers bad bodies with a 4xx, never a 500", async () => {
    const bodies = ["not json", "[]", '"text"', '{"email": 5, "password": []}', "{".repeat(100)];
    for (const url of ["/api/desk/sign-in", "/api/desk/sign-in/code", "/api/desk/invitations/x/accept"]) {
      for (const body of bodies) {
        const response = await ctx.app.inject({
          method: "POST",
          url,
          headers: { ...deskHeaders(ctx.app), "content-type": "application/json" },
          payload: body,
        });
        expect(response.statusCode, `${url} ${body}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${url} ${body}`).toBeLessThan(500);
      }
    }
    const form = await ctx.app.inject({
      method: "POST",
      url: "/api/desk/sign-in",
      headers: { ...deskHeaders(ctx.app), "content-type": "application/x-www-form-urlencoded" },
      payload: "email=a&password=b",
    });
    expect(form.statusCode).toBe(415);
  });
});
