/**
 * An application's consent evidence file as staff download it, on both
 * engines: the exact consent text and its SHA-256, the submission as stored,
 * the CRM's attempts; audited.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { smsConsentText } from "#domain/application/schema";
import { auditRows, deliveryHistory, useStaffDesk } from "../../../test/support/desk-applications";
import { ENGINES, validApplication } from "../../../test/support/server";
import { sha256 } from "./views";

describe.each(ENGINES)("desk consent evidence on %s", (engine) => {
  const { ctx, client, staff } = useStaffDesk(engine);

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
      exportedBy: staff().email,
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
    // The instant the browser stamped, with the provider's offset (../time-zone.test.ts).
    expect(Date.parse(evidence.consent.consentedAt)).toBe(Date.parse(evidence.submission.payload.timestamp));
    expect(await auditRows(ctx.db.store, id, "evidence.exported")).toEqual([
      expect.objectContaining({ actor_email: staff().email }),
    ]);
  });
});
