/**
 * Hostile query strings, path parameters and cookies on every route of the
 * running app (listed from app.printRoutes, so a new route is covered without
 * touching this file), with and without a session, over http and https
 * (`__Host-` cookie names), on both engines. Whatever arrives: no 5xx, no
 * error-level log line (operators alert on those), and under /api/desk a bad
 * parameter is a 400 naming it and a malformed cookie is no cookie.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../app";
import { ENGINES, openTestStore, testConfig, type TestStore } from "../../test/support/server";
import { deskHeaders, signedInStaff } from "../../test/support/desk";

interface Route {
  method: string;
  url: string;
}

/** Every method and path of the app, from Fastify's own route tree (HEAD left out: it is GET's twin). */
function listRoutes(app: App): Route[] {
  const path: string[] = [];
  const routes: Route[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    path.length = match[1].length / 4;
    path.push(match[2]);
    for (const method of match[3]?.split(", ") ?? []) {
      if (method !== "HEAD") routes.push({ method, url: path.join("") });
    }
  }
  return routes;
}

/** Every query parameter a desk route reads, plus one no route knows. */
const QUERY_NAMES = [
  "q",
  "state",
  "fundingType",
  "from",
  "to",
  "source",
  "campaign",
  "cursor",
  "limit",
  "action",
  "actor",
  "userId",
  "phone",
  "email",
  "status",
  "token",
  "id",
  "unknown",
];

/** Percent-encoded values (as they travel in a URL) that no parameter may hold. */
const FIXED_HOSTILE = ["%00abc", "a%08b", "%1B%5B31m", "%7F", "%C0", "%ED%A0%80", "%FF%FE", "%E2%82"];

const encode = (text: string) => encodeURIComponent(text);

/** Hostile units: control characters, bytes that are not UTF-8, an encoded lone surrogate. */
const hostileUnit = fc.oneof(
  fc
    .integer({ min: 0, max: 0x1f })
    // Tab and line breaks are whitespace a pasted value may carry (unsafe-params.ts).
    .filter((code) => ![0x09, 0x0a, 0x0d].includes(code))
    .map((code) => `%${code.toString(16).padStart(2, "0").toUpperCase()}`),
  fc.constantFrom("%7F", "%C0", "%C1%BF", "%ED%A0%80", "%ED%BF%BF", "%FF", "%E2%82", "%F0%9F", "%80"),
);
const ordinaryUnit = fc.oneof(
  fc.string({ maxLength: 6 }).map(encode),
  fc.constantFrom("'%20OR%201%3D1--", "..%2F", "%F0%9F%98%80", "%C3%A9", "%25", "%2B"),
);
/** Whether an encoded value holds a byte sequence that is not UTF-8 or a control character other than tab and line breaks. */
function isHostile(encoded: string): boolean {
  try {
    return [...decodeURIComponent(encoded)].some((char) => {
      const code = char.charCodeAt(0);
      return (code < 0x20 && ![0x09, 0x0a, 0x0d].includes(code)) || code === 0x7f;
    });
  } catch {
    return true;
  }
}

/** Ordinary text with at least one hostile unit somewhere in it. */
const hostileValue = fc
  .tuple(
    fc.array(ordinaryUnit, { maxLength: 3 }),
    hostileUnit,
    fc.array(fc.oneof(ordinaryUnit, hostileUnit), { maxLength: 3 }),
  )
  .map(([before, bad, after]) => [...before, bad, ...after].join(""))
  // Units side by side can make a valid character ("%E2%82" then "%80" is "₀"): keep only what stays hostile.
  .filter(isHostile);

const paramsOf = (url: string) => [...url.matchAll(/:(\w+)/g)].map((match) => match[1]);

/** The route's path with `value` (already encoded) for `param` and a plausible id for the others. */
const fill = (url: string, param?: string, value?: string) =>
  url
    .replace(/:(\w+)/g, (_, name: string) => (name === param ? value! : randomUUID()))
    .replace("*", param === "*" ? value! : "x");

