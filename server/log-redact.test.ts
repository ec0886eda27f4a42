/**
 * The request log holds no bearer token: the server's JSON log, made with
 * the options server/main.ts uses, read line by line while real links are
 * followed over HTTP (a privacy request's verification link and its button,
 * an access-package link, the newsletter's confirm and unsubscribe links, a
 * desk invitation's page and API). Each line keeps the path, with the token's
 * value `[redacted]`.
 */
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inviteToken } from "../test/support/desk";
import { verificationToken } from "../test/support/privacy-requests";
import { ENGINES, openTestStore, testConfig, type TestStore } from "../test/support/server";
import { buildApp, loggerOptions, type App } from "./app";

describe.each(ENGINES)("tokens in the request log on %s", (engine) => {
  const lines: string[] = [];
  let db: TestStore;
  let app: App;
  beforeAll(async () => {
    db = await openTestStore(engine);
    const config = testConfig({ LOG_LEVEL: "info" });
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).trim().split("\n"));
        done();
      },
    });
    app = await buildApp({ config, store: db.store, loggerInstance: pino(loggerOptions(config), sink) });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await db?.dispose();
  });

  const urlsLogged = () =>
    lines
      .map((line) => JSON.parse(line) as { req?: { url?: string }; url?: string })
      .map((entry) => entry.req?.url ?? entry.url)
      .filter((url): url is string => typeof url === "string");

  it("logs each link's path with its token redacted, and never the token", async () => {
    const email = `log-${engine}-${Date.now()}@example.com`;
    const filed = await app.inject({
      method: "POST",
      url: "/api/privacy-requests",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ kind: "access", email, name: "Lo Gline", details: "" }).toString(),
    });
    expect(filed.statusCode).toBe(200);
    const verify = await verificationToken(db.store, email);
    expect((await app.inject(`/api/privacy-requests/verify?token=${verify}`)).statusCode).toBe(200);
    expect(
      (await app.inject({ method: "POST", url: `/api/privacy-requests/verify?token=${verify}` })).statusCode,
    ).toBe(200);

    const packageToken = "P".repeat(43);
    await app.inject(`/api/privacy-requests/package?token=${packageToken}&format=json`);

    await app.inject({ method: "POST", url: "/api/newsletter", payload: { email } });
    const { rows } = await db.store.query<{ text: string }>(
      "SELECT text FROM mail_outbox WHERE kind = 'newsletter-confirm' AND to_address = $1",
      [email],
    );
    const [, confirm] = rows[0].text.match(/\/api\/newsletter\/confirm\?token=([^\s&"]+)/)!;
    const [, unsubscribe] = rows[0].text.match(/\/api\/newsletter\/unsubscribe\?token=([^\s&"]+)/)!;
    await app.inject(`/api/newsletter/confirm?token=${confirm}`);
    await app.inject({ method: "POST", url: `/api/newsletter/unsubscribe?token=${unsubscribe}` });

    const invitation = await inviteToken(app, { email: `staff-${email}`, role: "staff" });
    await app.inject(`/api/desk/invitations/${invitation}`);
    await app.inject(`/desk/invite/${invitation}`);

    const tokens = [verify, packageToken, confirm, unsubscribe, invitation];
    for (const token of tokens) expect(lines.join("\n")).not.toContain(token);
    const urls = urlsLogged();
    for (const path of [
      "/api/privacy-requests/verify?token=[redacted]",
      "/api/privacy-requests/package?token=[redacted]&format=json",
      "/api/newsletter/confirm?token=[redacted]",
      "/api/newsletter/unsubscribe?token=[redacted]",
      "/api/desk/invitations/[redacted]",
      "/desk/invite/[redacted]",
    ]) {
      expect(urls).toContain(path);
    }
  });
});
