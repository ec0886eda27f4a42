/**
 * The consent lookup as staff use it, on both engines: by a phone number
 * however it is written, or an e-mail in any case; a bad query is a 400;
 * every lookup is audited.
 */
import { describe, expect, it } from "vitest";
import { smsConsentText } from "#domain/application/schema";
import { auditRows, useStaffDesk, placeAt, submit } from "../../../test/support/desk-applications";
import { ENGINES } from "../../../test/support/server";
import { sha256 } from "../application/views";

describe.each(ENGINES)("desk consent lookup on %s", (engine) => {
  const { ctx, client, staff } = useStaffDesk(engine);

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
    expect(await auditRows(ctx.db.store, undefined, "consents.looked-up")).toContainEqual(
      expect.objectContaining({
        actor_email: staff().email,
        details: { email: "OWNER@shop.EXAMPLE", found: 1 },
      }),
    );
  });
});
