/**
 * The funding application's validation: each field's rule and message, the
 * option lists, the SMS consent text and the request body the server takes.
 * The fields themselves, and their order, are defined by the steps
 * (steps.ts). The wizard, the server (POST /api/applications) and the tests
 * all import this module; nothing else may redefine a rule.
 */
import "../lib/zod-config";
import { z } from "zod";
import { siteFacts } from "../site-facts";
import { clipText } from "../lib/clip-text";
import { emailAddress, invalidEmailMessage } from "../lib/email";
import { ATTRIBUTION_LIMITS, CAMPAIGN_PARAMS, type CampaignParam } from "./attribution-fields";
import type { AnswerField, ApplicationField } from "./steps";

// The server and the desk know the application by this module: they read
// the fields and steps from here too.
export { applicationSteps, type AnswerField, type ApplicationField } from "./steps";

export interface Option<V extends string = string> {
  value: V;
  label: string;
  /** Secondary text shown with the option (the funding range, say). */
  hint?: string;
}

const options = <const V extends string>(list: readonly Option<V>[]) => list;

export const industryOptions = options([
  { value: "technology", label: "Technology" },
  { value: "healthcare", label: "Healthcare" },
  { value: "manufacturing", label: "Manufacturing" },
  { value: "retail", label: "Retail" },
  { value: "finance", label: "Finance" },
  { value: "real-estate", label: "Real Estate" },
  { value: "construction", label: "Construction" },
  { value: "hospitality", label: "Hospitality" },
  { value: "transportation", label: "Transportation" },
  { value: "agriculture", label: "Agriculture" },
  { value: "other", label: "Other" },
]);

export const annualRevenueOptions = options([
  { value: "under-100k", label: "Under $100K" },
  { value: "100k-500k", label: "$100K - $500K" },
  { value: "500k-1m", label: "$500K - $1M" },
  { value: "1m-5m", label: "$1M - $5M" },
  { value: "5m-10m", label: "$5M - $10M" },
  { value: "10m+", label: "$10M+" },
]);

export const yearsInBusinessOptions = options([
  { value: "startup", label: "Pre-revenue" },
  { value: "0-1", label: "Less than 1 year" },
  { value: "1-2", label: "1-2 years" },
  { value: "2-5", label: "2-5 years" },
  { value: "5-10", label: "5-10 years" },
  { value: "10+", label: "10+ years" },
]);

// The hints are the form's own text. Revenue-based financing's "$100K-$5M" here differs from the
// product catalogue's "$100K-$2M" (the card and the product page): each is the provider's wording
// for its place, so both stay as they are.
export const fundingTypeOptions = options([
  { value: "revenue-based", label: "Revenue-Based Financing", hint: "$100K-$5M" },
  { value: "asset-based", label: "Asset-Based Lending", hint: "$500K-$50M" },
  { value: "venture-debt", label: "Venture Debt", hint: "$1M-$25M" },
  { value: "strategic-financing", label: "0% Strategic Financing", hint: "$25K-$500K" },
  { value: "real-estate", label: "Real Estate Financing" },
  { value: "sba-loan", label: "SBA Loan" },
  { value: "working-capital", label: "Working Capital" },
  { value: "equipment-financing", label: "Equipment Financing" },
  { value: "other", label: "Other" },
]);

export const fundingPurposeOptions = options([
  { value: "working-capital", label: "Working Capital" },
  { value: "expansion", label: "Business Expansion" },
  { value: "equipment", label: "Equipment Purchase" },
  { value: "inventory", label: "Inventory" },
  { value: "real-estate", label: "Real Estate" },
  { value: "marketing", label: "Marketing" },
  { value: "hiring", label: "Hiring" },
  { value: "technology", label: "Technology" },
  { value: "debt-consolidation", label: "Debt Consolidation" },
  { value: "other", label: "Other" },
]);

export const timeframeOptions = options([
  { value: "asap", label: "As soon as possible" },
  { value: "1-month", label: "Within 1 month" },
  { value: "2-3-months", label: "2-3 months" },
  { value: "3-6-months", label: "3-6 months" },
  { value: "6-months+", label: "6+ months" },
]);

export const creditScoreOptions = options([
  { value: "570-640", label: "570-640" },
  { value: "640-700", label: "640-700" },
  { value: "700-750", label: "700-750" },
  { value: "750-800+", label: "750-800+" },
]);

const values = <V extends string>(list: readonly Option<V>[]) =>
  list.map((option) => option.value) as [V, ...V[]];

const choice = <V extends string>(list: readonly Option<V>[], message: string) =>
  z.enum(values(list), { error: message });

const text = (min: number, message: string, max: number) => z.string().trim().min(min, message).max(max);

export const messages = {
  companyName: "Company name must be at least 2 characters",
  industry: "Please select an industry",
  annualRevenue: "Please select annual revenue",
  yearsInBusiness: "Please select years in business",
  businessDescription: "Please provide a description of your business",
  fundingType: "Please select funding type",
  fundingAmount: "Please enter funding amount",
  fundingAmountFormat: "Please enter the amount in USD without commas or dollar signs",
  fundingPurpose: "Please select funding purpose",
  timeframe: "Please select timeframe",
  firstName: "First name must be at least 2 characters",
  lastName: "Last name must be at least 2 characters",
  email: invalidEmailMessage,
  phone: "Please enter a valid phone number",
  title: "Please enter your title",
  creditScore: "Please select your credit score range",
  smsConsent: "You must consent to SMS communications to submit your application",
} as const;

