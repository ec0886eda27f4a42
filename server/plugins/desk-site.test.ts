import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, stubStore } from "../../test/support/server";
import { DESK_MISSING } from "./desk-site";

const INDEX =
  '<!doctype html><html lang="en"><head><title>Lead desk</title>' +
  '<script type="module" crossorigin src="/desk/assets/index-abc.js"></script></head>' +
  '<body><div id="root"></div></body></html>';
const SCRIPT = `export const desk = ${JSON.stringify("x".repeat(4000))};\n`;

describe("the lead desk under /desk", () => {
  let deskDir: string;
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    deskDir = mkdtempSync(join(tmpdir(), "harborline-desk-"));
    mkdirSync(join(deskDir, "assets"));
    writeFileSync(join(deskDir, "index.html"), INDEX);
    writeFileSync(join(deskDir, "assets", "index-abc.js"), SCRIPT);
    app = await buildTestApp({ store: stubStore(), env: { DESK_DIR: deskDir } });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(deskDir, { recursive: true, force: true });
  });

  it.each(["/desk", "/desk/", "/desk/inbox", "/desk/applications/abc?x=1", "/desk/invite/some-token"])(
    "%s answers the desk's page, uncached, not indexed, under a CSP with no script hashes",
    async (url) => {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      expect(response.body).toBe(INDEX);
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.headers["x-robots-tag"]).toBe("noindex, nofollow");
      const csp = String(response.headers["content-security-policy"]);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain("sha256-");
      expect(csp).not.toContain("unsafe-eval");
    },
  );

  it("serves hashed assets for a year, gzipped when the browser takes it", async () => {
    const plain = await app.inject("/desk/assets/index-abc.js");
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(plain.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(plain.body).toBe(SCRIPT);

    const zipped = await app.inject({
      url: "/desk/assets/index-abc.js",
      headers: { "accept-encoding": "gzip, deflate" },
    });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(SCRIPT);
  });

  it("answers 404 for an asset that is not in the build", async () => {
    const response = await app.inject("/desk/assets/nope.js");
    expect(response.statusCode).toBe(404);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.body).toBe("Not found");
  });

  it("never serves a file from outside the build", async () => {
    for (const url of [
      "/desk/assets/../../package.json",
      "/desk/assets/%2e%2e/%2e%2e/%2e%2e/package.json",
      "/desk/assets/..%2f..%2f..%2fpackage.json",
    ]) {
      const response = await app.inject(url);
      expect(response.body).not.toContain("harborline-site");
      expect(response.body).not.toContain("devDependencies");
    }
  });

  it("leaves the public site alone: /desktop is not the desk", async () => {
    const response = await app.inject("/desktop");
    expect(response.headers["x-robots-tag"]).toBeUndefined();
    expect(response.body).not.toBe(INDEX);
  });
});

describe("without a built desk", () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    app = await buildTestApp({
      store: stubStore(),
      env: { DESK_DIR: join(tmpdir(), "harborline-no-desk", "desk") },
    });
  });
  afterAll(() => app?.close());

  it("answers 503 with a plain message that says what to do", async () => {
    const response = await app.inject("/desk/inbox");
    expect(response.statusCode).toBe(503);
    expect(response.headers["content-type"]).toMatch(/^text\/plain/);
    expect(response.body).toBe(DESK_MISSING);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["x-robots-tag"]).toBe("noindex, nofollow");
  });
});
