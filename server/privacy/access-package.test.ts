/**
 * An access request answered, through HTTP on both engines: staff approve,
 * the requester is e-mailed a link; the link gives every kind of data held
 * about the address (applications with attribution, consent records, CRM
 * delivery history, opt-outs, e-mails sent, newsletter state, privacy
 * requests) as a page and as JSON, and nothing about a second person whose
 * data sits beside it; the link expires; only an access request gets one.
 */
import { describe, expect, it } from "vitest";
import {
  deliveryHistory,
  lastTouch,
  submit,
  useStaffDesk,
  auditRows,
} from "../../test/support/desk-applications";
import { openPackage, verifiedRequest } from "../../test/support/privacy-requests";
import { ENGINES } from "../../test/support/server";

const PACKAGE_LINK = /\/api\/privacy-requests\/package\?token=([A-Za-z0-9_-]{43})/;

describe.each(ENGINES)("an access request's copy of the data on %s", (engine) => {
  const { ctx, client } = useStaffDesk(engine);

  async function twoPeople() {
    const stamp = `${engine}-${Date.now()}`;
    const me = { email: `dana-${stamp}@example.com`, phone: "+1 212 555 0111" };
    const other = { email: `sam-${stamp}@example.com`, phone: "+1 646 555 0199" };
    const mine = await submit(ctx.app, {
      email: me.email,
      phone: me.phone,
      firstName: "Dana",
      lastName: "Mine",
      companyName: "Dana Widgets",
      ...lastTouch("spring-newsletter", "sba-push"),
    });
    await deliveryHistory(ctx.db.store, mine, "delivered", [
      { at: "2026-11-20T10:00:00Z", status: 503, error: "Service Unavailable", outcome: "retry" },
      { at: "2026-11-20T10:00:10Z", status: 200, outcome: "delivered" },
    ]);
    await submit(ctx.app, {
      email: other.email,
      phone: other.phone,
      firstName: "Sam",
      lastName: "Other",
      companyName: "Sam Secret Holdings",
    });
    for (const email of [me.email, other.email]) {
      await ctx.app.inject({
        method: "POST",
        url: "/api/newsletter",
        headers: { "content-type": "application/json" },
        payload: { email },
      });
    }
    for (const phone of [me.phone, other.phone]) {
      const recorded = await client.post("/api/desk/opt-outs", {
        channel: "sms",
        phone,
        receivedVia: "phone",
        receivedAt: "2026-11-21T10:00:00-05:00",
      });
      expect(recorded.statusCode).toBe(201);
    }
    return { me, other };
  }

  it("e-mails the requester a link to everything held about them, and nothing about anyone else", async () => {
    const { me, other } = await twoPeople();
    const id = await verifiedRequest(ctx.app, ctx.db.store, {
      kind: "access",
      email: me.email,
      name: "Dana Mine",
    });
    await verifiedRequest(ctx.app, ctx.db.store, { kind: "access", email: other.email, name: "Sam Other" });

    const approved = await client.post(`/api/desk/privacy-requests/${id}/access-package`, {});
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: "completed", closedAt: expect.any(String) });
    expect((await auditRows(ctx.db.store, id, "privacy-request.package-sent"))[0].details).toMatchObject({
      email: me.email,
    });

    const { rows } = await ctx.db.store.query<{ to_address: string; text: string }>(
      "SELECT to_address, text FROM mail_outbox WHERE kind = 'privacy-access'",
    );
    expect(rows.map((row) => row.to_address)).toEqual([me.email]);
    const token = rows[0].text.match(PACKAGE_LINK)![1];

    const json = await openPackage(ctx.app, token, "json");
    expect(json.statusCode).toBe(200);
    expect(json.headers["content-disposition"]).toContain("attachment");
    const data = json.json();
    expect(data.email).toBe(me.email);
    expect(data.applications).toHaveLength(1);
    expect(data.applications[0]).toMatchObject({
      first_name: "Dana",
      company_name: "Dana Widgets",
      phone: me.phone,
      attribution: { lastTouch: { utm_source: "spring-newsletter", utm_campaign: "sba-push" } },
      consent_record: { phone: me.phone, text: expect.any(String), version: expect.any(String) },
      crm_delivery: {
        status: "delivered",
        history: [
          expect.objectContaining({ http_status: 503, outcome: "retry" }),
          expect.objectContaining({ http_status: 200, outcome: "delivered" }),
        ],
      },
    });
    expect(data.optOuts).toEqual([expect.objectContaining({ channel: "sms", phone: me.phone })]);
    expect(data.emailsSent.map((mail: { kind: string }) => mail.kind).sort()).toEqual([
      "newsletter-confirm",
      "privacy-access",
      "privacy-verify",
      "receipt",
    ]);
    expect(data.newsletter).toMatchObject({ status: "pending" });
    expect(data.privacyRequests).toEqual([expect.objectContaining({ kind: "access", name: "Dana Mine" })]);

    // The second person is nowhere in it.
    for (const trace of [other.email, "Sam", "Sam Secret Holdings", other.phone, "6465550199"]) {
      expect(json.body).not.toContain(trace);
    }

    const page = await openPackage(ctx.app, token);
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.headers["cache-control"]).toBe("no-store");
    for (const text of [
      "Dana Widgets",
      "spring-newsletter",
      "Service Unavailable",
      "Opt-outs",
      "Newsletter",
    ]) {
      expect(page.body).toContain(text);
    }
    expect(page.body).toContain(`format=json`);
    expect(page.body).not.toContain("Sam Secret Holdings");
  });

  it("shows times in Eastern time and e-mails by name on the page; the JSON keeps ISO times and codes", async () => {
    const { me } = await twoPeople();
    const id = await verifiedRequest(ctx.app, ctx.db.store, {
      kind: "access",
      email: me.email,
      name: "Dana",
    });
    expect((await client.post(`/api/desk/privacy-requests/${id}/access-package`, {})).statusCode).toBe(200);
    const { rows } = await ctx.db.store.query<{ text: string }>(
      "SELECT text FROM mail_outbox WHERE kind = 'privacy-access' AND to_address = $1",
      [me.email],
    );
    const token = rows[0].text.match(PACKAGE_LINK)![1];

    const page = (await openPackage(ctx.app, token)).body;
    // The CRM's attempts (10:00:00Z and 10:00:10Z) and the opt-out staff recorded (10:00 in New York).
    expect(page).toContain("November 20, 2026 at 5:00 AM EST");
    expect(page).toContain("November 21, 2026 at 10:00 AM EST");
    expect(page).toMatch(/Made [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M E[SD]T\./);
    expect(page).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    for (const label of [
      "Receipt",
      "Newsletter confirmation",
      "Privacy request verification",
      "Privacy request: copy of the data",
      "Send me a copy of my data",
      "Text messages (SMS)",
      "By phone",
      "Revenue-Based Financing",
      "$1M - $5M",
      "Business Expansion",
      "Within 1 month",
      ">IP address<",
      ">CRM delivery<",
      ">SMS consent<",
    ]) {
      expect(page).toContain(label);
    }
    for (const code of [
      "privacy-verify",
      "privacy-access",
      "newsletter-confirm",
      ">receipt<",
      ">access<",
      ">revenue-based<",
      ">1m-5m<",
    ]) {
      expect(page).not.toContain(code);
    }

    const data = (await openPackage(ctx.app, token, "json")).json();
    expect(data.generatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(data.optOuts[0].received_at).toBe("2026-11-21T15:00:00.000Z");
    expect(data.applications[0].crm_delivery.history[0].at).toMatch(/^2026-11-20T10:00:00/);
    expect(data.emailsSent.map((mail: { kind: string }) => mail.kind)).toContain("privacy-verify");
    expect(data.privacyRequests[0].kind).toBe("access");
    expect(data.applications[0]).toMatchObject({ funding_type: "revenue-based", annual_revenue: "1m-5m" });
  });

  it("expires the link, refuses a wrong one, and gives no copy for another kind of request", async () => {
    const email = `e-${engine}-${Date.now()}@example.com`;
    const access = await verifiedRequest(ctx.app, ctx.db.store, { kind: "access", email });
    const deletion = await verifiedRequest(ctx.app, ctx.db.store, { kind: "delete", email });

    const wrongKind = await client.post(`/api/desk/privacy-requests/${deletion}/access-package`, {});
    expect(wrongKind.statusCode).toBe(409);
    expect(wrongKind.json()).toEqual({ error: "Only an access request gets a copy of the data" });

    expect((await client.post(`/api/desk/privacy-requests/${access}/access-package`, {})).statusCode).toBe(
      200,
    );
    const again = await client.post(`/api/desk/privacy-requests/${access}/access-package`, {});
    expect(again.statusCode).toBe(409);

    const { rows } = await ctx.db.store.query<{ text: string }>(
      "SELECT text FROM mail_outbox WHERE kind = 'privacy-access' AND to_address = $1",
      [email],
    );
    const token = rows[0].text.match(PACKAGE_LINK)![1];
    await ctx.db.store.query(
      "UPDATE privacy_requests SET package_expires_at = now() - interval '1 second' WHERE id = $1",
      [access],
    );
    expect((await ctx.app.inject(`/api/privacy-requests/package?token=${token}`)).statusCode).toBe(410);
    expect((await openPackage(ctx.app, token)).statusCode).toBe(410);
    expect((await ctx.app.inject(`/api/privacy-requests/package?token=${"B".repeat(43)}`)).statusCode).toBe(
      404,
    );
    expect((await ctx.app.inject("/api/privacy-requests/package?token=%00")).statusCode).toBe(404);
  });
});
