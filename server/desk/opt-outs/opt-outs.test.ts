/**
 * The opt-out ledger through HTTP, on both engines: staff record an opt-out
 * told to them by phone or e-mail (audited, with the day it must be honoured
 * by), look it up however the number is written, see it in the evidence
 * pack; bad bodies are 400s naming the field; no session is a 401, another
 * origin a 403; the table refuses UPDATE, DELETE and TRUNCATE; an e-mail
 * opt-out takes the address off the newsletter at once, for good until its
 * owner confirms a new sign-up.
 */
import { describe, expect, it } from "vitest";
import { auditRows, submit, useStaffDesk } from "../../../test/support/desk-applications";
import { ENGINES } from "../../../test/support/server";

/** Monday 24 November 2025, 10:00 in New York: honoured by Monday 8 December. */
const MONDAY = "2025-11-24T15:00:00.000Z";

describe.each(ENGINES)("the opt-out ledger on %s", (engine) => {
  const { ctx, client, staff } = useStaffDesk(engine);
  const record = (body: object) => client.post("/api/desk/opt-outs", body);
  const ledgerSize = async () =>
    Number((await ctx.db.store.query<{ n: string }>("SELECT count(*)::text AS n FROM opt_outs")).rows[0].n);

  it("records an SMS opt-out told by phone: as given, by whom, when, the day to honour it by; audited", async () => {
    const applicationId = await submit(ctx.app, { phone: "+1 (212) 555-0142" });
    const consentBefore = (await ctx.db.store.query("SELECT * FROM consents")).rows;

    const response = await record({
      channel: "sms",
      phone: "+1 (212) 555-0142",
      receivedVia: "phone",
      receivedAt: "2025-11-24T10:00:00-05:00",
      note: "  Called to say: stop the texts.\nNo more marketing.\u0000  ",
    });
    expect(response.statusCode).toBe(201);
    const stored = response.json();
    expect(stored).toEqual({
      id: expect.any(String),
      channel: "sms",
      phone: "+1 (212) 555-0142",
      email: null,
      receivedVia: "phone",
      note: "Called to say: stop the texts.\nNo more marketing.",
      recordedBy: { id: expect.any(String), name: staff().email.split("@")[0] },
      receivedAt: MONDAY,
      recordedAt: expect.any(String),
      honourBy: "2025-12-08",
      crm: { status: "waiting", attempts: 0, deliveredAt: null, lastError: null },
    });
    expect(Math.abs(Date.parse(stored.recordedAt) - Date.now())).toBeLessThan(60_000);

    // Found however the number is written; the consent it withdraws is as it was.
    for (const phone of ["2125550142", "(212) 555-0142", "+1.212.555.0142", "1 212 555 0142"]) {
      const found = await client.get(`/api/desk/opt-outs?phone=${encodeURIComponent(phone)}`);
      expect(found.statusCode).toBe(200);
      expect(found.json()).toEqual({ items: [stored] });
    }
    expect((await client.get("/api/desk/opt-outs?phone=2125550143")).json()).toEqual({ items: [] });
    expect((await ctx.db.store.query("SELECT * FROM consents")).rows).toEqual(consentBefore);
    expect(consentBefore).toHaveLength(1);
    expect(consentBefore[0].application_id).toBe(applicationId);

    expect(await auditRows(ctx.db.store, undefined, "consent.opt-out-recorded")).toContainEqual(
      expect.objectContaining({
        actor_email: staff().email,
        details: {
          optOutId: stored.id,
          channel: "sms",
          phone: "+1 (212) 555-0142",
          receivedVia: "phone",
          receivedAt: MONDAY,
        },
      }),
    );
    expect(await auditRows(ctx.db.store, undefined, "opt-outs.looked-up")).toContainEqual(
      expect.objectContaining({ actor_email: staff().email, details: { phone: "2125550142", found: 1 } }),
    );
  });

  it("records an e-mail opt-out told by e-mail, lower-cased, received now unless said; found in any case", async () => {
    const response = await record({ channel: "email", email: " Leaver@Shop.Example ", receivedVia: "email" });
    expect(response.statusCode).toBe(201);
    const stored = response.json();
    expect(stored).toMatchObject({ channel: "email", email: "leaver@shop.example", phone: null, note: null });
    expect(Math.abs(Date.parse(stored.receivedAt) - Date.now())).toBeLessThan(60_000);
    expect((await client.get("/api/desk/opt-outs?email=LEAVER%40shop.example")).json()).toEqual({
      items: [stored],
    });
    // Both at once: the number's sms opt-outs and the address's e-mail ones.
    const both = await client.get("/api/desk/opt-outs?phone=2125550199&email=leaver%40shop.example");
    expect(both.json()).toEqual({ items: [stored] });
  });

  it.each([
    [{}, { channel: "Choose what they opted out of: sms or email" }],
    [
      { channel: "fax", phone: "2125550100", receivedVia: "phone" },
      { channel: "Choose what they opted out of: sms or email" },
    ],
    [
      { channel: "sms", receivedVia: "phone" },
      { phone: "Enter the phone number that must get no more text messages" },
    ],
    [
      { channel: "sms", phone: "555-0142", receivedVia: "phone" },
      { phone: "Please enter a valid phone number" },
    ],
    [
      { channel: "sms", phone: "212 555 014", receivedVia: "phone" },
      { phone: "Enter the whole number with its area code: at least 10 digits" },
    ],
    [
      { channel: "sms", phone: "212 555\n0142", receivedVia: "phone" },
      { phone: "Remove the tabs and line breaks from the phone number" },
    ],
    [
      { channel: "sms", phone: 2125550142, receivedVia: "phone" },
      { phone: "Enter the phone number as text" },
    ],
    [
      { channel: "sms", phone: "2125550142", email: "a@b.co", receivedVia: "phone" },
      { email: "An SMS opt-out is for a phone number: leave the e-mail address out" },
    ],
    [
      { channel: "email", receivedVia: "email" },
      { email: "Enter the e-mail address that must get no more e-mail" },
    ],
    [
      { channel: "email", email: "nope", receivedVia: "email" },
      { email: "Please enter a valid email address" },
    ],
    [
      { channel: "email", email: "a@b.co", phone: "2125550142", receivedVia: "email" },
      { phone: "An e-mail opt-out is for an address: leave the phone number out" },
    ],
    [
      { channel: "sms", phone: "2125550142", receivedVia: "sms-reply" },
      { receivedVia: "Choose how it was received: phone or email" },
    ],
    [
      { channel: "sms", phone: "2125550142", receivedVia: "phone", receivedAt: "yesterday" },
      {
        receivedAt:
          "Give the date and time it was received, e.g. 2026-11-24T10:30 (the desk's time zone) or 2026-11-24T15:30:00Z",
      },
    ],
    [
      { channel: "sms", phone: "2125550142", receivedVia: "phone", receivedAt: "2999-01-01T00:00:00Z" },
      { receivedAt: "The time it was received must not be in the future" },
    ],
    [
      { channel: "sms", phone: "2125550142", receivedVia: "phone", note: "x".repeat(1001) },
      { note: "Keep the note to 1,000 characters" },
    ],
    [
      { channel: "sms", phone: "2125550142", receivedVia: "phone", consentId: "x" },
      { consentId: "“consentId” is not a field of this request" },
    ],
  ])("refuses %j with a 400 naming the field, storing nothing", async (body, errors) => {
    const before = await ledgerSize();
    const response = await record(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject(errors);
    expect(response.json().error).toBe(Object.values(response.json().errors)[0]);
    expect(await ledgerSize()).toBe(before);
  });

  it("refuses a body that is not an object, and bad look-ups, with a 400", async () => {
    for (const payload of [[], "text", 42]) {
      const response = await ctx.app.inject({
        method: "POST",
        url: "/api/desk/opt-outs",
        headers: { ...(await headers()), "content-type": "application/json" },
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe("Send a JSON object");
    }
    for (const query of ["", "?phone=12", "?email=nobody", "?phone=2125550142&x=1", "?phone=a%00b1234567"]) {
      expect((await client.get(`/api/desk/opt-outs${query}`)).statusCode, query).toBe(400);
    }
  });

  it("answers 401 without a session and 403 to another origin, storing nothing", async () => {
    const before = await ledgerSize();
    const body = { channel: "sms", phone: "2125550177", receivedVia: "phone" };
    const origin = new URL(ctx.app.config.siteUrl).origin;
    const anonymous = await ctx.app.inject({
      method: "POST",
      url: "/api/desk/opt-outs",
      headers: { origin },
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: "Sign in to continue" });
    expect((await ctx.app.inject("/api/desk/opt-outs?phone=2125550177")).statusCode).toBe(401);
    for (const crossSite of [{ origin: "https://evil.example" }, {}]) {
      const response = await ctx.app.inject({
        method: "POST",
        url: "/api/desk/opt-outs",
        headers: { cookie: staff().cookie, ...crossSite },
        payload: body,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: "Cross-site request refused" });
    }
    expect(await ledgerSize()).toBe(before);
  });

  it("keeps the ledger append-only: UPDATE, DELETE and TRUNCATE raise", async () => {
    expect((await record({ channel: "sms", phone: "2125550188", receivedVia: "phone" })).statusCode).toBe(
      201,
    );
    const before = await ledgerSize();
    await expect(ctx.db.store.query("UPDATE opt_outs SET note = 'changed'")).rejects.toThrow(/append-only/);
    await expect(ctx.db.store.query("DELETE FROM opt_outs")).rejects.toThrow(/append-only/);
    // Its CRM outbox refers to it, so a plain TRUNCATE stops at that; CASCADE meets the trigger.
    await expect(ctx.db.store.exec("TRUNCATE opt_outs")).rejects.toThrow(/foreign key/);
    await expect(ctx.db.store.exec("TRUNCATE opt_outs CASCADE")).rejects.toThrow(/append-only/);
    expect(await ledgerSize()).toBe(before);
    expect(
      Number(
        (await ctx.db.store.query<{ n: string }>("SELECT count(*)::text AS n FROM opt_out_outbox")).rows[0].n,
      ),
    ).toBeGreaterThan(0);
  });

  it("puts the opt-outs of an application's phone (sms) and e-mail (email) in its evidence pack", async () => {
    const id = await submit(ctx.app, { phone: "646.555.0100", email: "Evidence@Shop.example" });
    await record({ channel: "sms", phone: "+1 646 555 0100", receivedVia: "phone", receivedAt: MONDAY });
    await record({
      channel: "email",
      email: "evidence@shop.example",
      receivedVia: "email",
      // A wall-clock time, as the desk's form sends it: New York's.
      receivedAt: "2025-11-25T10:00",
    });
    // Another number: not theirs.
    await record({ channel: "sms", phone: "646 555 0101", receivedVia: "phone", receivedAt: MONDAY });

    const response = await client.get(`/api/desk/applications/${id}/evidence`);
    expect(response.statusCode).toBe(200);
    const { optOuts, consent } = response.json();
    expect(consent.phone).toBe("646.555.0100");
    expect(optOuts).toEqual([
      expect.objectContaining({
        channel: "email",
        email: "evidence@shop.example",
        receivedAt: "2025-11-25T10:00:00.000-05:00",
        honourBy: "2025-12-09",
      }),
      expect.objectContaining({
        channel: "sms",
        phone: "+1 646 555 0100",
        receivedVia: "phone",
        receivedAt: "2025-11-24T10:00:00.000-05:00",
        recordedAt: expect.stringMatching(/-0[45]:00$/),
        honourBy: "2025-12-08",
      }),
    ]);
  });

  it("takes an opted-out address off the newsletter at once; only a new, confirmed sign-up puts it back", async () => {
    const signUp = (email: string) =>
      ctx.app.inject({ method: "POST", url: "/api/newsletter", payload: { email } });
    const confirmLink = async (email: string) => {
      const { rows } = await ctx.db.store.query<{ text: string }>(
        `SELECT text FROM mail_outbox WHERE to_address = $1 AND kind = 'newsletter-confirm' ORDER BY id DESC LIMIT 1`,
        [email],
      );
      return /\/api\/newsletter\/confirm\?token=[\w-]{43}/.exec(rows[0].text)![0];
    };
    const confirm = (link: string) => ctx.app.inject({ method: "POST", url: link });
    const status = async (email: string) =>
      (
        await ctx.db.store.query<{ status: string }>(
          "SELECT status FROM newsletter_subscribers WHERE email = $1",
          [email],
        )
      ).rows[0]?.status;
    const mailStatus = async (email: string) =>
      (
        await ctx.db.store.query<{ status: string }>(
          "SELECT status FROM mail_outbox WHERE to_address = $1 AND kind = 'newsletter-confirm' ORDER BY id",
          [email],
        )
      ).rows.map((row) => row.status);

    // A confirmed reader, and a sign-up whose confirmation is still waiting.
    await signUp("reader@example.com");
    expect((await confirm(await confirmLink("reader@example.com"))).statusCode).toBe(200);
    expect(await status("reader@example.com")).toBe("subscribed");
    await signUp("waiting@example.com");
    const oldLink = await confirmLink("waiting@example.com");

    for (const email of ["Reader@Example.com", "waiting@example.com"]) {
      expect((await record({ channel: "email", email, receivedVia: "email" })).statusCode).toBe(201);
    }
    expect(await status("reader@example.com")).toBe("unsubscribed");
    expect(await status("waiting@example.com")).toBe("unsubscribed");
    // The confirmation not yet sent is cancelled, and its link confirms nothing any more.
    expect(await mailStatus("waiting@example.com")).toEqual(["cancelled"]);
    expect((await confirm(oldLink)).statusCode).toBe(410);
    expect(await status("waiting@example.com")).toBe("unsubscribed");
    expect(await auditRows(ctx.db.store, undefined, "consent.opt-out-recorded")).toContainEqual(
      expect.objectContaining({
        details: expect.objectContaining({
          email: "waiting@example.com",
          newsletterUnsubscribed: true,
          mailCancelled: 1,
        }),
      }),
    );

    // Signing up again asks its owner once more; until they confirm, nothing is sent to the list.
    await signUp("waiting@example.com");
    expect(await status("waiting@example.com")).toBe("pending");
    expect(await mailStatus("waiting@example.com")).toEqual(["cancelled", "pending"]);
    expect((await confirm(await confirmLink("waiting@example.com"))).statusCode).toBe(200);
    expect(await status("waiting@example.com")).toBe("subscribed");
  });

  /** The signed-in member's headers, as a same-origin page sends them. */
  async function headers() {
    return { origin: new URL(ctx.app.config.siteUrl).origin, cookie: staff().cookie };
  }
});
