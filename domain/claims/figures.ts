/**
 * The raw figures behind the site's claims: the one place each number is
 * typed. The claim records (register.ts), the pages' wording, the structured
 * data and the application's copy all read them from here; a figure some
 * other part of the system enforces is read from where it is enforced.
 */
import { PRIVACY_ANSWER_WITHIN_DAYS, PRIVACY_VERIFY_TTL_HOURS } from "../privacy/kinds";

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
  consultationMinutes: 30,
  typicalFundingWeeks: { min: 2, max: 4 },
  /** Most funding packages we arrange fall in this band (FAQ). */
  typicalPackageUsd: { min: 500_000, max: 10_000_000 },
  privacyResponseDays: PRIVACY_ANSWER_WITHIN_DAYS,
  privacyLinkHours: PRIVACY_VERIFY_TTL_HOURS,
  equityKeptPercent: 100,
} as const;

/**
 * Each product's funding range as the provider publishes it: page titles,
 * cards, the comparison, SEO descriptions and the range claims derive from it.
 */
export const productRanges = {
  "growth-capital": { min: 500_000, max: 5_000_000 },
  "revenue-based-financing": { min: 100_000, max: 2_000_000 },
  "bridge-funding": { min: 50_000, max: 1_000_000 },
  "strategic-financing": { min: 25_000, max: 500_000 },
  "real-estate-financing": { min: 1_000_000, max: 50_000_000 },
  "sba-loans": { min: 50_000, max: 5_000_000 },
} as const;

const bridgeFundingDays = { min: 7, max: 10 } as const;

/** How fast each product typically funds from a complete application (the product pages' "Typical time to fund"). */
export const productSpeeds = {
  "growth-capital": "2-3 weeks",
  "revenue-based-financing": "5-10 days",
  "bridge-funding": `${bridgeFundingDays.min}-${bridgeFundingDays.max} days`,
  "strategic-financing": "2-3 weeks",
  "real-estate-financing": "30-45 days",
  "sba-loans": "30-60 days",
} as const;

/** Bridge Funding's fastest funding from a complete application ("funds in as little as 7 days"). */
export const bridgeFastestFundingDays = bridgeFundingDays.min;

/**
 * The terms and rates each product offers, per the provider's rate sheet and
 * credit policy; each is a claim (`terms-<slug>-<term>`, register.ts).
 */
export const productTerms = {
  "growth-capital": { termMonths: { min: 12, max: 48 }, interestOnlyMonthsMax: 12 },
  "revenue-based-financing": { revenueSharePercent: { min: 3, max: 10 }, feePercent: { min: 6, max: 12 } },
  "bridge-funding": { termMonths: { min: 6, max: 18 } },
  "strategic-financing": { introRatePercent: 0, introMonths: { min: 12, max: 21 } },
  "real-estate-financing": {
    ltvPercentMax: 80,
    downPaymentPercent: { min: 20, max: 25 },
    amortisationYearsMax: 25,
    fixedRateYears: [5, 7, 10],
  },
  "sba-loans": { downPaymentPercentMin: 10, realEstateYearsMax: 25, otherUsesYearsMax: 10 },
} as const;

/** How long each of a product's four steps typically takes (the product pages' "How it works"). */
export const productStepDurations = {
  "growth-capital": ["1 day", "2-3 days", "1-2 weeks", "1-2 days"],
  "revenue-based-financing": ["1 day", "1-2 days", "2-3 days", "1-2 days"],
  "bridge-funding": ["1 day", "1-2 days", "2-3 days", "2-4 days"],
  "strategic-financing": ["1-2 days", "2-3 days", "1-2 weeks", "1-2 days"],
  "real-estate-financing": ["1-2 days", "3-5 days", "2-3 weeks", "1-2 weeks"],
  "sba-loans": ["1-2 days", "1-2 weeks", "2-4 weeks", "1-2 weeks"],
} as const;
