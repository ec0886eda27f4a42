import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import {
  FIXTURE_INLINE_SCRIPTS,
  buildTestApp,
  createFixtureSite,
  openTestStore,
  stubStore,
  testConfig,
  type FixtureSite,
} from "../test/support/server";
import { inlineScriptHashes } from "./site/csp-hashes.mjs";
import { pageScriptLoader } from "../scripts/page-script.mjs";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

const sha = (script: string) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`;
/** The inline loader postbuild adds to each page that does not hydrate. */
const pageLoader = pageScriptLoader("/assets/page-abc123.js");

describe("the static site (fixture built by scripts/postbuild.mjs)", () => {
  let site: FixtureSite;
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    site = createFixtureSite();
    app = await buildTestApp({ store: stubStore(), env: { CLIENT_DIR: site.clientDir } });
  });
  afterAll(async () => {
    await app?.close();
    site?.dispose();
  });

  it("postbuild wrote .br/.gz twins, csp-hashes.json and build-info.json", () => {
    const hashes = JSON.parse(readFileSync(join(site.buildDir, "csp-hashes.json"), "utf8"));
    expect(hashes["/"]).toEqual(FIXTURE_INLINE_SCRIPTS.home.map(sha));
    // A page that does not hydrate also carries the page script's loader (scripts/page-script.mjs).
    expect(hashes["/faq"]).toEqual([pageLoader, ...FIXTURE_INLINE_SCRIPTS.faq].map(sha));
    expect(hashes["/404"]).toEqual([pageLoader, ...FIXTURE_INLINE_SCRIPTS.notFound].map(sha));
    const js = readFileSync(join(site.clientDir, "assets/app-abc123.js"));
    expect(brotliDecompressSync(readFileSync(join(site.clientDir, "assets/app-abc123.js.br")))).toEqual(js);
    expect(gunzipSync(readFileSync(join(site.clientDir, "assets/app-abc123.js.gz")))).toEqual(js);
    const info = JSON.parse(readFileSync(join(site.buildDir, "build-info.json"), "utf8"));
    expect(info).toEqual({
      builtAt: expect.any(String),
      siteUrl: expect.any(String),
      bookingUrl: expect.any(String),
      // The build's claims mode (docs/claims.md): npm start rebuilds when CLAIMS_STRICT changes.
      claimsStrict: false,
      // The computed claims the pages state: none unless the provider opts in (CLAIMS_COMPUTED).
      claimsComputed: {},
    });
  });

  it("postbuild added the page script to the pages that do not hydrate, before compressing them", () => {
    const tag = `<script type="module">${pageLoader}</script></head>`;
    const faq = readFileSync(join(site.clientDir, "faq/index.html"), "utf8");
    expect(faq).toContain(tag);
    expect(gunzipSync(readFileSync(join(site.clientDir, "faq/index.html.gz"))).toString()).toBe(faq);
    expect(readFileSync(join(site.clientDir, "404/index.html"), "utf8")).toContain(tag);
    // The home page here carries React Router's hydration data: it keeps its own scripts only.
    expect(readFileSync(join(site.clientDir, "index.html"), "utf8")).not.toContain("page-abc123");
    expect(existsSync(join(site.clientDir, "page-manifest.json"))).toBe(false);
  });

  it("hashes inline scripts only: not src=, not JSON-LD", () => {
    const html =
      '<script>a()</script><script src="/x.js"></script><script type="application/ld+json">{}</script>' +
      '<script type="module">b()</script>';
    expect(inlineScriptHashes(html)).toEqual([sha("a()"), sha("b()")]);
  });

  it('serves "/" as index.html with a CSP that lists its inline-script hashes', async () => {
    const response = await app.inject("/");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.body).toContain("Scale your business without limits");
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain(`script-src 'self' ${FIXTURE_INLINE_SCRIPTS.home.map(sha).join(" ")};`);
    expect(csp).not.toContain("'unsafe-inline' 'sha");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    for (const directive of [
      "default-src 'none'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self'",
      "connect-src 'self'",
      "manifest-src 'self'",
      "frame-src https://booking.example.test",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "object-src 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
  });

  it('serves "/faq" from faq/index.html with its own hashes, and redirects "/faq/" to it', async () => {
    const faq = await app.inject("/faq");
    expect(faq.statusCode).toBe(200);
    expect(faq.body).toContain("Frequently Asked Questions");
    expect(faq.headers["content-security-policy"]).toContain(
      `script-src 'self' ${sha(pageLoader)} ${sha(FIXTURE_INLINE_SCRIPTS.faq[0])};`,
    );

    const slash = await app.inject("/faq/?utm_source=x");
    expect(slash.statusCode).toBe(301);
    expect(slash.headers.location).toBe("/faq?utm_source=x");
  });

  it("serves every /documents/<token> the room's welcome, its token sent nowhere and the page kept nowhere", async () => {
    for (const url of ["/documents/AbC_-123", "/documents/open", "/documents"]) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain(url === "/documents" ? "Get a link" : "Your document room");
      expect(response.headers["referrer-policy"], url).toBe("no-referrer");
      expect(response.headers["x-robots-tag"], url).toBe("noindex, nofollow");
      expect(response.headers["cache-control"], url).toBe("no-store");
      expect(response.headers["content-security-policy"], url).toContain(sha(FIXTURE_INLINE_SCRIPTS.room[0]));
    }
    expect((await app.inject("/faq")).headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect((await app.inject("/documents/a/b")).statusCode).toBe(404);
  });

  it.each(["/nope", "/404", "/faq/nope", "/assets/missing.js", "/../package.json", "/.env"])(
    "answers %s with HTTP 404 and the site's 404 page",
    async (url) => {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.body).toContain("Oops! Page not found");
      expect(response.headers["content-security-policy"]).toContain(sha(FIXTURE_INLINE_SCRIPTS.notFound[0]));
    },
  );

  it("answers a malformed URL with 400, not 500", async () => {
    const response = await app.inject("/%E0%A4%A");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: "Malformed URL" });
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("sends the 404 page compressed when accepted", async () => {
    const response = await app.inject({ url: "/nope", headers: { "accept-encoding": "gzip, br" } });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain("Oops! Page not found");
  });

  it("answers unknown /api paths with 404 JSON", async () => {
    for (const request of [{ url: "/api/nope" }, { url: "/api/nope", method: "POST" as const }]) {
      const response = await app.inject(request);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: "Not Found" });
    }
  });

  it("serves hashed assets immutable, brotli or gzip by Accept-Encoding", async () => {
    const original = readFileSync(join(site.clientDir, "assets/app-abc123.js"));

    const br = await app.inject({
      url: "/assets/app-abc123.js",
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload)).toEqual(original);

    const gz = await app.inject({ url: "/assets/app-abc123.js", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload)).toEqual(original);

    const plain = await app.inject({
      url: "/assets/app-abc123.js",
      headers: { "accept-encoding": "identity" },
    });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload).toEqual(original);
  });

  it("serves other files as they are, revalidated", async () => {
    const response = await app.inject("/robots.txt");
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("User-agent");
    expect(response.headers["cache-control"]).toBe("no-cache");
  });

  it("answers HEAD like GET without a body", async () => {
    const response = await app.inject({ method: "HEAD", url: "/faq" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe("");
  });
});

describe("security headers", () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    app = await buildTestApp({ store: stubStore(), env: { TRUST_PROXY: "true" } });
  });
  afterAll(() => app?.close());

  it("are on every response (JSON, 404, errors) and HSTS only over https", async () => {
    for (const response of [
      await app.inject("/healthz"),
      await app.inject("/api/nope"),
      await app.inject({
        method: "POST",
        url: "/api/newsletter",
        payload: "x",
        headers: { "content-type": "text/plain" },
      }),
    ]) {
      expect(response.headers["content-security-policy"]).toMatch(/^default-src 'none'; script-src 'self';/);
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(response.headers["permissions-policy"]).toBe(
        "camera=(), microphone=(), geolocation=(), interest-cohort=()",
      );
      expect(response.headers["cross-origin-opener-policy"]).toBe("same-origin");
      expect(response.headers["strict-transport-security"]).toBeUndefined();
    }
    const https = await app.inject({ url: "/healthz", headers: { "x-forwarded-proto": "https" } });
    expect(https.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
  });

  it("ignore X-Forwarded-Proto without TRUST_PROXY, and always send HSTS for an https SITE_URL", async () => {
    const untrusted = await buildTestApp({ store: stubStore() });
    const spoofed = await untrusted.inject({ url: "/healthz", headers: { "x-forwarded-proto": "https" } });
    expect(spoofed.headers["strict-transport-security"]).toBeUndefined();
    await untrusted.close();

    const httpsSite = await buildTestApp({
      store: stubStore(),
      env: { SITE_URL: "https://harborline.example" },
    });
    expect((await httpsSite.inject("/healthz")).headers["strict-transport-security"]).toMatch(
      /max-age=63072000/,
    );
    await httpsSite.close();
  });

  it("frame-src is 'none' without a booking URL", async () => {
    const noBooking = await buildApp({
      config: { ...testConfig(), bookingUrl: undefined },
      store: stubStore(),
      logger: false,
    });
    expect((await noBooking.inject("/healthz")).headers["content-security-policy"]).toContain(
      "frame-src 'none'",
    );
    await noBooking.close();
  });
});

describe("the error handler and health check", () => {
  it("answers 5xx with {error: Internal Server Error} and no detail", async () => {
    const app = await buildApp({
      config: testConfig(),
      store: stubStore({
        transaction: () => Promise.reject(new Error("connection to 10.0.0.5 lost at secret.ts:42")),
      }),
      logger: false,
    });
    const { validApplication } = await import("../test/support/server");
    const response = await app.inject({
      method: "POST",
      url: "/api/applications",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(validApplication()),
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: "Internal Server Error" });
    expect(response.body).not.toContain("secret");
    await app.close();
  });

  it("GET /healthz answers 503 when the store does not answer", async () => {
    const app = await buildTestApp({ store: stubStore({ ping: async () => false }) });
    const response = await app.inject("/healthz");
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: "unavailable" });
    await app.close();
  });
});

describe("the rate limit", () => {
  it("answers 429 with Retry-After once an IP passes RATE_LIMIT_MAX on a POST endpoint", async () => {
    // The counts live in the store (plugins/rate-limit.ts), so this needs a real one.
    const db = await openTestStore("pglite");
    const app = await buildTestApp({
      store: db.store,
      env: { RATE_LIMIT_MAX: "3", RATE_LIMIT_WINDOW: "1m" },
    });
    let n = 0;
    const subscribe = (ip: string) =>
      app.inject({
        method: "POST",
        url: "/api/newsletter",
        remoteAddress: ip,
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ email: `a${++n}@example.com` }),
      });
    for (let i = 0; i < 3; i++) expect((await subscribe("203.0.113.7")).statusCode).toBe(201);
    const limited = await subscribe("203.0.113.7");
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json()).toEqual({ error: expect.stringMatching(/rate limit/i) });
    // Another visitor is unaffected; pages are never limited.
    expect((await subscribe("198.51.100.1")).statusCode).toBe(201);
    for (let i = 0; i < 5; i++)
      expect((await app.inject({ url: "/healthz", remoteAddress: "203.0.113.7" })).statusCode).toBe(200);
    await app.close();
    await db.dispose();
  });
});

describe("config", () => {
  it("has the documented defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      databaseUrl: undefined,
      siteUrl: "http://localhost:3000",
      rateLimit: { max: 10, windowMs: 60_000 },
      trustProxy: false,
    });
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.clientDir).toMatch(/\/build\/client$/);
  });

  it("lists every bad key in one error", () => {
    expect(() =>
      loadConfig({
        PORT: "eighty",
        DATABASE_URL: "mysql://x",
        LEAD_WEBHOOK_URL: "not a url",
        RATE_LIMIT_WINDOW: "soon",
      }),
    ).toThrowError(
      /PORT: must be a whole number[\s\S]*DATABASE_URL: must be a postgres:\/\/ URL[\s\S]*LEAD_WEBHOOK_URL: must be an http\(s\) URL[\s\S]*RATE_LIMIT_WINDOW/,
    );
  });

  it("reads TRUST_PROXY, durations and empty values", () => {
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8" }).trustProxy).toBe("10.0.0.0/8");
    expect(loadConfig({ RATE_LIMIT_WINDOW: "30s" }).rateLimit.windowMs).toBe(30_000);
    expect(loadConfig({ PORT: "", BOOKING_URL: "" })).toMatchObject({ port: 3000, bookingUrl: undefined });
    expect(loadConfig({ RR_BUILD_DIR: "build-x" }).clientDir).toMatch(/\/build-x\/client$/);
  });
});