describe.each(ENGINES)("hostile parameters and cookies on %s", (engine) => {
  let db: TestStore;
  const apps = {} as Record<"http" | "https", App>;
  const errorLines: string[] = [];
  let routes: Route[];

  // The desk's page from a tiny stand-in build: this suite runs before `npm run build` does.
  const deskDir = mkdtempSync(join(tmpdir(), "harborline-fuzz-desk-"));
  mkdirSync(join(deskDir, "assets"));
  writeFileSync(join(deskDir, "index.html"), "<!doctype html><title>Lead desk</title>");
  writeFileSync(join(deskDir, "assets", "desk-abc123.js"), "export {};");

  const build = (siteUrl: string) =>
    buildApp({
      config: testConfig({ SITE_URL: siteUrl, RATE_LIMIT_MAX: "1000000", DESK_DIR: deskDir }),
      store: db.store,
      logger: {
        level: "warn",
        stream: {
          write: (line: string) => {
            if (JSON.parse(line).level >= 50) errorLines.push(line);
          },
        },
      },
    });

  beforeAll(async () => {
    db = await openTestStore(engine);
    apps.http = await build("http://localhost:3000");
    apps.https = await build("https://desk.example.test");
    await Promise.all([apps.http.ready(), apps.https.ready()]);
    routes = listRoutes(apps.http).filter((route) => route.method !== "OPTIONS" || route.url !== "*");
  });
  afterAll(async () => {
    await apps.http?.close();
    await apps.https?.close();
    await db?.dispose();
    rmSync(deskDir, { recursive: true, force: true });
  });

  /** A signed-in admin on this app (made again after a change that may have ended it). */
  const sessions = new Map<App, string>();
  async function adminCookie(app: App): Promise<string> {
    let cookie = sessions.get(app);
    if (!cookie) {
      cookie = (await signedInStaff(app, { role: "admin" })).cookie;
      sessions.set(app, cookie);
    }
    return cookie;
  }

  async function send(app: App, route: Route, url: string, cookie?: string) {
    const response = await app.inject({
      method: route.method as "GET",
      url,
      headers: { ...deskHeaders(app, cookie), "content-type": "application/json" },
      ...(route.method === "GET" || route.method === "DELETE" ? {} : { payload: "{}" }),
    });
    // A sign-out or an ended session: the next request with a session signs in again.
    if (route.method !== "GET" && response.statusCode < 400) sessions.delete(app);
    return response;
  }

  /** What every answer must be: not a 5xx, no stack, no error log line; a JSON error in our shape. */
  function expectHandled(response: Awaited<ReturnType<typeof send>>, what: string) {
    expect(response.statusCode, `${what}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
    expect(response.body).not.toMatch(/at .*\.(js|ts):\d+/);
    expect(errorLines.splice(0), what).toEqual([]);
    if (
      response.statusCode >= 400 &&
      String(response.headers["content-type"]).startsWith("application/json")
    ) {
      const body = response.json();
      expect(Object.keys(body).sort(), what).toEqual(body.errors ? ["error", "errors"] : ["error"]);
      expect(typeof body.error).toBe("string");
    }
  }

  const deskRoutes = () => routes.filter((route) => route.url.startsWith("/api/desk/"));

  it("lists the desk's routes from the running app", () => {
    expect(deskRoutes()).toEqual(
      expect.arrayContaining([
        { method: "GET", url: "/api/desk/audit" },
        { method: "GET", url: "/api/desk/analytics" },
        { method: "GET", url: "/api/desk/sessions" },
        { method: "DELETE", url: "/api/desk/sessions/:id" },
        { method: "PATCH", url: "/api/desk/staff/:id" },
        { method: "POST", url: "/api/desk/sign-in/code" },
      ]),
    );
    expect(deskRoutes().length).toBeGreaterThan(25);
  });

  it.each([
    ["without a session", false],
    ["with an admin's session", true],
  ])(
    "answers a hostile value in any query parameter or path parameter of a desk route 400, naming it (%s)",
    async (_, withSession) => {
      for (const scheme of ["http", "https"] as const) {
        const app = apps[scheme];
        for (const route of deskRoutes()) {
          const params = paramsOf(route.url);
          const names = [
            ...QUERY_NAMES.map((name) => ({ name, where: "query" })),
            ...params.map((name) => ({ name, where: "path" })),
          ];
          for (const { name, where } of names) {
            for (const value of where === "path" ? FIXED_HOSTILE : FIXED_HOSTILE.slice(0, 2).concat("%C0")) {
              const cookie = withSession ? await adminCookie(app) : undefined;
              const url =
                where === "path" ? fill(route.url, name, value) : `${fill(route.url)}?${name}=${value}`;
              const what = `${scheme} ${route.method} ${url}`;
              const response = await send(app, route, url, cookie);
              expectHandled(response, what);
              expect(response.statusCode, what).toBe(400);
              // A path that is not UTF-8 is refused before routing, as a malformed URL.
              if (where === "path" && /%(C0|ED|FF|E2)/.test(value))
                expect(response.json().error).toBe("Malformed URL");
              else
                expect(response.json(), what).toEqual({
                  error: expect.stringContaining(name),
                  errors: { [name]: expect.any(String) },
                });
            }
          }
        }
      }
    },
    300_000,
  );

  it("answers random hostile parameters on every route of the app (the site's too) without a 5xx or an error log", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.constantFrom("http", "https"),
        fc.boolean(),
        fc.oneof(fc.constantFrom(...QUERY_NAMES), fc.string({ maxLength: 8 }).map(encode), hostileValue),
        hostileValue,
        fc.boolean(),
        async (route, scheme, inPath, name, value, withSession) => {
          const app = apps[scheme as "http" | "https"];
          const params = route.url.includes("*") ? [...paramsOf(route.url), "*"] : paramsOf(route.url);
          const url =
            inPath && params.length > 0
              ? fill(route.url, params[value.length % params.length], value)
              : `${fill(route.url)}?${name}=${value}`;
          const cookie = withSession ? await adminCookie(app) : undefined;
          const response = await send(app, route, url, cookie);
          expectHandled(response, `${scheme} ${route.method} ${url}`);
          if (route.url.startsWith("/api/desk/") && !inPath) expect(response.statusCode).toBe(400);
        },
      ),
      { numRuns: 400 },
    );
  }, 300_000);

  it.each(["http", "https"] as const)(
    "takes a malformed session or pending cookie for no cookie (%s): 401 Sign in to continue, no error log",
    async (scheme) => {
      const app = apps[scheme];
      const prefix = scheme === "https" ? "__Host-" : "";
      for (const value of [
        ...FIXED_HOSTILE,
        "%00",
        "%0D%0Aset-cookie:%20x",
        "%E2%82%AC",
        "%22quoted%22",
        "a%3Bb",
        "x".repeat(5000),
      ]) {
        const me = await app.inject({
          method: "GET",
          url: "/api/desk/me",
          headers: { cookie: `${prefix}desk_session=${value}` },
        });
        expectHandled(me, `session cookie ${value}`);
        expect(me.statusCode, value).toBe(401);
        expect(me.json()).toEqual({ error: "Sign in to continue" });

        const code = await app.inject({
          method: "POST",
          url: "/api/desk/sign-in/code",
          headers: deskHeaders(app, `${prefix}desk_pending=${value}`),
          payload: { code: "123456" },
        });
        expectHandled(code, `pending cookie ${value}`);
        expect(code.statusCode, value).toBe(401);
        expect(code.json()).toEqual({ error: "Sign in to continue" });
      }
    },
  );

  it("answers random hostile cookies beside a real session, or alone, on every desk route without a 5xx", async () => {
    const cookieValue = fc.oneof(hostileValue, fc.string({ maxLength: 20 }), fc.constant("%00abc"));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...deskRoutes()),
        fc.constantFrom("http", "https"),
        fc.constantFrom("desk_session", "desk_pending"),
        cookieValue,
        fc.boolean(),
        async (route, scheme, name, value, withSession) => {
          const app = apps[scheme as "http" | "https"];
          const hostile = `${scheme === "https" ? "__Host-" : ""}${name}=${value}`;
          const session = withSession && name === "desk_pending" ? await adminCookie(app) : undefined;
          const cookie = session ? `${session}; ${hostile}` : hostile;
          const response = await send(app, route, fill(route.url), cookie);
          expectHandled(response, `${scheme} ${route.method} ${route.url} cookie ${hostile}`);
        },
      ),
      { numRuns: 200 },
    );
  }, 300_000);
});
