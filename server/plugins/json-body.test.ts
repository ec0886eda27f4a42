/**
 * Text the store cannot hold: PostgreSQL `text` refuses U+0000, `jsonb`
 * refuses U+0000 and lone surrogates. Whatever a visitor (or a bot) types,
 * the answer is a 2xx with clean text stored, or a 400 naming the field;
 * never a 500.
 */
import { applicationSchema, messages } from "#domain/application/schema";
import { describe, expect, it } from "vitest";
import { ENGINES, useTestApp, validApplication } from "../../test/support/server";
import { sampleApplication } from "../../test/support/sample-application";
import { hasUnsafeText } from "../clean-text";

const TEXT_FIELDS = Object.keys(applicationSchema.shape).filter(
  (field) => typeof sampleApplication[field as keyof typeof sampleApplication] === "string",
) as (keyof typeof sampleApplication)[];

/** The sample value with a NUL and other C0 controls pasted into the middle. */
const soiled = (value: string) => `${value.slice(0, 1)}\u0000\u0007\u001b${value.slice(1)}\u007f`;

describe.each(ENGINES)("control characters and lone surrogates on %s", (engine) => {
  const ctx = useTestApp(engine);

  const post = (url: string, payload: unknown) =>
    ctx.app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(payload),
    });

  const stored = async (id: string) => {
    const { rows } = await ctx.db.store.query<Record<string, unknown>>(
      `SELECT a.*, a.attribution::text AS attribution_text, a.payload::text AS payload_text, c.page_url
         FROM applications a JOIN consents c ON c.application_id = a.id WHERE a.id = $1`,
      [id],
    );
    return rows[0];
  };

  it("removes a NUL and other control characters from every text field, and stores the application", async () => {
    const body = validApplication({
      ...Object.fromEntries(TEXT_FIELDS.map((field) => [field, soiled(String(sampleApplication[field]))])),
      businessDescription: "Robots.\tLine two\r\nLine three\u0000",
      pageUrl: "http://localhost:3000/\u0000apply",
      attribution: {
        firstTouch: { utm_source: "news\u0000letter", landingPage: "/\u0000", at: "2024-01-01T00:00:00Z" },
        lastTouch: { utm_campaign: "\u0000spring\u0001" },
        referrer: "https://search.example/\u0000",
      },
    });
    const response = await post("/api/applications", body);

    expect(response.statusCode).toBe(201);
    const row = await stored(response.json().id);
    expect(row).toMatchObject({
      company_name: sampleApplication.companyName,
      first_name: sampleApplication.firstName,
      last_name: sampleApplication.lastName,
      title: sampleApplication.title,
      email: sampleApplication.email,
      phone: sampleApplication.phone,
      industry: sampleApplication.industry,
      credit_score: sampleApplication.creditScore,
      // Tab, carriage return and newline are text; they stay.
      business_description: "Robots.\tLine two\r\nLine three",
      page_url: "http://localhost:3000/apply",
    });
    expect(JSON.parse(String(row.attribution_text))).toEqual({
      firstTouch: { utm_source: "newsletter", landingPage: "/", at: "2024-01-01T00:00:00Z" },
      lastTouch: { utm_campaign: "spring" },
      referrer: "https://search.example/",
    });
    // What the CRM will receive is clean too.
    expect(String(row.payload_text)).not.toMatch(/\\u00[01]|\\u007f/i);
  });

  it("answers 400 with the field's own message when a field is only control characters", async () => {
    const response = await post("/api/applications", validApplication({ companyName: "\u0000\u0000\u0000" }));

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: messages.companyName,
      errors: { companyName: messages.companyName },
    });
  });

  it("stores a lone surrogate as U+FFFD, in the fields and in the attribution", async () => {
    const response = await post(
      "/api/applications",
      validApplication({
        businessDescription: "Bakery \ud800 and caf\udc00e",
        attribution: { firstTouch: { utm_term: "\udbff" }, landingPage: "/\udfff" },
        pageUrl: "/apply\ud83d",
      }),
    );

    expect(response.statusCode).toBe(201);
    const row = await stored(response.json().id);
    expect(row.business_description).toBe("Bakery \ufffd and caf\ufffde");
    expect(JSON.parse(String(row.attribution_text))).toEqual({
      firstTouch: { utm_term: "\ufffd" },
      landingPage: "/\ufffd",
    });
    expect(row.page_url).toBe("/apply\ufffd");
  });

  it("keeps an emoji whole, and stores attribution cut in the middle of one", async () => {
    // Attribution values are cut at 500 characters; the cut lands inside the emoji's surrogate pair.
    const campaign = `${"a".repeat(499)}😀`;
    const response = await post(
      "/api/applications",
      validApplication({
        companyName: "Acme 😀 Robotics",
        attribution: { lastTouch: { utm_campaign: campaign } },
      }),
    );

    expect(response.statusCode).toBe(201);
    const row = await stored(response.json().id);
    expect(row.company_name).toBe("Acme 😀 Robotics");
    const attribution = JSON.parse(String(row.attribution_text));
    expect(attribution.lastTouch.utm_campaign).toMatch(/^a{499}.?$/u);
    expect(hasUnsafeText(attribution.lastTouch.utm_campaign)).toBe(false);
  });

  it("cleans the newsletter address, and answers 400 when nothing is left of it", async () => {
    const clean = await post("/api/newsletter", { email: "ann\u0000@example.com\u0007" });
    const empty = await post("/api/newsletter", { email: "\u0000" });
    const surrogate = await post("/api/newsletter", { email: "\ud800@example.com" });

    expect(clean.statusCode).toBe(201);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      error: "Please enter a valid email address",
      errors: { email: "Please enter a valid email address" },
    });
    expect(surrogate.statusCode).toBe(400);
    const { rows } = await ctx.db.store.query("SELECT email FROM newsletter_subscribers");
    expect(rows).toEqual([{ email: "ann@example.com" }]);
  });
});
