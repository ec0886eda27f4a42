import { randomUUID } from "node:crypto";
import { APPLICATION_SOURCE } from "../crm-delivery/crm-source";
import {
  HONEYPOT_FIELD,
  SMS_CONSENT_VERSION,
  applicationSchema,
  messages,
  smsConsentText,
} from "#domain/application/schema";
import { describe, expect, it } from "vitest";
import { APPLICATION_FIELDS, CRM_PAYLOAD_KEYS } from "../crm-delivery/crm-payload";
import { REFERENCE_PATTERN } from "../mail/reference";
import { BOOKING_TOKEN_PATTERN } from "./booking-token";
import { hashRoomToken } from "../room/room-link";
import { ENGINES, useTestApp, validApplication } from "../../test/support/server";

describe.each(ENGINES)("POST /api/applications on %s", (engine) => {
  const ctx = useTestApp(engine);

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/applications",
      headers: { "content-type": "application/json", ...headers },
      payload: typeof payload === "string" ? payload : JSON.stringify(payload),
    });

  const count = async (table: string) =>
    Number((await ctx.db.store.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);

  const ROOM_LINK = /^http:\/\/localhost:3000\/documents\/[A-Za-z0-9_-]{43}$/;

  it("stores a valid application with its consent record and outbox row, then answers 201 {id, reference, bookingToken, roomLink}", async () => {
    const body = validApplication({ pageUrl: "http://localhost:3000/products/growth-capital" });
    const response = await post(body, { "user-agent": "vitest-agent/1.0" });

    expect(response.statusCode).toBe(201);
    const { id } = response.json();
    expect(response.json()).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      reference: expect.stringMatching(REFERENCE_PATTERN),
      bookingToken: expect.stringMatching(BOOKING_TOKEN_PATTERN),
      roomLink: expect.stringMatching(ROOM_LINK),
    });

    const { rows } = await ctx.db.store.query<Record<string, unknown>>(
      "SELECT * FROM applications WHERE id = $1",
      [id],
    );
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row).toMatchObject({
      submission_id: body.submissionId,
      status: "received",
      quarantine_reason: null,
      source: APPLICATION_SOURCE,
      company_name: "Acme Robotics",
      annual_revenue: "1m-5m",
      years_in_business: "2-5",
      funding_type: "revenue-based",
      funding_purpose: "expansion",
      first_name: "Ada",
      credit_score: "700-750",
      sms_consent: true,
      user_agent: "vitest-agent/1.0",
      client_ip: "127.0.0.1",
    });
    expect(Number(row.funding_amount)).toBe(250000);
    // The answer's reference is the one stored, the number on the applicant's receipt.
    expect(row.reference).toBe(response.json().reference);
    expect(row.booking_token).toBe(response.json().bookingToken);

    const consent = (await ctx.db.store.query("SELECT * FROM consents WHERE application_id = $1", [id]))
      .rows[0];
    expect(consent).toMatchObject({
      consent_text: smsConsentText,
      consent_version: SMS_CONSENT_VERSION,
      ip: "127.0.0.1",
      user_agent: "vitest-agent/1.0",
      page_url: "http://localhost:3000/products/growth-capital",
      phone: "+1 212 555 0100",
    });
    expect(new Date(consent.consented_at as string).toISOString()).toBe(
      new Date(row.submitted_at as string).toISOString(),
    );

    const outbox = (await ctx.db.store.query("SELECT * FROM outbox WHERE application_id = $1", [id])).rows;
    expect(outbox).toEqual([expect.objectContaining({ status: "pending", attempts: 0, locked_by: null })]);
  });

  it("keeps exactly the CRM payload: the CRM's keys first, in order, then the extras", async () => {
    const attribution = {
      firstTouch: { utm_source: "google", utm_campaign: "spring", landingPage: "/" },
      lastTouch: { utm_source: "newsletter" },
      referrer: "https://www.google.com/",
      landingPage: "/?utm_source=google",
    };
    const body = validApplication({ companyName: "  Acme Robotics  ", attribution });
    const { id } = (await post(body)).json();

    const { rows } = await ctx.db.store.query<{
      payload: Record<string, unknown>;
      text: string;
      submitted_at: Date;
    }>("SELECT payload, payload::text AS text, submitted_at FROM applications WHERE id = $1", [id]);
    const payload = rows[0].payload;
    expect(Object.keys(payload)).toEqual([...CRM_PAYLOAD_KEYS, "applicationId", "attribution"]);
    expect(Object.keys(JSON.parse(rows[0].text))).toEqual(Object.keys(payload));
    expect(CRM_PAYLOAD_KEYS.slice(0, 16)).toEqual(Object.keys(applicationSchema.shape));
    for (const field of APPLICATION_FIELDS) {
      expect(payload[field]).toEqual(field === "companyName" ? "Acme Robotics" : body[field]);
    }
    expect(payload.source).toBe(APPLICATION_SOURCE);
    expect(payload.timestamp).toBe(new Date(rows[0].submitted_at).toISOString());
    expect(payload.applicationId).toBe(id);
    expect(payload.attribution).toEqual(attribution);
  });

  it("answers a repeated submissionId with 200 and the first id and reference, storing nothing new", async () => {
    const body = validApplication();
    const first = await post(body);
    const again = await post({ ...body, companyName: "Changed Co" });

    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    // The room link's token is not kept (only its hash): the receipt carries the link.
    expect(again.json()).toEqual({ ...first.json(), roomLink: null });
    expect(first.json().reference).toMatch(REFERENCE_PATTERN);
    expect(await count("applications")).toBe(1);
    expect(await count("consents")).toBe(1);
    expect(await count("outbox")).toBe(1);
    expect(await count("room_links")).toBe(1);
  });

  it("makes one application from concurrent duplicates (a double click)", async () => {
    const body = validApplication();
    const responses = await Promise.all([post(body), post(body), post(body), post(body)]);
    const ids = new Set(responses.map((response) => response.json().id));
    const references = new Set(responses.map((response) => response.json().reference));

    expect(ids.size).toBe(1);
    expect([...references]).toEqual([expect.stringMatching(REFERENCE_PATTERN)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 201]);
    expect(await count("applications")).toBe(1);
    expect(await count("outbox")).toBe(1);
  });

  it("treats different submissionIds, or none, as different applications", async () => {
    await post(validApplication());
    await post(validApplication());
    const { submissionId: _omit, ...withoutId } = validApplication();
    expect((await post(withoutId)).statusCode).toBe(201);
    expect(await count("applications")).toBe(3);
  });

  const fields = Object.keys(applicationSchema.shape) as (keyof typeof applicationSchema.shape)[];

  it.each(fields)("answers 400 with the schema's message when %s is missing", async (field) => {
    const body: Record<string, unknown> = validApplication();
    delete body[field];
    const response = await post(body);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: expect.any(String),
      errors: { [field]: expect.any(String) },
    });
    const expected = applicationSchema.shape[field].safeParse(undefined).error?.issues[0]?.message;
    expect(response.json().errors[field]).toBe(expected);
    expect(response.json().error).toBe(expected);
  });

  const invalid: [string, unknown, string][] = [
    ["companyName", "A", messages.companyName],
    ["industry", "mining", messages.industry],
    ["annualRevenue", "", messages.annualRevenue],
    ["yearsInBusiness", "100+", messages.yearsInBusiness],
    ["businessDescription", "   ", messages.businessDescription],
    ["fundingType", "loan", messages.fundingType],
    ["fundingAmount", "", messages.fundingAmount],
    ["fundingAmount", "$250,000", messages.fundingAmountFormat],
    ["fundingPurpose", "fun", messages.fundingPurpose],
    ["timeframe", "never", messages.timeframe],
    ["firstName", "A", messages.firstName],
    ["lastName", "B", messages.lastName],
    ["email", "not-an-email", messages.email],
    ["phone", "12345", messages.phone],
    ["phone", "call me maybe", messages.phone],
    ["title", "X", messages.title],
    ["creditScore", "800+", messages.creditScore],
    ["smsConsent", false, messages.smsConsent],
  ];

  it.each(invalid)(
    "answers 400 with the form's own message for an invalid %s (%j)",
    async (field, value, message) => {
      const response = await post(validApplication({ [field]: value }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: message,
        errors: { [field]: message },
      });
      expect(await count("applications")).toBe(0);
    },
  );

  it("reports every invalid field at once, and stores nothing", async () => {
    const response = await post({ submissionId: randomUUID() });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual([...fields].sort());
    expect(await count("applications")).toBe(0);
  });

  it("drops unknown keys instead of storing them", async () => {
    const response = await post(validApplication({ status: "delivered", isAdmin: true, id: randomUUID() }));
    expect(response.statusCode).toBe(201);
    const { rows } = await ctx.db.store.query<{ status: string; payload: Record<string, unknown> }>(
      "SELECT status, payload FROM applications",
    );
    expect(rows[0].status).toBe("received");
    expect(rows[0].payload).not.toHaveProperty("isAdmin");
    expect(rows[0].payload).not.toHaveProperty("status");
  });

  it("answers 415 for anything but JSON", async () => {
    for (const type of [
      "application/x-www-form-urlencoded",
      "text/plain",
      "multipart/form-data; boundary=x",
    ]) {
      const response = await ctx.app.inject({
        method: "POST",
        url: "/api/applications",
        headers: { "content-type": type },
        payload: "companyName=Acme",
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ error: "Content-Type must be application/json" });
    }
    const untyped = await ctx.app.inject({ method: "POST", url: "/api/applications", payload: "{}" });
    expect(untyped.statusCode).toBe(415);
    expect(await count("applications")).toBe(0);
  });

  it("accepts application/json with a charset", async () => {
    const response = await post(validApplication(), { "content-type": "application/json; charset=utf-8" });
    expect(response.statusCode).toBe(201);
  });

  it("answers 413 over the 16 KiB body limit", async () => {
    const response = await post(validApplication({ businessDescription: "x".repeat(17 * 1024) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: "Request body is too large" });
    expect(await count("applications")).toBe(0);
  });

  it.each([
    ["invalid JSON", "{not json", "Request body is not valid JSON"],
    ["an empty body", "", "Request body is empty"],
    ["a JSON array", "[]", "Request body must be a JSON object"],
    ["JSON null", "null", "Request body must be a JSON object"],
    ["a JSON string", '"hello"', "Request body must be a JSON object"],
    ["a __proto__ key", '{"__proto__": {"x": 1}}', expect.any(String)],
  ])("answers 400, never 500, for %s", async (_name, payload, error) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error });
    expect(response.body).not.toMatch(/at .*\.(js|ts):\d+/);
  });

  it("stores a honeypot hit as quarantined with no outbox row, and answers an ordinary 201", async () => {
    const response = await post(validApplication({ [HONEYPOT_FIELD]: "https://spam.example" }));
    expect(response.statusCode).toBe(201);
    // The answer looks like any other (a reference number too), so a bot cannot tell it was caught.
    expect(response.json()).toEqual({
      id: expect.any(String),
      reference: expect.stringMatching(/^HL-[0-9A-Z]{8}$/),
      bookingToken: expect.stringMatching(BOOKING_TOKEN_PATTERN),
      roomLink: expect.stringMatching(ROOM_LINK),
    });
    const mails = await ctx.db.store.query("SELECT kind FROM mail_outbox WHERE application_id = $1", [
      response.json().id,
    ]);
    expect(mails.rows).toEqual([]);

    const { rows } = await ctx.db.store.query(
      "SELECT status, quarantine_reason FROM applications WHERE id = $1",
      [response.json().id],
    );
    expect(rows).toEqual([{ status: "quarantined", quarantine_reason: "honeypot" }]);
    expect(await count("outbox")).toBe(0);
  });

  it("gives the application a room link: its token's hash stored, the token in the receipt and the answer only", async () => {
    const response = await post(validApplication());
    const { id, roomLink } = response.json();
    const token = roomLink.split("/").pop();
    const { rows } = await ctx.db.store.query<{ token_hash: string; made_for: string }>(
      "SELECT token_hash, made_for FROM room_links WHERE application_id = $1",
      [id],
    );
    expect(rows).toEqual([{ token_hash: hashRoomToken(token), made_for: "receipt" }]);
    const receipt = (
      await ctx.db.store.query<{ html: string; text: string }>(
        "SELECT html, text FROM mail_outbox WHERE application_id = $1 AND kind = 'receipt'",
        [id],
      )
    ).rows[0];
    expect(receipt.html).toContain(`href="${roomLink}"`);
    expect(receipt.text).toContain(roomLink);
    // Nowhere else in the store: not on the application's row, not in the staff alert.
    const elsewhere = await ctx.db.store.query(
      `SELECT 1 FROM applications a WHERE a.id = $1 AND row_to_json(a)::text LIKE '%' || $2 || '%'
       UNION ALL SELECT 1 FROM mail_outbox m WHERE m.kind <> 'receipt' AND (m.html LIKE '%' || $2 || '%' OR m.text LIKE '%' || $2 || '%')`,
      [id, token],
    );
    expect(elsewhere.rows).toEqual([]);
  });

  it("ignores an empty honeypot", async () => {
    const response = await post(validApplication({ [HONEYPOT_FIELD]: "" }));
    expect(response.statusCode).toBe(201);
    expect(await count("outbox")).toBe(1);
  });

  it("takes the page URL from the Referer when the body has none", async () => {
    const { id } = (await post(validApplication(), { referer: "http://localhost:3000/faq" })).json();
    const { rows } = await ctx.db.store.query("SELECT page_url FROM consents WHERE application_id = $1", [
      id,
    ]);
    expect(rows).toEqual([{ page_url: "http://localhost:3000/faq" }]);
  });

  it("keeps consent records write-once", async () => {
    const { id } = (await post(validApplication())).json();
    await expect(
      ctx.db.store.query("UPDATE consents SET phone = 'x' WHERE application_id = $1", [id]),
    ).rejects.toThrow(/write-once/);
    await expect(ctx.db.store.query("DELETE FROM consents WHERE application_id = $1", [id])).rejects.toThrow(
      /write-once/,
    );
  });
});
