/**
 * The wizard's steps: the one definition of each step's title, the line under
 * it, the fields it asks for (and validates on Next), and the review card that
 * summarises it. The field names themselves are defined here; the schema
 * gives each of them its rule. Zod-free, so the home page's static
 * placeholder can show the first step without loading the schema.
 */

/** The wizard's four steps, in order. */
export const applicationSteps = [
  {
    title: "Company Information",
    description: "Tell us about your business.",
    fields: ["companyName", "industry", "annualRevenue", "yearsInBusiness", "businessDescription"],
    summary: "Company",
  },
  {
    title: "Funding Details",
    description: "How much you need, what for, and when.",
    fields: ["fundingType", "fundingAmount", "fundingPurpose", "timeframe"],
    summary: "Funding Details",
  },
  {
    title: "Contact Information",
    description: "Who we should contact about this application.",
    fields: ["firstName", "lastName", "email", "phone", "title", "creditScore"],
    summary: "Contact",
  },
  {
    title: "Review & Submit",
    description: "Check your answers, then confirm and submit.",
    fields: ["smsConsent"],
  },
] as const satisfies readonly (
  | { title: string; description: string; fields: readonly string[]; summary: string }
  | { title: string; description: string; fields: readonly ["smsConsent"] }
)[];

/** The sixteen fields of an application, in the wizard's order. */
export type ApplicationField = (typeof applicationSteps)[number]["fields"][number];

/** Every field but the SMS consent: the answers the form holds as text. */
export type AnswerField = Exclude<ApplicationField, "smsConsent">;

export const TOTAL_STEPS = applicationSteps.length;

export const applicationFields: readonly ApplicationField[] = applicationSteps.flatMap((step) => step.fields);

/** The step (1-4) that holds a field; used to show server errors where they belong. */
export function stepOfField(field: ApplicationField): number {
  return applicationSteps.findIndex((step) => (step.fields as readonly string[]).includes(field)) + 1;
}

export interface SummaryCard {
  title: string;
  /** The step the card's Edit button returns to. */
  step: number;
  fields: readonly AnswerField[];
}

/** The review step's cards: one per step that has a summary, with that step's fields in order. */
export const summaryCards: readonly SummaryCard[] = applicationSteps.flatMap((step, index) =>
  "summary" in step ? [{ title: step.summary, step: index + 1, fields: step.fields }] : [],
);