/** The sixteen fields, each with its rule and message. */
export const applicationSchema = z.object({
  companyName: text(2, messages.companyName, 200),
  industry: choice(industryOptions, messages.industry),
  annualRevenue: choice(annualRevenueOptions, messages.annualRevenue),
  yearsInBusiness: choice(yearsInBusinessOptions, messages.yearsInBusiness),
  businessDescription: text(1, messages.businessDescription, 5000),
  fundingType: choice(fundingTypeOptions, messages.fundingType),
  fundingAmount: z
    .string()
    .trim()
    .min(1, messages.fundingAmount)
    .max(15)
    .regex(/^\d+(\.\d{1,2})?$/, messages.fundingAmountFormat),
  fundingPurpose: choice(fundingPurposeOptions, messages.fundingPurpose),
  timeframe: choice(timeframeOptions, messages.timeframe),
  firstName: text(2, messages.firstName, 100),
  lastName: text(2, messages.lastName, 100),
  email: emailAddress(),
  phone: z
    .string()
    .trim()
    .min(10, messages.phone)
    .max(25, messages.phone)
    .regex(/^\+?[\d\s().-]+$/, messages.phone),
  title: text(2, messages.title, 100),
  creditScore: choice(creditScoreOptions, messages.creditScore),
  smsConsent: z.literal(true, { error: messages.smsConsent }),
} satisfies Record<ApplicationField, z.ZodType>);

export type FundingApplication = z.infer<typeof applicationSchema>;

/** What the form holds while it is being filled in (selects start empty). */
export type ApplicationFormValues = Record<AnswerField, string> & { smsConsent: boolean };

export const emptyApplication: ApplicationFormValues = {
  companyName: "",
  industry: "",
  annualRevenue: "",
  yearsInBusiness: "",
  businessDescription: "",
  fundingType: "",
  fundingAmount: "",
  fundingPurpose: "",
  timeframe: "",
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  title: "",
  creditScore: "",
  smsConsent: false,
};

/** Labels for every option list, by field; the summary shows these words. */
export const optionsByField = {
  industry: industryOptions,
  annualRevenue: annualRevenueOptions,
  yearsInBusiness: yearsInBusinessOptions,
  fundingType: fundingTypeOptions,
  fundingPurpose: fundingPurposeOptions,
  timeframe: timeframeOptions,
  creditScore: creditScoreOptions,
} as const;

/** A field answered by choosing from a list. */
export type ChoiceField = keyof typeof optionsByField;

export function isChoiceField(name: ApplicationField): name is ChoiceField {
  return name in optionsByField;
}

// ---------------------------------------------------------------------------
// SMS consent: the exact text shown is stored with each application.

export const SMS_CONSENT_VERSION = "sms-consent-2024-01";

/** The consent sentence shown beside the checkbox (links to Terms and Privacy follow it). */
export const smsConsentText = `I agree to receive text messages from ${siteFacts.brand} at the phone number provided about my application, account updates and promotions. Message frequency varies. Message and data rates may apply. Reply STOP to opt out or HELP for help.`;

export const smsConsentVersions: Record<string, string> = {
  [SMS_CONSENT_VERSION]: smsConsentText,
};

// ---------------------------------------------------------------------------
// Attribution captured in the browser across page views.

// Attribution is metadata: an over-long value is cut, never a reason to refuse an application.
const clipped = (max: number) =>
  z
    .string()
    .transform((value) => clipText(value.trim(), max))
    .optional();
const campaignValue = clipped(ATTRIBUTION_LIMITS.value);
const url = clipped(ATTRIBUTION_LIMITS.url);

export const touchSchema = z.object({
  ...(Object.fromEntries(CAMPAIGN_PARAMS.map((param) => [param, campaignValue])) as Record<
    CampaignParam,
    typeof campaignValue
  >),
  landingPage: url,
  referrer: url,
  at: clipped(ATTRIBUTION_LIMITS.timestamp),
});

export const attributionSchema = z.object({
  firstTouch: touchSchema.optional(),
  lastTouch: touchSchema.optional(),
  referrer: url,
  landingPage: url,
});

export type Touch = z.infer<typeof touchSchema>;
export type Attribution = z.infer<typeof attributionSchema>;

/** Name of the honeypot input; people never see it, bots fill it. */
export const HONEYPOT_FIELD = "companyWebsite";

/** The request body of POST /api/applications: the sixteen fields plus the envelope. */
export const applicationRequestSchema = applicationSchema.extend({
  submissionId: z.uuid().optional(),
  consentVersion: z.enum(Object.keys(smsConsentVersions) as [string, ...string[]]).optional(),
  pageUrl: url,
  attribution: attributionSchema.optional(),
  [HONEYPOT_FIELD]: z.string().max(2000).optional(),
});

export type ApplicationRequest = z.infer<typeof applicationRequestSchema>;
