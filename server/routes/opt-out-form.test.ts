/**
 * The site's public opt-out form through real HTTP, on both engines: a plain
 * form post (no JavaScript) stops a number's texts and an address's marketing
 * e-mail (the ledger, the evidence pack, the newsletter, the CRM's outbox) and
 * answers a 303 to the same page whether or not we know them; bad input is a
 * small HTML page saying what to fix, never a 500, nothing recorded. On
 * PostgreSQL, the rate limit holds for 200 posts at once across two instances.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { deskClient, submit } from "../../test/support/desk-applications";
import { signedInStaff } from "../../test/support/desk";
import { ENGINES, useTestApp, useTwoInstances } from "../../test/support/server";
import type { App } from "../app";

const FORM = "application/x-www-form-urlencoded";
const post = (app: App, fields: Record<string, string> | string, contentType = FORM) =>
  app.inject({
    method: "POST",
    url: "/api/opt-out",
    headers: { "content-type": contentType },
    payload: typeof fields === "string" ? fields : new URLSearchParams(fields).toString(),
  });

const freshPhone = () => `(917) 555-${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`;

describe.each(ENGINES)("the public opt-out form on %s", (engine) => {
  const ctx = useTestApp(engine);
  const store = () => ctx.db.store;
  const ledgerSize = async () =>
    Number((await store().query<{ n: string }>("SELECT count(*)::text AS n FROM opt_outs")).rows[0].n);

  it("stops a number's texts and an address's marketing e-mail: ledger, evidence pack, newsletter, CRM outbox", async () => {
    const phone = freshPhone();
    const email = `reader-${randomUUID().slice(0, 8)}@example.com`;
    const applicationId = await submit(ctx.app, { phone, email });
    await ctx.app.inject({ method: "POST", url: "/api/newsletter", payload: { email } });

    const response = await post(ctx.app, { phone, email: email.toUpperCase() });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/opt-out/received");
    expect(response.headers["cache-control"]).toBe("no-store");

    const { rows } = await store().query<{
      id: string;
      channel: string;
      received_via: string;
      recorded_by_id: null;
    }>(
      `SELECT id::text AS id, channel, received_via, recorded_by_id FROM opt_outs
        WHERE phone = $1 OR email = $2 ORDER BY channel`,
      [phone, email],
    );
    expect(rows.map((row) => [row.channel, row.received_via, row.recorded_by_id])).toEqual([
      ["email", "web-form", null],
      ["sms", "web-form", null],
    ]);
    const queued = await store().query("SELECT 1 FROM opt_out_outbox WHERE opt_out_id = ANY($1::bigint[])", [
      rows.map((row) => row.id),
    ]);
    expect(queued.rows).toHaveLength(2);
    const subscriber = await store().query<{ status: string }>(
      "SELECT status FROM newsletter_subscribers WHERE email = $1",
      [email],
    );
    expect(subscriber.rows[0].status).toBe("unsubscribed");

    const admin = await signedInStaff(ctx.app, { role: "admin" });
    const desk = deskClient(
      () => ctx.app,
      () => admin.cookie,
    );
    const evidence = await desk.get(`/api/desk/applications/${applicationId}/evidence`);
    expect(
      evidence
        .json()
        .optOuts.map((o: { receivedVia: string; channel: string }) => o.channel)
        .sort(),
    ).toEqual(["email", "sms"]);
  });

  it("answers a known number and address exactly as an unknown one", async () => {
    const known = freshPhone();
    const knownEmail = `known-${randomUUID().slice(0, 8)}@example.com`;
    await submit(ctx.app, { phone: known, email: knownEmail });
    await ctx.app.inject({ method: "POST", url: "/api/newsletter", payload: { email: knownEmail } });
    const answers = [
      await post(ctx.app, { phone: known, email: knownEmail }),
      await post(ctx.app, { phone: freshPhone(), email: `nobody-${randomUUID().slice(0, 8)}@example.com` }),
    ];
    const seen = answers.map((answer) => {
      // The clock and this visitor's own remaining posts differ between any two answers.
      const { date, "x-ratelimit-remaining": remaining, ...headers } = answer.headers;
      void date;
      void remaining;
      return { status: answer.statusCode, headers, body: answer.body };
    });
    expect(seen[0]).toEqual(seen[1]);
    expect(seen[0].status).toBe(303);
  });

  it("answers bad input with a page naming what to fix, never a 500, nothing recorded", async () => {
    const before = await ledgerSize();
    const cases: [Record<string, string> | string, RegExp][] = [
      [{}, /Enter the mobile number that should get no more texts/],
      [{ phone: "   ", email: "" }, /Enter the mobile number that should get no more texts/],
      [{ phone: "555-0100" }, /Please enter a valid phone number/],
      [{ phone: "212 555 014" }, /Enter the whole mobile number with its area code/],
      [{ phone: "212 555\u00000142" }, /Enter the whole mobile number with its area code/],
      [{ phone: "9".repeat(300) }, /Please enter a valid phone number/],
      [{ email: "nope" }, /Please enter a valid email address/],
      [{ email: "a@b.co\r\nBcc: x@y.z" }, /Please enter a valid email address/],
      ["phone=%E2%82&email=%ZZ", /Enter the mobile number|Please enter a valid/],
    ];
    for (const [fields, message] of cases) {
      const response = await post(ctx.app, fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      expect(response.body).toMatch(message);
      expect(response.body).toContain('href="/opt-out"');
      expect(response.body).not.toMatch(/at .*\.ts:\d+/);
    }
    const huge = await post(ctx.app, { phone: "2125550142", note: "x".repeat(10_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.body).toContain("That was too much to send");
    const json = await post(ctx.app, JSON.stringify({ phone: "2125550142" }), "application/json");
    expect(json.statusCode).toBe(415);
    expect(json.headers["content-type"]).toMatch(/^text\/html/);
    expect(await ledgerSize()).toBe(before);
  });
});

describe("the opt-out form's rate limit on two instances (PostgreSQL)", () => {
  const LIMIT = 20;
  const ctx = useTwoInstances({ env: { RATE_LIMIT_MAX: String(LIMIT), RATE_LIMIT_WINDOW: "1m" } });

  it("holds for 200 posts at once across both: exactly the limit recorded, the rest a 429 page", async () => {
    const { rows } = await ctx.first.store.query<{ n: string }>("SELECT count(*)::text AS n FROM opt_outs");
    const before = Number(rows[0].n);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => post(i % 2 ? ctx.first : ctx.second, { phone: freshPhone() })),
    );
    const byStatus = answers.reduce<Record<number, number>>((counts, answer) => {
      counts[answer.statusCode] = (counts[answer.statusCode] ?? 0) + 1;
      return counts;
    }, {});
    expect(byStatus).toEqual({ 303: LIMIT, 429: 200 - LIMIT });
    const limited = answers.find((answer) => answer.statusCode === 429)!;
    expect(limited.headers["content-type"]).toMatch(/^text\/html/);
    expect(limited.body).toContain("Too many requests");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    const after = await ctx.first.store.query<{ n: string }>("SELECT count(*)::text AS n FROM opt_outs");
    expect(Number(after.rows[0].n) - before).toBe(LIMIT);
  });
});
