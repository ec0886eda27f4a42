import { figures } from "#domain/claims/figures";
import { claimIn, claimWording, type SiteClaimId } from "#domain/claims/register";
import type { ContentIconName } from "./icons";

/**
 * The site's marketing claims as the pages lay them out. The figures and the
 * claim records are in domain/claims (the register); every page, the FAQ and
 * the structured data read them from there, so a figure changes in one place.
 */

export { figures };

export interface Claim {
  id: SiteClaimId;
  /** The headline figure, e.g. "200+" (marked as its claim). */
  value: string;
  /** What the figure measures, e.g. "Businesses funded". */
  label: string;
  /** One supporting line under the label. */
  detail: string;
}

/** The stat grid (About us). */
export const claims: Claim[] = [
  {
    id: "businesses-funded",
    value: claimIn("businesses-funded"),
    label: "Businesses funded",
    detail: "Growth companies across technology, healthcare, manufacturing and services.",
  },
  {
    id: "capital-deployed",
    value: claimIn("capital-deployed"),
    label: "Capital deployed",
    detail: "Debt and revenue-based capital placed with founders who kept their equity.",
  },
  {
    id: "average-funding-time",
    value: claimIn("average-funding-time"),
    label: "Average funding time",
    detail: "From a completed application to money in your account.",
  },
  {
    id: "combined-experience",
    value: claimIn("combined-experience"),
    label: "Combined experience",
    detail: "Our underwriters come from commercial banking, venture debt and private credit.",
  },
  {
    id: "client-success-rate",
    value: claimIn("client-success-rate"),
    label: "Client success rate",
    detail: "Clients who hit the growth milestones their funding was meant to reach.",
  },
  {
    id: "average-rating",
    value: claimIn("average-rating"),
    label: "Average rating",
    detail: `From ${claimIn("average-rating", `${figures.businessesFunded}+`)} funded clients.`,
  },
];

/** Speed promises, quoted across the site. */
export const speedClaims = {
  decision: claimWording("decision-time"),
  review: claimWording("review-time"),
  averageFunding: claimWording("funding-speed"),
} as const;

/** The three-part promise: speed, ownership, control. */
export const valueProps: string[] = [speedClaims.averageFunding, "No equity dilution", "No board seats"];

/** "4.9/5 average rating from 200+ funded clients". */
export const ratingClaim = claimWording("average-rating");

export interface Reason {
  icon: ContentIconName;
  title: string;
  description: string;
}

/** About us: the why-us text beside the stat grid. */
export const about = {
  eyebrow: "About Harborline",
  title: "Capital for founders who intend to keep control",
  description: `Our team brings ${claimWording("combined-experience")} structuring debt and revenue-based capital for growing companies. We underwrite the business you have built, its revenue, margins and momentum, so you can fund the next stage without selling a piece of it.`,
  reasons: [
    {
      icon: "percent",
      title: "Non-dilutive by design",
      description: "You repay the capital; you never sell shares. Your cap table stays yours.",
    },
    {
      icon: "shield-check",
      title: "No board seats",
      description: "No observer rights, no veto, no say in how you run your company.",
    },
    {
      icon: "clock",
      title: `Decision in ${claimIn("decision-time")}`,
      description: `${speedClaims.decision}, with the terms in writing.`,
    },
    {
      icon: "file-check",
      title: `Review in ${claimIn("review-time")}`,
      description: `${speedClaims.review}, by a funding specialist, not an algorithm.`,
    },
  ] satisfies Reason[],
};
