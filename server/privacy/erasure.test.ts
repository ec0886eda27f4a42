/**
 * A deletion request carried out, through HTTP on both engines: staff approve,
 * the address's applications and e-mails lose their personal data (a second
 * person's stay as they were), the consent records, the opt-out ledger and the
 * newsletter sign-up stay as evidence, an application under a legal hold is
 * kept and reported, a hold on the whole address keeps everything; a tombstone
 * with counts only is written, the CRM gets a contact.erased event through the
 * opt-outs' outbox, and the audit log says what was done.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { deskHeaders, signedInStaff } from "../../test/support/desk";
import { auditRows, lastTouch, submit, useStaffDesk } from "../../test/support/desk-applications";
import { verifiedRequest } from "../../test/support/privacy-requests";
import { ENGINES } from "../../test/support/server";

describe.each(ENGINES)("a deletion request carried out on %s", (engine) => {
  const { ctx, client } = useStaffDesk(engine);
  let adminCookie: string;
  beforeAll(async () => {
    adminCookie = (await signedInStaff(ctx.app, { role: "admin" })).cookie;
  });
  const asAdmin = (url: string, payload: object) =>
    ctx.app.inject({ method: "POST", url, headers: deskHeaders(ctx.app, adminCookie), payload });

  const application = async (id: string) =>
    (
      await ctx.db.store.query<Record<string, unknown>>(
        `SELECT first_name, last_name, email, phone, company_name, client_ip, attribution, funding_type
           FROM applications WHERE id = $1`,
        [id],
      )
    ).rows[0];
  const count = async (sql: string, params: unknown[] = []) =>
    Number(
      (await ctx.db.store.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${sql}`, params)).rows[0].n,
    );

  it("erases the address's personal data, keeps the evidence and what a hold covers, tells the CRM", async () => {
    const stamp = `${engine}-${Date.now()}`;
    const me = `dana-${stamp}@example.com`;
    const other = `sam-${stamp}@example.com`;
    const held = await submit(ctx.app, { email: me, phone: "+1 212 555 0131", companyName: "Held Co" });
    const mine = await submit(ctx.app, {
      email: me,
      phone: "+1 212 555 0131",
      firstName: "Dana",
      companyName: "Dana Widgets",
      ...lastTouch("spring", "push"),
    });
    const theirs = await submit(ctx.app, { email: other, firstName: "Sam", companyName: "Sam Co" });
    for (const email of [me, other]) {
      await ctx.app.inject({
        method: "POST",
        url: "/api/newsletter",
        headers: { "content-type": "application/json" },
        payload: { email },
      });
    }
    expect(
      (
        await client.post("/api/desk/opt-outs", {
          channel: "sms",
          phone: "+1 212 555 0131",
          receivedVia: "phone",
          receivedAt: "2026-11-21T10:00:00-05:00",
        })
      ).statusCode,
    ).toBe(201);
    const hold = await asAdmin(`/api/desk/applications/${held}/legal-holds`, { reason: "Dispute 2026-114" });
    expect(hold.statusCode).toBe(201);
    const consentsBefore = await count("consents");
    const optOutsBefore = await count("opt_outs");
    const theirsBefore = await application(theirs);
    const heldBefore = await application(held);
    const id = await verifiedRequest(ctx.app, ctx.db.store, { kind: "delete", email: me, name: "Dana Mine" });

    const response = await client.post(`/api/desk/privacy-requests/${id}/erase`, {});
    expect(response.statusCode).toBe(200);
    const erasure = response.json();
    expect(erasure).toMatchObject({
      item: {
        status: "completed",
        resolution: expect.stringContaining("1 application(s) kept under a legal hold"),
      },
      erasedApplications: 1,
      heldApplicationIds: [held],
      emailHeld: false,
    });

    // Erased: the application's personal data, the staff's view of it, the e-mails.
    expect(await application(mine)).toEqual({
      first_name: "[erased]",
      last_name: "[erased]",
      email: "[erased]",
      phone: "[erased]",
      company_name: "[erased]",
      client_ip: null,
      attribution: null,
      funding_type: expect.any(String),
    });
    const inbox = await client.get(`/api/desk/applications/${mine}`);
    expect(inbox.body).not.toContain("Dana Widgets");
    expect(
      await count("mail_outbox WHERE lower(to_address) = $1 AND application_id IS DISTINCT FROM $2", [
        me,
        held,
      ]),
    ).toBe(0);
    expect(await count("mail_outbox WHERE text LIKE '%Dana Widgets%'")).toBe(0);
    // Kept: the held application and its e-mails, the other person, the evidence.
    expect(await application(held)).toEqual(heldBefore);
    expect(
      await count("mail_outbox WHERE application_id = $1 AND to_address = $2", [held, me]),
    ).toBeGreaterThan(0);
    expect(await application(theirs)).toEqual(theirsBefore);
    expect(await count("mail_outbox WHERE to_address = $1", [other])).toBeGreaterThan(0);
    expect(await count("consents")).toBe(consentsBefore);
    expect(await count("opt_outs")).toBe(optOutsBefore);
    const newsletter = await ctx.db.store.query<{ email: string; status: string }>(
      "SELECT email, status FROM newsletter_subscribers WHERE email = ANY($1) ORDER BY email",
      [[me, other]],
    );
    expect(newsletter.rows).toEqual([
      { email: me, status: "unsubscribed" },
      { email: other, status: "pending" },
    ]);

    // The tombstone: counts, no personal data.
    const tombstone = await ctx.db.store.query<Record<string, unknown>>(
      "SELECT * FROM privacy_erasures WHERE request_id = $1",
      [id],
    );
    expect(tombstone.rows).toEqual([
      expect.objectContaining({
        applications_erased: 1,
        applications_held: 1,
        mails_erased: expect.any(Number),
      }),
    ]);
    expect(JSON.stringify(tombstone.rows)).not.toContain(me);

    // The CRM's event, queued in the opt-outs' outbox.
    const events = await ctx.db.store.query<{ payload: string }>(
      "SELECT payload::text AS payload FROM opt_out_outbox WHERE privacy_request_id = $1",
      [id],
    );
    expect(JSON.parse(events.rows[0].payload)).toEqual({
      type: "contact.erased",
      privacyRequestId: id,
      email: me,
      applicationIds: [mine],
      erasedAt: expect.any(String),
    });
    expect((await auditRows(ctx.db.store, id, "privacy-request.erased"))[0].details).toMatchObject({
      erasedApplications: 1,
      heldApplications: 1,
      heldApplicationIds: [held],
    });

    const again = await client.post(`/api/desk/privacy-requests/${id}/erase`, {});
    expect(again.statusCode).toBe(409);
  });

  it("keeps everything of an address on legal hold, says so, and sends the CRM nothing", async () => {
    const email = `held-${engine}-${Date.now()}@example.com`;
    const app = await submit(ctx.app, { email, companyName: "Whole Hold Inc" });
    expect((await asAdmin("/api/desk/legal-holds", { email, reason: "Regulator inquiry" })).statusCode).toBe(
      201,
    );
    const before = await application(app);
    const id = await verifiedRequest(ctx.app, ctx.db.store, { kind: "delete", email });

    const response = await client.post(`/api/desk/privacy-requests/${id}/erase`, {});
    expect(response.json()).toMatchObject({
      emailHeld: true,
      erasedApplications: 0,
      heldApplicationIds: [app],
      item: { resolution: "Nothing erased: the address is under a legal hold." },
    });
    expect(await application(app)).toEqual(before);
    expect(await count("opt_out_outbox WHERE privacy_request_id = $1", [id])).toBe(0);
  });

  it("erases only for a deletion request", async () => {
    const email = `a-${engine}-${Date.now()}@example.com`;
    const id = await verifiedRequest(ctx.app, ctx.db.store, { kind: "access", email });
    const response = await client.post(`/api/desk/privacy-requests/${id}/erase`, {});
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: "Only a deletion request erases data" });
    expect((await client.post("/api/desk/privacy-requests/nope/erase", {})).statusCode).toBe(404);
  });
});
