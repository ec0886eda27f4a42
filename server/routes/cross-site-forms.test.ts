/**
 * The public opt-out and privacy-request forms refuse a post another site's
 * page made a visitor's browser send (a foreign Origin, an opaque `null` one,
 * or Sec-Fetch-Site: cross-site): the form's own page says so and links back
 * to the form, and nothing is recorded or e-mailed. Posts from our own pages,
 * and posts that carry neither header, still work. Through real HTTP on both
 * engines.
 */
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { ENGINES, useTestApp } from "../../test/support/server";

const FORM = "application/x-www-form-urlencoded";
const OUR_ORIGIN = "http://localhost:3000";

const CROSS_SITE: [string, Record<string, string>][] = [
  ["a foreign Origin", { origin: "https://attacker.example", "sec-fetch-site": "cross-site" }],
  ["an opaque Origin", { origin: "null" }],
  ["Sec-Fetch-Site: cross-site alone", { "sec-fetch-site": "cross-site" }],
  ["a foreign Origin without Sec-Fetch-Site", { origin: "https://attacker.example" }],
];

const SAME_SITE: [string, Record<string, string>][] = [
  ["our own page", { origin: OUR_ORIGIN, "sec-fetch-site": "same-origin" }],
  ["the host it was sent to", { origin: "http://localhost:80" }],
  ["a client with neither header", {}],
];

describe.each(ENGINES)("cross-site posts to the public forms on %s", (engine) => {
  const ctx = useTestApp(engine);
  // The opt-out ledger is append-only: each test opts out an address of its own.
  let email = "";
  beforeEach(async () => {
    email = `victim-${randomUUID().slice(0, 8)}@example.com`;
    await ctx.db.store.exec("TRUNCATE privacy_requests, mail_outbox CASCADE");
  });

  const count = async (table: string) =>
    Number((await ctx.db.store.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`)).rows[0].n);
  const optOuts = async () =>
    Number(
      (
        await ctx.db.store.query<{ n: string }>("SELECT count(*)::text AS n FROM opt_outs WHERE email = $1", [
          email,
        ])
      ).rows[0].n,
    );

  const optOut = (headers: Record<string, string>) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/opt-out",
      headers: { "content-type": FORM, ...headers },
      payload: new URLSearchParams({ email }).toString(),
    });
  const privacyRequest = (headers: Record<string, string>) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/privacy-requests",
      headers: { "content-type": FORM, ...headers },
      payload: new URLSearchParams({
        kind: "delete",
        email,
        name: "Vic Tim",
        details: "",
      }).toString(),
    });

  it.each(CROSS_SITE)(
    "the opt-out form refuses %s with its own page, recording nothing",
    async (_, headers) => {
      const response = await optOut(headers);
      expect(response.statusCode).toBe(403);
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      expect(response.body).toContain("Send the form from our own page");
      expect(response.body).toContain("came from another website");
      expect(response.body).toContain("opt-out form on our site");
      expect(response.body).toContain('href="/opt-out"');
      expect(await optOuts()).toBe(0);
    },
  );

  it.each(CROSS_SITE)(
    "the privacy request form refuses %s with its own page, storing and mailing nothing",
    async (_, headers) => {
      const response = await privacyRequest(headers);
      expect(response.statusCode).toBe(403);
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      expect(response.body).toContain("came from another website");
      expect(response.body).toContain("privacy request form on our site");
      expect(response.body).toContain('href="/privacy-request"');
      expect(await count("privacy_requests")).toBe(0);
      expect(await count("mail_outbox")).toBe(0);
    },
  );

  it("answers a cross-site JSON caller of the privacy request form in JSON", async () => {
    const response = await privacyRequest({ origin: "https://attacker.example", accept: "application/json" });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: "Cross-site request refused" });
    expect(await count("privacy_requests")).toBe(0);
  });

  it.each(SAME_SITE)("both forms still take a post from %s", async (_, headers) => {
    const optedOut = await optOut(headers);
    expect(optedOut.statusCode).toBe(303);
    expect(optedOut.headers.location).toBe("/opt-out/received");
    expect(await optOuts()).toBe(1);

    const requested = await privacyRequest(headers);
    expect(requested.statusCode).toBe(200);
    expect(requested.body).toContain("Check your e-mail");
    expect(await count("privacy_requests")).toBe(1);
  });
});
