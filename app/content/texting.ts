/**
 * The texting opt-in page (/texting): how consent to text messages is
 * collected, what carriers ask to see when the provider registers to send
 * texts. The consent sentence, its version, the step and the button are the
 * application form's own (#domain/application), never retyped here, so the
 * page shows exactly what an applicant sees; the contact details are the
 * site facts.
 */
import { wizardCopy } from "#domain/application/copy";
import { SMS_CONSENT_VERSION, smsConsentText } from "#domain/application/schema";
import { applicationSteps, stepOfField, TOTAL_STEPS } from "#domain/application/steps";
import { siteFacts } from "#domain/site-facts";

export { TEXTING_PATH } from "./texting-path";
/** The opt-out form (the site's own; STOP by text works without it). */
export const OPT_OUT_PATH = "/opt-out";

const consentStep = stepOfField("smsConsent");

export const textingPageContent = {
  seo: {
    title: `Text Messages: How We Ask for Consent | ${siteFacts.brand}`,
    description: `How ${siteFacts.brand} asks for your consent to text messages in its funding application: the exact wording you agree to, where it appears, how to get help and how to stop, at any time.`,
  },
  eyebrow: "Text messages",
  title: "Text messages from us, and how you agree to them",
  intro: `${siteFacts.brand} texts applicants only with their consent, given in our funding application. This page shows exactly how that consent is asked for, how to get help and how to stop.`,
  consent: {
    text: smsConsentText,
    version: SMS_CONSENT_VERSION,
  },
  where: {
    step: consentStep,
    totalSteps: TOTAL_STEPS,
    stepTitle: applicationSteps[consentStep - 1].title,
    submitLabel: wizardCopy.submit,
  },
  help: {
    phone: siteFacts.phone,
    email: siteFacts.email,
    hours: siteFacts.hours,
  },
  optOutPath: OPT_OUT_PATH,
  brand: siteFacts.brand,
};

export type TextingPageContent = typeof textingPageContent;
