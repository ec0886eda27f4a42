/**
 * Consent evidence, the consent lookup and delivery health as staff use them,
 * on both engines.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { smsConsentText } from "#domain/application/schema";
import { sha256 } from "./views";
import { retryWindowMs } from "../../crm-delivery/policy";
import { signedInStaff } from "../../../test/support/desk";
import {
  auditRows,
  deliveryHistory,
  deskClient,
  placeAt,
  submit,
} from "../../../test/support/desk-applications";
import { buildTestApp, ENGINES, useTestApp, validApplication } from "../../../test/support/server";

describe.each(ENGINES)("desk evidence, consent lookup and health on %s", (engine) => {
  const ctx = useTestApp(engine, { resetEach: false });
  let staff: { cookie: string; email: string };
  const client = deskClient(
    () => ctx.app,
    () => staff.cookie,
  );

  beforeAll(async () => {
    staff = await signedInStaff(ctx.app, { role: "staff" });
  });
  beforeEach(() => ctx.db.reset());

  it("exports the consent evidence as a JSON download, and audits it", async () => {
    const body = validApplication({ companyName: "Evidence Co", pageUrl: "https://example.test/apply" });
    const posted = await ctx.app.inject({
      method: "POST",
      url: "/api/applications",
      headers: { "content-type": "application/json", "user-agent": "EvidenceBrowser/2.0" },
      payload: body,
    });
    const id = posted.json().id;
    await deliveryHistory(ctx.db.store, id, "delivered", [
      { at: "2024-01-01T00:00:01.000Z", status: 500, error: "HTTP 500", outcome: "retry", durationMs: 12 },
      { at: "2024-01-01T00:00:11.000Z", status: 200, outcome: "delivered", durationMs: 9 },
    ]);

    const response = await client.get(`/api/desk/applications/${id}/evidence`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="consent-evidence-${id}.json"`,
    );
    const evidence = response.json();
    expect(evidence).toMatchObject({
      applicationId: id,
      exportedBy: staff.email,
      consent: {
        text: smsConsentText,
        version: "sms-consent-2024-01",
        sha256: sha256(smsConsentText),
        ip: "127.0.0.1",
        userAgent: "EvidenceBrowser/2.0",
        pageUrl: "https://example.test/apply",
        phone: body.phone,
      },
      submission: { ip: "127.0.0.1", userAgent: "EvidenceBrowser/2.0", state: "received" },
      crmDelivery: {
        idempotencyKey: id,
        state: "delivered",
        attempts: [
          { attempt: 1, status: 500, error: "HTTP 500", durationMs: 12, outcome: "retry" },
          { attempt: 2, status: 200, error: null, durationMs: 9, outcome: "delivered" },
        ],
      },
    });
    // The SHA-256 is of the exact text, as anyone can recompute it.
    expect(evidence.consent.sha256).toBe(createHash("sha256").update(evidence.consent.text).digest("hex"));
    // The submission as stored and sent to the CRM: the sixteen fields first, in order.
    const { submissionId: _s, pageUrl: _p, ...fields } = body as Record<string, unknown>;
    expect(Object.keys(evidence.submission.payload).slice(0, 16)).toEqual(Object.keys(fields));
    expect(evidence.submission.payload).toMatchObject({
      ...fields,
      applicationId: id,
      source: expect.any(String),
    });
    // The instant the browser stamped, with the provider's offset (test/desk/time-zone.test.ts).
    expect(Date.parse(evidence.consent.consentedAt)).toBe(Date.parse(evidence.submission.payload.timestamp));
    expect(await auditRows(ctx.db.store, id, "evidence.exported")).toEqual([
      expect.objectContaining({ actor_email: staff.email }),
    ]);
  });

  it("finds every consent for a phone number however it is written, or an e-mail in any case", async () => {
    const a = await submit(ctx.app, {
      phone: "+1 (212) 555-0199",
      email: "Owner@Shop.example",
      companyName: "Shop One",
    });
    const b = await submit(ctx.app, {
      phone: "212.555.0199",
      email: "other@shop.example",
      companyName: "Shop Two",
    });
    await submit(ctx.app, { phone: "212 555 0198", email: "owner@elsewhere.example" });
    await placeAt(ctx.db.store, a, "2024-01-01T00:00:00Z");

    for (const phone of ["2125550199", "(212) 555-0199", "+1-212-555-0199"]) {
      const response = await client.get(`/api/desk/consents?phone=${encodeURIComponent(phone)}`);
      expect(response.statusCode).toBe(200);
      expect(
        response
          .json()
          .items.map((item: { applicationId: string }) => item.applicationId)
          .sort(),
      ).toEqual([a, b].sort());
    }
    const byEmail = await client.get("/api/desk/consents?email=OWNER%40shop.EXAMPLE");
    expect(byEmail.json()).toEqual({
      items: [
        {
          applicationId: a,
          consentedAt: expect.any(String),
          consentVersion: "sms-consent-2024-01",
          consentSha256: sha256(smsConsentText),
          phone: "+1 (212) 555-0199",
          email: "Owner@Shop.example",
          companyName: "Shop One",
        },
      ],
    });
    expect((await client.get("/api/desk/consents?phone=999")).statusCode).toBe(400);
    expect((await client.get("/api/desk/consents")).statusCode).toBe(400);
    expect((await client.get("/api/desk/consents?phone=2125550199&email=a%40b.c")).statusCode).toBe(400);
    expect((await client.get("/api/desk/consents?email=nobody")).statusCode).toBe(400);
    expect((await client.get("/api/desk/consents?email=a%00%40b.c")).statusCode).toBe(400);
    expect((await client.get("/api/desk/consents?email=%ED%A0%80%40b.c")).statusCode).toBe(400);
    expect(await auditRows(ctx.db.store, undefined, "consents.looked_up")).toContainEqual(
      expect.objectContaining({
        actor_email: staff.email,
        details: { email: "OWNER@shop.EXAMPLE", found: 1 },
      }),
    );
  });

  it("reports delivery health: counts, oldest waiting, last delivered, dead rows; redelivers the dead", async () => {
    const empty = (await client.get("/api/desk/health")).json();
    expect(empty).toEqual({
      webhookConfigured: false,
      counts: { pending: 0, sending: 0, delivered: 0, dead: 0 },
      oldestWaitingAt: null,
      lastDeliveredAt: null,
      dead: [],
      deadKinds: { temporary: 0, permanent: 0 },
      mailConfigured: false,
      mail: { pending: 0, sending: 0, sent: 0, dead: 0, cancelled: 0 },
      retryWindowMs: retryWindowMs(ctx.app.config.delivery),
    });

    const waiting = await submit(ctx.app, { companyName: "Waiting Co" });
    await placeAt(ctx.db.store, waiting, "2024-02-01T08:00:00Z");
    await submit(ctx.app, { companyName: "Newer Waiting Co" });
    const delivered = await submit(ctx.app);
    await deliveryHistory(ctx.db.store, delivered, "delivered", [
      { at: "2024-02-02T10:00:00.000Z", status: 200, outcome: "delivered" },
    ]);
    const dead = await submit(ctx.app, { companyName: "Dead Letter Co" });
    await deliveryHistory(ctx.db.store, dead, "dead", [
      { at: "2024-02-03T10:00:00.000Z", status: 410, error: "HTTP 410", outcome: "dead" },
    ]);
    await submit(ctx.app, { companyWebsite: "bot" });

    const health = (await client.get("/api/desk/health")).json();
    expect(health).toMatchObject({
      webhookConfigured: false,
      counts: { pending: 2, sending: 0, delivered: 1, dead: 1 },
      oldestWaitingAt: "2024-02-01T08:00:00.000Z",
      lastDeliveredAt: "2024-02-02T10:00:00.000Z",
    });
    expect(health.dead).toEqual([
      expect.objectContaining({ id: dead, companyName: "Dead Letter Co", delivery: "dead" }),
    ]);
    // The receipts (three a day to one address; none for the honeypot's), one of them refused for good.
    await ctx.db.store.query(
      "UPDATE mail_outbox SET status = 'dead' WHERE id = (SELECT min(id) FROM mail_outbox)",
    );
    expect((await client.get("/api/desk/health")).json().mail).toEqual({
      pending: 2,
      sending: 0,
      sent: 0,
      dead: 1,
      cancelled: 0,
    });

    // A 410 is refused for good: only sent again when staff include the refusals.
    const redelivered = await client.post("/api/desk/deliveries/redeliver-dead", { include: "all" });
    expect(redelivered.json()).toEqual({ redelivered: 1, permanentLeft: 0 });
    expect((await client.get("/api/desk/health")).json().counts).toMatchObject({ pending: 3, dead: 0 });
    expect(await auditRows(ctx.db.store, undefined, "deliveries.redelivered_dead")).toContainEqual(
      expect.objectContaining({ actor_email: staff.email, details: { count: 1, include: "all" } }),
    );
  });

  describe("with a CRM webhook configured", () => {
    let app: Awaited<ReturnType<typeof buildTestApp>>;
    beforeAll(async () => {
      app = await buildTestApp({ store: ctx.db.store, env: { LEAD_WEBHOOK_URL: "http://127.0.0.1:9/crm" } });
    });
    afterAll(() => app?.close());

    it("says so", async () => {
      const { cookie } = await signedInStaff(app);
      const response = await app.inject({ method: "GET", url: "/api/desk/health", headers: { cookie } });
      expect(response.json().webhookConfigured).toBe(true);
      // The webhook's address is a secret: it is never shown.
      expect(response.body).not.toContain("127.0.0.1:9");
    });
  });
});
