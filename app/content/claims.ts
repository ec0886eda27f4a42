import { formatUsdCompact } from "#domain/lib/format";
import type { ContentIconName } from "./icons";

/**
 * The site's marketing claims. Every page, the FAQ and the structured data
 * read them from here, so a figure changes in one place only.
 */

/** The raw figures behind the claims (numbers, for structured data and maths). */
export const figures = {
  businessesFunded: 200,
  capitalDeployedUsd: 500_000_000,
  averageFundingWeeks: 3,
  combinedExperienceYears: 15,
  clientSuccessRatePercent: 95,
  averageRating: 4.9,
  ratingScale: 5,
  decisionHours: 48,
  reviewHours: 24,
  applicationMinutes: 10,
  typicalFundingWeeks: { min: 2, max: 4 },
  /** Most funding packages we arrange fall in this band (FAQ). */
  typicalPackageUsd: { min: 500_000, max: 10_000_000 },
  privacyResponseDays: 30,
} as const;

export type ClaimId =
  | "businesses-funded"
  | "capital-deployed"
  | "average-funding-time"
  | "combined-experience"
  | "client-success-rate"
  | "average-rating";

export interface Claim {
  id: ClaimId;
  /** The headline figure, e.g. "200+". */
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
    value: `${figures.businessesFunded}+`,
    label: "Businesses funded",
    detail: "Growth companies across technology, healthcare, manufacturing and services.",
  },
  {
    id: "capital-deployed",
    value: `${formatUsdCompact(figures.capitalDeployedUsd)}+`,
    label: "Capital deployed",
    detail: "Debt and revenue-based capital placed with founders who kept their equity.",
  },
  {
    id: "average-funding-time",
    value: `${figures.averageFundingWeeks} weeks`,
    label: "Average funding time",
    detail: "From a completed application to money in your account.",
  },
  {
    id: "combined-experience",
    value: `${figures.combinedExperienceYears}+ years`,
    label: "Combined experience",
    detail: "Our underwriters come from commercial banking, venture debt and private credit.",
  },
  {
    id: "client-success-rate",
    value: `${figures.clientSuccessRatePercent}%`,
    label: "Client success rate",
    detail: "Clients who hit the growth milestones their funding was meant to reach.",
  },
  {
    id: "average-rating",
    value: `${figures.averageRating}/${figures.ratingScale}`,
    label: "Average rating",
    detail: `From ${figures.businessesFunded}+ funded clients.`,
  },
];

/** Speed promises, quoted across the site. */
export const speedClaims = {
  decision: `Funding decision within ${figures.decisionHours} hours`,
  review: `Application review within ${figures.reviewHours} hours`,
  averageFunding: `Growth capital in ${figures.averageFundingWeeks} weeks`,
} as const;

/** The three-part promise: speed, ownership, control. */
export const valueProps: string[] = [speedClaims.averageFunding, "No equity dilution", "No board seats"];

/** "4.9/5 average rating from 200+ funded clients". */
export const ratingClaim = `${figures.averageRating}/${figures.ratingScale} average rating from ${figures.businessesFunded}+ funded clients`;

export interface Reason {
  icon: ContentIconName;
  title: string;
  description: string;
}

/** About us: the why-us text beside the stat grid. */
export const about = {
  eyebrow: "About Harborline",
  title: "Capital for founders who intend to keep control",
  description: `Our team brings ${figures.combinedExperienceYears}+ years of combined experience structuring debt and revenue-based capital for growing companies. We underwrite the business you have built, its revenue, margins and momentum, so you can fund the next stage without selling a piece of it.`,
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
      title: `Decision in ${figures.decisionHours} hours`,
      description: `${speedClaims.decision}, with the terms in writing.`,
    },
    {
      icon: "file-check",
      title: `Review in ${figures.reviewHours} hours`,
      description: `${speedClaims.review}, by a funding specialist, not an algorithm.`,
    },
  ] satisfies Reason[],
};
