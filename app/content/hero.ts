/** The home page hero: the promise, and an illustrative client dashboard. */
import { claimIn } from "#domain/claims/register";
import { siteFacts } from "#domain/site-facts";

/** Home page title and description (search results and social cards). */
export const homeSeo = {
  title: `${siteFacts.brand}: Non-Dilutive Business Funding in as Little as ${claimIn("funding-speed", "3 Weeks")}`,
  description: `Growth capital, revenue-based financing, bridge funding and SBA loans for growing businesses. Keep your equity and your board: review in ${claimIn("review-time")}, decision in ${claimIn("decision-time")}, funding in as little as ${claimIn("funding-speed")}.`,
} as const;

export const hero = {
  eyebrow: "Non-dilutive growth capital",
  headline: "Scale your business without limits",
  subheadline: `Growth capital for founders who want to keep what they built: from application to funding in as little as ${claimIn("funding-speed")}, with no equity dilution and no board seats.`,
  primaryCta: "Get Funding Now",
  secondaryCta: "Learn More",
} as const;

export interface DashboardSample {
  /** Shown on the card so nobody mistakes it for a real client. */
  label: string;
  disclaimer: string;
  company: string;
  monthlyRevenue: { amountUsd: number; change: string; comparedTo: string };
  yearOverYearGrowthPercent: number;
  round: { amountUsd: number; label: string; detail: string };
  /** Last twelve months of revenue in USD, oldest first (the chart). */
  revenueTrendUsd: number[];
}

/**
 * Sample figures for the hero card. They hang together: $847K is +24% on
 * three months earlier and +127% on the same month a year earlier.
 */
export const dashboardSample: DashboardSample = {
  label: "Illustrative client dashboard",
  disclaimer: "Sample figures for illustration only.",
  company: "Series B SaaS company",
  monthlyRevenue: { amountUsd: 847_000, change: "+24%", comparedTo: "vs. last quarter" },
  yearOverYearGrowthPercent: 127,
  round: { amountUsd: 2_500_000, label: "Growth round closed", detail: "Funded in 19 days, 0% equity" },
  revenueTrendUsd: [
    398_000, 421_000, 447_000, 472_000, 503_000, 538_000, 571_000, 622_000, 683_000, 731_000, 790_000,
    847_000,
  ],
};
