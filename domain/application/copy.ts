/**
 * Words of the application section and wizard other than the steps' titles
 * (steps.ts) and the validation messages (schema.ts): field labels,
 * placeholders, hints, buttons and notices. Zod-free, so the home page's
 * static placeholder can use them without loading the wizard.
 */
import { figures } from "../claims/figures";
import { markClaim } from "../claims/text";
import type { AnswerField } from "./steps";

// The section's claims, marked for the page (domain/claims/text.ts); the wizard's own
// words below stay plain, for the islands and the e-mails.
const applicationTime = markClaim("application-time", `${figures.applicationMinutes} minutes`);
const reviewTime = markClaim("review-time", `${figures.reviewHours} hours`);

export const sectionCopy = {
  eyebrow: `Apply in about ${applicationTime}`,
  title: "Start Your Funding Application",
  description: `Tell us about your business and the capital you need. A funding specialist reviews every application within ${reviewTime}.`,
  loading: "Loading the application form…",
  assurances: [
    {
      icon: "clock",
      title: `About ${applicationTime}`,
      text: "Four short steps, saved as you go.",
    },
    {
      icon: "file-check",
      title: `Reviewed within ${reviewTime}`,
      text: "A specialist reads every application.",
    },
    {
      icon: "badge-check",
      title: `Decision within ${markClaim("decision-time", `${figures.decisionHours} hours`)}`,
      text: `Funding in as little as ${markClaim("funding-speed", `${figures.averageFundingWeeks} weeks`)}.`,
    },
    { icon: "shield", title: "No equity dilution", text: "Keep ownership, control and your board." },
  ],
  help: "Questions while you apply? Call us at",
} as const;

type FieldCopy = {
  label: string;
  /** Shorter label for the review step, where space is tight. */
  summaryLabel?: string;
  placeholder?: string;
  hint?: string;
  autoComplete?: string;
};

export const fieldCopy: Record<AnswerField, FieldCopy> = {
  companyName: { label: "Company Name", placeholder: "Acme Inc.", autoComplete: "organization" },
  industry: { label: "Industry", placeholder: "Select your industry" },
  annualRevenue: { label: "Annual Revenue", placeholder: "Select annual revenue" },
  yearsInBusiness: { label: "Years in Business", placeholder: "Select years in business" },
  businessDescription: {
    label: "Business Description",
    placeholder: "What your company does, who your customers are, and how you make money.",
  },
  fundingType: { label: "Funding Type", placeholder: "Select funding type" },
  fundingAmount: {
    label: "Funding Amount (USD)",
    summaryLabel: "Funding Amount",
    placeholder: "e.g. 250000",
    hint: "Enter the amount in USD without commas or dollar signs",
  },
  fundingPurpose: { label: "Funding Purpose", placeholder: "Select funding purpose" },
  timeframe: { label: "Timeframe", placeholder: "When do you need the funds?" },
  firstName: { label: "First Name", placeholder: "Jane", autoComplete: "given-name" },
  lastName: { label: "Last Name", placeholder: "Smith", autoComplete: "family-name" },
  email: { label: "Email Address", placeholder: "jane@company.com", autoComplete: "email" },
  phone: {
    label: "Phone Number",
    placeholder: "(555) 123-4567",
    hint: "Include country code if outside the US",
    autoComplete: "tel",
  },
  title: { label: "Job Title", placeholder: "CEO, Founder, CFO…", autoComplete: "organization-title" },
  creditScore: { label: "Credit Score Range", placeholder: "Select your credit score range" },
};

export const wizardCopy = {
  previous: "Previous",
  next: "Next",
  submit: "Confirm & Submit Application",
  submitting: "Submitting Application...",
  edit: "Edit",
  consentLinksLead: "See our",
  newTab: "(opens in a new tab)",
  successTitle: "Application Submitted Successfully!",
  successDescription: `We'll review your application and get back to you within ${figures.reviewHours} hours.`,
  errorTitle: "Submission Error",
  errorDescription: "There was an error submitting your application. Please try again.",
  honeypotLabel: "Company website (leave this empty)",
  stepsLabel: "Application steps",
  reviewNote: `A funding specialist reviews every application within ${figures.reviewHours} hours and contacts you directly.`,
  // The offer to book the call, shown after the success toast until dismissed.
  bookingOfferTitle: "Your application is in",
  bookingOfferReference: "Your reference number",
  bookingOfferText: `Talk it through sooner: pick a time for a free ${figures.consultationMinutes}-minute call with a funding specialist now. Your name and email are already filled in.`,
  bookingOfferBook: "Book your call now",
  bookingOfferDismiss: "Not now",
} as const;
