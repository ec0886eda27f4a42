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

/** How fast each product typically funds from a complete application (the product pages' "Typical time to fund"). */
export const productSpeeds = {
  "growth-capital": "2-3 weeks",
  "revenue-based-financing": "5-10 days",
  "bridge-funding": "7-10 days",
  "strategic-financing": "2-3 weeks",
  "real-estate-financing": "30-45 days",
  "sba-loans": "30-60 days",
} as const;
