/**
 * The wizard's steps, kept free of zod so the home page's static placeholder
 * can show the first step's title without loading the schema. schema.ts
 * re-exports these; import them from there everywhere else.
 */
import type { ApplicationField } from "./schema";

/** The wizard's four steps, their titles and the fields each validates on Next. */
export const applicationSteps = [
  {
    title: "Company Information",
    fields: ["companyName", "industry", "annualRevenue", "yearsInBusiness", "businessDescription"],
  },
  { title: "Funding Details", fields: ["fundingType", "fundingAmount", "fundingPurpose", "timeframe"] },
  {
    title: "Contact Information",
    fields: ["firstName", "lastName", "email", "phone", "title", "creditScore"],
  },
  { title: "Review & Submit", fields: ["smsConsent"] },
] as const satisfies readonly { title: string; fields: readonly ApplicationField[] }[];

export const TOTAL_STEPS = applicationSteps.length;
