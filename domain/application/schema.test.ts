import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrors } from "../lib/field-errors";
import {
  annualRevenueOptions,
  applicationRequestSchema,
  applicationSchema,
  attributionSchema,
  creditScoreOptions,
  emptyApplication,
  fundingPurposeOptions,
  fundingTypeOptions,
  HONEYPOT_FIELD,
  industryOptions,
  optionsByField,
  SMS_CONSENT_VERSION,
  smsConsentText,
  smsConsentVersions,
  timeframeOptions,
  yearsInBusinessOptions,
} from "./schema";
import { applicationSteps, stepOfField, TOTAL_STEPS, type ApplicationField } from "./steps";
import { sampleApplication } from "../../test/support/sample-application";

const valid = sampleApplication;

function errorsFor(input: Record<string, unknown>): Record<string, string> {
  const result = applicationSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

function messageFor(field: ApplicationField, value: unknown): string | undefined {
  return errorsFor({ ...valid, [field]: value })[field];
}

describe("applicationSchema", () => {
  it("accepts a complete application", () => {
    expect(applicationSchema.safeParse(valid).success).toBe(true);
  });

  it("has exactly the sixteen fields the CRM expects", () => {
    expect(Object.keys(applicationSchema.shape)).toEqual([
      "companyName",
      "industry",
      "annualRevenue",
      "yearsInBusiness",
      "businessDescription",
      "fundingType",
      "fundingAmount",
      "fundingPurpose",
      "timeframe",
      "firstName",
      "lastName",
      "email",
      "phone",
      "title",
      "creditScore",
      "smsConsent",
    ]);
    expect(Object.keys(emptyApplication).sort()).toEqual(Object.keys(applicationSchema.shape).sort());
  });

  // Each field's message as the form has always said it, with a value that must get it.
  const invalidValues = [
    ["companyName", "A", "Company name must be at least 2 characters"],
    ["companyName", " A ", "Company name must be at least 2 characters"],
    ["industry", "", "Please select an industry"],
    ["annualRevenue", "", "Please select annual revenue"],
    ["yearsInBusiness", "", "Please select years in business"],
    ["businessDescription", "", "Please provide a description of your business"],
    ["businessDescription", "   ", "Please provide a description of your business"],
    ["fundingType", "", "Please select funding type"],
    ["fundingAmount", "", "Please enter funding amount"],
    ["fundingPurpose", "", "Please select funding purpose"],
    ["timeframe", "", "Please select timeframe"],
    ["firstName", "J", "First name must be at least 2 characters"],
    ["lastName", "S", "Last name must be at least 2 characters"],
    ["email", "jane@", "Please enter a valid email address"],
    ["email", "", "Please enter a valid email address"],
    ["phone", "555-0147", "Please enter a valid phone number"],
    ["title", "C", "Please enter your title"],
    ["creditScore", "", "Please select your credit score range"],
    ["smsConsent", false, "You must consent to SMS communications to submit your application"],
  ] as const;

  it.each(invalidValues)("%s = %j gives the message the visitor must see", (field, value, message) => {
    expect(messageFor(field, value)).toBe(message);
  });

  it("reports every field's message for an empty form", () => {
    expect(errorsFor(emptyApplication)).toEqual(
      Object.fromEntries(invalidValues.map(([field, , message]) => [field, message])),
    );
  });

  it("rejects values outside each option list with that field's message", () => {
    expect(messageFor("industry", "banking")).toBe("Please select an industry");
    expect(messageFor("creditScore", "800+")).toBe("Please select your credit score range");
  });

  it("keeps the amount as text: any non-empty plain number, no minimum or maximum", () => {
    for (const amount of ["1", "0", "250000", "999999999", "1500.50"]) {
      expect(messageFor("fundingAmount", amount)).toBeUndefined();
    }
    expect(messageFor("fundingAmount", "$250,000")).toBe(
      "Please enter the amount in USD without commas or dollar signs",
    );
    expect(messageFor("fundingAmount", 250000)).toBeDefined();
  });

  it("trims text fields", () => {
    const result = applicationSchema.parse({ ...valid, companyName: "  Acme  ", email: " jane@acme.test " });
    expect(result.companyName).toBe("Acme");
    expect(result.email).toBe("jane@acme.test");
  });

  it("accepts a ten-character phone with country code", () => {
    expect(messageFor("phone", "2125550147")).toBeUndefined();
    expect(messageFor("phone", "+44 20 7946 0958")).toBeUndefined();
  });

  it("requires the consent to be exactly true", () => {
    expect(messageFor("smsConsent", "true")).toBe(
      "You must consent to SMS communications to submit your application",
    );
    expect(messageFor("smsConsent", undefined)).toBe(
      "You must consent to SMS communications to submit your application",
    );
  });
});

describe("option lists", () => {
  const values = (list: readonly { value: string }[]) => list.map((option) => option.value);

  it("lists each enum's values in the published order", () => {
    expect(values(industryOptions)).toEqual([
      "technology",
      "healthcare",
      "manufacturing",
      "retail",
      "finance",
      "real-estate",
      "construction",
      "hospitality",
      "transportation",
      "agriculture",
      "other",
    ]);
    expect(values(annualRevenueOptions)).toEqual([
      "under-100k",
      "100k-500k",
      "500k-1m",
      "1m-5m",
      "5m-10m",
      "10m+",
    ]);
    expect(values(yearsInBusinessOptions)).toEqual(["startup", "0-1", "1-2", "2-5", "5-10", "10+"]);
    expect(values(fundingTypeOptions)).toEqual([
      "revenue-based",
      "asset-based",
      "venture-debt",
      "strategic-financing",
      "real-estate",
      "sba-loan",
      "working-capital",
      "equipment-financing",
      "other",
    ]);
    expect(values(fundingPurposeOptions)).toEqual([
      "working-capital",
      "expansion",
      "equipment",
      "inventory",
      "real-estate",
      "marketing",
      "hiring",
      "technology",
      "debt-consolidation",
      "other",
    ]);
    expect(values(timeframeOptions)).toEqual(["asap", "1-month", "2-3-months", "3-6-months", "6-months+"]);
    expect(values(creditScoreOptions)).toEqual(["570-640", "640-700", "700-750", "750-800+"]);
  });

  it("uses the special labels the form shows", () => {
    expect(yearsInBusinessOptions.find((option) => option.value === "startup")?.label).toBe("Pre-revenue");
    expect(fundingTypeOptions.find((option) => option.value === "strategic-financing")?.label).toBe(
      "0% Strategic Financing",
    );
  });

  it("shows the published ranges as hints on the funding options", () => {
    const hint = (value: string) => fundingTypeOptions.find((option) => option.value === value)?.hint;
    expect(hint("revenue-based")).toBe("$100K-$5M");
    expect(hint("asset-based")).toBe("$500K-$50M");
    expect(hint("venture-debt")).toBe("$1M-$25M");
    expect(hint("strategic-financing")).toBe("$25K-$500K");
  });

  it("has no option with an empty value or label, and no duplicates", () => {
    for (const [field, list] of Object.entries(optionsByField)) {
      for (const option of list) {
        expect(option.value, field).not.toBe("");
        expect(option.label.trim(), field).not.toBe("");
      }
      expect(new Set(values(list)).size, field).toBe(list.length);
    }
  });

  it("accepts every listed value and no other", () => {
    for (const [field, list] of Object.entries(optionsByField)) {
      for (const option of list) {
        expect(
          messageFor(field as ApplicationField, option.value),
          `${field}=${option.value}`,
        ).toBeUndefined();
      }
    }
  });
});

describe("steps", () => {
  it("has the four steps, titles and fields, covering every field once", () => {
    expect(TOTAL_STEPS).toBe(4);
    expect(applicationSteps.map((step) => step.title)).toEqual([
      "Company Information",
      "Funding Details",
      "Contact Information",
      "Review & Submit",
    ]);
    const fields = applicationSteps.flatMap((step) => step.fields);
    expect([...fields].sort()).toEqual(Object.keys(applicationSchema.shape).sort());
  });

  it("maps each field to its step", () => {
    expect(stepOfField("companyName")).toBe(1);
    expect(stepOfField("fundingAmount")).toBe(2);
    expect(stepOfField("email")).toBe(3);
    expect(stepOfField("smsConsent")).toBe(4);
  });
});

describe("SMS consent", () => {
  it("states the consent wording the provider requires and is versioned", () => {
    expect(smsConsentText).toMatch(/receive text messages/);
    expect(smsConsentText).toMatch(/application/);
    expect(smsConsentText).toMatch(/updates/);
    expect(smsConsentText).toMatch(/promotions/);
    expect(smsConsentText).toMatch(/Message and data rates may apply/);
    expect(smsConsentText).toMatch(/Reply STOP to opt out/);
    expect(smsConsentVersions[SMS_CONSENT_VERSION]).toBe(smsConsentText);
  });
});

describe("request schema", () => {
  it("accepts the envelope around the sixteen fields", () => {
    const result = applicationRequestSchema.safeParse({
      ...valid,
      submissionId: "3f1c2b8e-8a34-4c5e-9d2b-7d1f0b7b2c11",
      consentVersion: SMS_CONSENT_VERSION,
      pageUrl: "https://example.test/#funding-form",
      attribution: { firstTouch: { utm_source: "google", at: "2024-01-01T00:00:00.000Z" } },
      [HONEYPOT_FIELD]: "",
    });
    expect(result.success).toBe(true);
  });

  it("rejects a malformed submission id or consent version", () => {
    expect(applicationRequestSchema.safeParse({ ...valid, submissionId: "abc" }).success).toBe(false);
    expect(applicationRequestSchema.safeParse({ ...valid, consentVersion: "v0" }).success).toBe(false);
  });

  it("validates attribution", () => {
    expect(attributionSchema.safeParse({ landingPage: "/" }).success).toBe(true);
    // Attribution is metadata: over-long values are cut, never a reason to refuse an application.
    const parsed = attributionSchema.parse({ firstTouch: { utm_source: ` ${"x".repeat(600)}` } });
    expect(parsed.firstTouch?.utm_source).toBe("x".repeat(500));
  });
});

describe("the validation layer's generic defaults", () => {
  it("reads Required, Invalid input and String must contain at least N character(s)", () => {
    const schema = z.object({ name: z.string().min(3), kind: z.enum(["a", "b"]) });
    const missing = schema.safeParse({});
    expect(missing.success).toBe(false);
    expect(fieldErrors(missing.error!)).toEqual({ name: "Required", kind: "Required" });

    const wrong = schema.safeParse({ name: "ab", kind: "c" });
    expect(fieldErrors(wrong.error!)).toEqual({
      name: "String must contain at least 3 character(s)",
      kind: "Invalid input",
    });
    expect(z.number().safeParse("1").error?.issues[0]?.message).toBe("Invalid input");
  });

  it("says Required for a missing application field without its own message", () => {
    const { companyName: _omitted, ...rest } = valid;
    expect(errorsFor(rest).companyName).toBe("Required");
  });
});
