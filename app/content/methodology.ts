/**
 * The methodology page ("How we count"): every claim of the register, grouped,
 * with what it counts and when it is reviewed. The words come from the
 * register (domain/claims/register.ts); only the grouping and the page's own
 * copy are here.
 */
import type { ClaimRecord } from "#domain/claims/record";
import { claimRegister } from "#domain/claims/register";
import { siteFacts } from "#domain/site-facts";

export const METHODOLOGY_PATH = "/methodology";

const GROUPS = [
  {
    id: "company-figures",
    title: "Company figures",
    description: "What the firm has done so far: clients funded, capital placed, the team's experience.",
  },
  {
    id: "time",
    title: "Promises about time",
    description: "How long applying, reviews, decisions, each step and funding take.",
  },
  {
    id: "product-terms",
    title: "Product terms",
    description: "The amounts, terms and rates each product offers, per the rate sheet and credit policy.",
  },
  {
    id: "ratings-testimonials",
    title: "Ratings and testimonials",
    description: "What clients say, with where it comes from and how many stand behind it.",
  },
] as const;

export type MethodologyGroupId = (typeof GROUPS)[number]["id"];

const TIME = new Set([
  "decision-time",
  "review-time",
  "application-time",
  "consultation-length",
  "typical-funding-time",
  "average-funding-time",
  "funding-speed",
  "process-timeline",
  "privacy-response-time",
  "privacy-link-validity",
  "bridge-fastest-funding",
]);
const TERMS = new Set(["equity-kept", "typical-package"]);

/** The group a claim is listed under. */
export function methodologyGroupOf(id: string): MethodologyGroupId {
  if (id === "average-rating" || id.startsWith("testimonial-")) return "ratings-testimonials";
  if (TIME.has(id) || id.startsWith("speed-") || id.startsWith("step-")) return "time";
  if (TERMS.has(id) || id.startsWith("range-") || id.startsWith("terms-")) return "product-terms";
  return "company-figures";
}

export interface MethodologyGroup {
  id: MethodologyGroupId;
  title: string;
  description: string;
  records: ClaimRecord[];
}

export const methodologyGroups: MethodologyGroup[] = GROUPS.map((group) => ({
  ...group,
  records: claimRegister.filter((record) => methodologyGroupOf(record.id) === group.id),
}));

export const methodologyPageContent = {
  intro: {
    eyebrow: "How we count",
    title: "How we count our figures",
    description: `Every figure on this site is a registered claim: what it counts, who keeps it true, who signs it off and when it is reviewed again. This page lists each one, as the site states it.`,
  },
  groups: methodologyGroups,
  seo: {
    title: `How We Count: Our Figures and Their Sources | ${siteFacts.brand}`,
    description: `What each figure on the ${siteFacts.brand} site counts: numerator, denominator, population and period, its source for ratings and testimonials, and when it is next reviewed.`,
  },
};

export type MethodologyPageContent = typeof methodologyPageContent;
