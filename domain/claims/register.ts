/**
 * The claim register: every objective claim the public site makes, one record
 * each. Pages print a claim through its id (app/components/claim.tsx, or
 * text.ts in a sentence), and the build checks that no figure reaches a page
 * without one (scripts/claims-check.mjs, docs/claims.md).
 */
import { formatUsdCompact, formatUsdRange } from "../lib/format";
import { productTitles, type ProductSlug } from "../product-index";
import {
  bridgeFastestFundingDays,
  figures,
  productRanges,
  productSpeeds,
  productStepDurations,
  productTerms,
} from "./figures";
import type { ClaimRecord } from "./record";
import { computedClaimWording } from "./computed";
import { builtClaimSettings, builtComputedClaims } from "./settings";
import { claimShows, type ClaimSettings } from "./status";
import { markClaim } from "./text";

const MARKETING = "Head of Marketing";
const UNDERWRITING = "Head of Underwriting";
const CLIENT_SERVICE = "Head of Client Service";
const COMPLIANCE = "Compliance Officer";
const REVIEW_BY = "2027-06-30";
/** A description says what should back a claim; the files themselves are filed on the desk (docs/claims.md). */
const NOT_YET_FILED = "The owner files the report or export on the desk's Claims page.";

const siteClaims = [
  {
    id: "businesses-funded",
    wording: `${figures.businessesFunded}+ businesses funded`,
    figure: `${figures.businessesFunded}+`,
    meaning: {
      numerator: "Distinct businesses that received funds under a facility we arranged",
      denominator: "None (a count)",
      population: "Every client business since the firm was founded",
      period: "Since founding, to the last review",
    },
    kind: "static",
    evidence: [{ description: `Closed-deal register from the CRM. ${NOT_YET_FILED}` }],
    owner: MARKETING,
    approver: COMPLIANCE,
    reviewBy: REVIEW_BY,
    fallback: "Growing companies across many industries have funded with us",
  },
  {
    id: "capital-deployed",
    wording: `${formatUsdCompact(figures.capitalDeployedUsd)}+ capital deployed`,
    figure: `${formatUsdCompact(figures.capitalDeployedUsd)}+`,
    meaning: {
      numerator: "Sum of the principal funded under facilities we arranged",
      denominator: "None (a total in USD)",
      population: "Every funded facility",
      period: "Since founding, to the last review",
    },
    kind: "static",
    evidence: [{ description: `Funded-amount total from the loan servicing ledger. ${NOT_YET_FILED}` }],
    owner: MARKETING,
    approver: COMPLIANCE,
    reviewBy: REVIEW_BY,
    fallback: "Substantial capital placed with founders who kept their equity",
  },
  {
    id: "average-funding-time",
    wording: `${figures.averageFundingWeeks} weeks average funding time`,
    figure: `${figures.averageFundingWeeks} weeks`,
    meaning: {
      numerator: "Sum of the days from a completed application to funds sent",
      denominator: "Number of funded applications",
      population: "Funded applications",
      period: "The last 12 months before the review",
    },
    kind: "static",
    evidence: [{ description: `Application and funding dates from the CRM. ${NOT_YET_FILED}` }],
    owner: UNDERWRITING,
    approver: COMPLIANCE,
    reviewBy: REVIEW_BY,
    fallback: "Funding typically takes a few weeks from a completed application",
  },
  {
    id: "funding-speed",
    wording: `Growth capital in ${figures.averageFundingWeeks} weeks`,
    figure: `${figures.averageFundingWeeks} weeks`,
    meaning: {
      numerator: "Days from a completed application to funds sent, for the faster deals",
      denominator: "None (a duration that deals regularly meet)",
      population: "Funded growth capital applications",
      period: "The last 12 months before the review",
    },
    kind: "static",
    evidence: [{ description: `Application and funding dates from the CRM. ${NOT_YET_FILED}` }],
    owner: UNDERWRITING,
    approver: COMPLIANCE,
    reviewBy: REVIEW_BY,
    fallback: "Growth capital in weeks, not months",
  },
  {
    id: "typical-funding-time",
    wording: `Funding typically takes ${figures.typicalFundingWeeks.min}-${figures.typicalFundingWeeks.max} weeks`,
    figure: `${figures.typicalFundingWeeks.min}-${figures.typicalFundingWeeks.max} weeks`,
    meaning: {
      numerator: "Funded applications that took this long from application to funds",
      denominator: "Funded applications",
      population: "Funded applications, every product",
      period: "The last 12 months before the review",
    },
    kind: "static",
    evidence: [{ description: `Application and funding dates from the CRM. ${NOT_YET_FILED}` }],
    owner: UNDERWRITING,
    approver: COMPLIANCE,
    reviewBy: REVIEW_BY,
    fallback: "Funding typically takes a few weeks",
  },
  {
    id: "combined-experience",
    wording: `${figures.combinedExperienceYears}+ years of combined experience`,
    figure: `${figures.combinedExperienceYears}+ years`,
    meaning: {
      numerator: "Years the underwriting team has worked in commercial lending and private credit, added up",
      denominator: "None (a sum)",
      population: "The underwriting team at the review",
      period: "Each member's career to the review",
    },
    kind: "static",
    evidence: [{ description: `Team members' career histories. ${NOT_YET_FILED}` }],
    owner: UNDERWRITING,
    approver: COMPLIANCE,
    reviewBy: REVIEW_BY,
    fallback: "An experienced underwriting team",
  },
  {
    id: "client-success-rate",
    wording: `${figures.clientSuccessRatePercent}% client success rate`,
    figure: `${figures.clientSuccessRatePercent}%`,
    meaning: {
      numerator: "Funded clients who reached the growth milestone their funding was meant to reach",
      denominator: "Funded clients whose milestone date has passed",
      population: "Funded clients",
      period: "Facilities funded since founding whose milestone date has passed",
    },
    kind: "static",
    evidence: [{ description: `Milestone follow-ups recorded by client service. ${NOT_YET_FILED}` }],
    owner: CLIENT_SERVICE,
    approver: COMPLIANCE,
    reviewBy: REVIEW_BY,
    fallback: "Clients use our funding to reach their growth milestones",
  },
  {
    id: "average-rating",
    wording: `${figures.averageRating}/${figures.ratingScale} average rating from ${figures.businessesFunded}+ funded clients`,
    figure: `${figures.averageRating}/${figures.ratingScale}`,
    meaning: {
      numerator: "Sum of the star ratings funded clients gave",
      denominator: "Number of ratings given",
      population: "Funded clients who answered the rating request",
      period: "Since founding, to the last review",
    },
    kind: "static",
    evidence: [{ description: `The rating responses. ${NOT_YET_FILED}` }],
    owner: CLIENT_SERVICE,
    approver: MARKETING,
    reviewBy: REVIEW_BY,
    fallback: "Highly rated by the founders we fund",
    source: {
      name: "Rating request sent to each funded client after closing",
      count: figures.businessesFunded,
      period: "Since founding, to the last review",
    },
  },
  {
    id: "decision-time",
    wording: `Funding decision within ${figures.decisionHours} hours`,
    figure: `${figures.decisionHours} hours`,
    meaning: {
      numerator: "Complete applications decided within this many hours",
      denominator: "Complete applications",
      population: "Complete applications, every product",
      period: "The last 12 months before the review",
    },
    kind: "static",
    evidence: [{ description: `Completion and decision times from the CRM. ${NOT_YET_FILED}` }],
    owner: UNDERWRITING,
    approver: COMPLIANCE,
    reviewBy: REVIEW_BY,
    fallback: "Funding decisions are typically fast",
  },
  {
    id: "review-time",
    wording: `Application review within ${figures.reviewHours} hours`,
    figure: `${figures.reviewHours} hours`,
    meaning: {
      numerator: "Applications a specialist reviewed within this many hours of arriving",
      denominator: "Applications received",
      population: "Applications received through the site",
      period: "The last 12 months before the review",
    },
    kind: "static",
    evidence: [
      { description: "The desk's review clock keeps each application's deadline (docs/review-clock.md)." },
    ],
    owner: UNDERWRITING,
    approver: COMPLIANCE,
    reviewBy: REVIEW_BY,
    fallback: "A funding specialist reviews every application promptly",
  },
  {
    id: "application-time",
    wording: `Apply in about ${figures.applicationMinutes} minutes`,
    figure: `${figures.applicationMinutes} minutes`,
    meaning: {
      numerator: "Time from opening the application to submitting it, the median",
      denominator: "Submitted applications",
      population: "Applications submitted through the site",
      period: "The last 12 months before the review",
    },
    kind: "static",
    evidence: [{ description: `The site's own analytics (start and submit events). ${NOT_YET_FILED}` }],
    owner: MARKETING,
    approver: UNDERWRITING,
    reviewBy: REVIEW_BY,
    fallback: "A short online application",
  },
  {
    id: "consultation-length",
    wording: `A free ${figures.consultationMinutes}-minute call`,
    figure: `${figures.consultationMinutes}-minute`,
    meaning: {
      numerator: "The length of the consultation slot offered",
      denominator: "None (a slot length)",
      population: "Consultations booked through the site",
      period: "Current booking settings",
    },
    kind: "static",
    evidence: [{ description: "The booking service's slot length." }],
    owner: CLIENT_SERVICE,
    approver: MARKETING,
    reviewBy: REVIEW_BY,
    fallback: "A free call with a funding specialist",
  },
  {
    id: "typical-package",
    wording: `Most funding packages range from ${formatUsdRange(figures.typicalPackageUsd)}`,
    figure: formatUsdRange(figures.typicalPackageUsd),
    meaning: {
      numerator: "Funded packages within this band",
      denominator: "Funded packages",
      population: "Funded packages, every product",
      period: "The last 12 months before the review",
    },
    kind: "static",
    evidence: [{ description: `Funded amounts from the loan servicing ledger. ${NOT_YET_FILED}` }],
    owner: UNDERWRITING,
    approver: COMPLIANCE,
    reviewBy: REVIEW_BY,
    fallback: "Funding sized to your revenue and capacity to repay",
  },
  {
    id: "privacy-response-time",
    wording: `We answer privacy inquiries within ${figures.privacyResponseDays} days`,
    figure: `${figures.privacyResponseDays} days`,
    meaning: {
      numerator: "Privacy inquiries answered within this many days",
      denominator: "Privacy inquiries received",
      population: "Privacy inquiries by e-mail and the privacy request form",
      period: "Each inquiry",
    },
    kind: "static",
    evidence: [
      { description: "The desk's privacy request queue and its due dates (docs/privacy-requests.md)." },
    ],
    owner: COMPLIANCE,
    approver: CLIENT_SERVICE,
    reviewBy: REVIEW_BY,
    fallback: "We answer privacy inquiries promptly",
  },
  {
    id: "privacy-link-validity",
    wording: `The confirmation link works for ${figures.privacyLinkHours} hours`,
    figure: `${figures.privacyLinkHours} hours`,
    meaning: {
      numerator: "Hours from sending a privacy request's confirmation link to its expiry",
      denominator: "None (a time limit)",
      population: "Privacy requests made through the form",
      period: "Each request",
    },
    kind: "static",
    evidence: [
      { description: "The server removes an unconfirmed request after this time (domain/privacy/kinds.ts)." },
    ],
    owner: "Engineering lead",
    approver: COMPLIANCE,
    reviewBy: REVIEW_BY,
    fallback: "The confirmation link works for a limited time",
  },
  {
    id: "equity-kept",
    wording: `You keep ${figures.equityKeptPercent}% of your equity`,
    figure: `${figures.equityKeptPercent}%`,
    meaning: {
      numerator: "Equity a client holds after funding",
      denominator: "Equity the client held before funding",
      population: "Facilities on standard terms (no warrants)",
      period: "Each facility",
    },
    kind: "static",
    evidence: [{ description: "The standard facility agreements take no shares and no warrants." }],
    owner: UNDERWRITING,
    approver: COMPLIANCE,
    reviewBy: REVIEW_BY,
    fallback: "You keep your equity",
  },
  {
    id: "process-timeline",
    wording: "Day 1, Day 2-3, Day 4-10, Day 14-21",
    figure: "Day 14-21",
    meaning: {
      numerator: "The day after application on which each step typically happens",
      denominator: "None (typical days)",
      population: "Funded applications",
      period: "The last 12 months before the review",
    },
    kind: "static",
    evidence: [{ description: `Step dates from the CRM. ${NOT_YET_FILED}` }],
    owner: UNDERWRITING,
    approver: COMPLIANCE,
    reviewBy: REVIEW_BY,
    fallback: "Application, consultation, due diligence and funding, usually within a few weeks",
  },
  {
    id: "testimonial-closed-in-18-days",
    wording: "we closed in 18 days",
    figure: "18 days",
    meaning: {
      numerator: "Days from this client's application to closing",
      denominator: "None (one client's case)",
      population: "One client (Priya Raman, Cadence Health Analytics)",
      period: "That client's funding",
    },
    kind: "static",
    evidence: [{ description: `The client's signed testimonial release and deal dates. ${NOT_YET_FILED}` }],
    owner: MARKETING,
    approver: COMPLIANCE,
    reviewBy: REVIEW_BY,
    fallback: "we closed within weeks",
    source: { name: "Client testimonial (Priya Raman)", count: 1, period: "That client's funding" },
  },
  {
    id: "testimonial-accelerated-6-months",
    wording: "accelerated our development by 6 months",
    figure: "6 months",
    meaning: {
      numerator: "Months the client says the funding brought its roadmap forward",
      denominator: "None (one client's own estimate)",
      population: "One client (Marcus Bell, Lumen Fieldworks)",
      period: "That client's funding",
    },
    kind: "static",
    evidence: [{ description: `The client's signed testimonial release. ${NOT_YET_FILED}` }],
    owner: MARKETING,
    approver: COMPLIANCE,
    reviewBy: REVIEW_BY,
    fallback: "accelerated our development",
    source: { name: "Client testimonial (Marcus Bell)", count: 1, period: "That client's funding" },
  },
] as const satisfies readonly ClaimRecord[];

/** "range-growth-capital": a product's published funding range. */
export type ProductRangeClaimId = `range-${ProductSlug}`;

export function productRangeClaimId(slug: ProductSlug): ProductRangeClaimId {
  return `range-${slug}`;
}

const rangeClaims: ClaimRecord[] = (Object.keys(productRanges) as ProductSlug[]).map((slug) => ({
  id: productRangeClaimId(slug),
  wording: `${productTitles[slug]} from ${formatUsdRange(productRanges[slug])}`,
  figure: formatUsdRange(productRanges[slug]),
  meaning: {
    numerator: "The smallest and largest facility offered",
    denominator: "None (a range of amounts)",
    population: `${productTitles[slug]} facilities`,
    period: "Current lending policy",
  },
  kind: "static",
  evidence: [{ description: `The credit policy's limits for ${productTitles[slug]}. ${NOT_YET_FILED}` }],
  owner: "Head of Products",
  approver: COMPLIANCE,
  reviewBy: REVIEW_BY,
  fallback: "Funding sized to your business and its capacity to repay",
}));

/** "speed-growth-capital": how fast a product typically funds. */
export type ProductSpeedClaimId = `speed-${ProductSlug}`;

export function productSpeedClaimId(slug: ProductSlug): ProductSpeedClaimId {
  return `speed-${slug}`;
}

const speedClaims: ClaimRecord[] = (Object.keys(productSpeeds) as ProductSlug[]).map((slug) => ({
  id: productSpeedClaimId(slug),
  wording: `${productTitles[slug]} typically funds in ${productSpeeds[slug]}`,
  figure: productSpeeds[slug],
  meaning: {
    numerator: "Days from a complete application to funds sent, for most funded deals",
    denominator: "Funded deals",
    population: `Funded ${productTitles[slug]} deals`,
    period: "The last 12 months before the review",
  },
  kind: "static",
  evidence: [{ description: `Application and funding dates from the CRM. ${NOT_YET_FILED}` }],
  owner: UNDERWRITING,
  approver: COMPLIANCE,
  reviewBy: REVIEW_BY,
  fallback: "Funding typically follows within weeks of a complete application",
}));

const bridgeFastestFunding = {
  id: "bridge-fastest-funding",
  wording: `${productTitles["bridge-funding"]} funds in as little as ${bridgeFastestFundingDays} days`,
  figure: `${bridgeFastestFundingDays} days`,
  meaning: {
    numerator: "Days from a complete application to funds sent, for the fastest funded deals",
    denominator: "None (a duration that the faster deals meet)",
    population: `Funded ${productTitles["bridge-funding"]} deals`,
    period: "The last 12 months before the review",
  },
  kind: "static",
  evidence: [{ description: `Application and funding dates from the CRM. ${NOT_YET_FILED}` }],
  owner: UNDERWRITING,
  approver: COMPLIANCE,
  reviewBy: REVIEW_BY,
  fallback: "Funding in days once your application is complete",
} as const satisfies ClaimRecord;

const span = (range: { min: number; max: number }) => `${range.min}-${range.max}`;
const terms = productTerms;
const realEstateFixed = terms["real-estate-financing"].fixedRateYears;

/** Each term or rate a product offers: what it is ("terms of"), its figure, and a wording without it. */
const termSpecs = [
  {
    id: "terms-growth-capital-term",
    slug: "growth-capital",
    what: "terms of",
    figure: `${span(terms["growth-capital"].termMonths)} months`,
    fallback: "Flexible terms",
  },
  {
    id: "terms-growth-capital-interest-only",
    slug: "growth-capital",
    what: "interest-only payments for up to",
    figure: `${terms["growth-capital"].interestOnlyMonthsMax} months`,
    fallback: "Interest-only options",
  },
  {
    id: "terms-revenue-based-financing-revenue-share",
    slug: "revenue-based-financing",
    what: "repaid as a share of monthly revenue of",
    figure: `${span(terms["revenue-based-financing"].revenueSharePercent)}%`,
    fallback: "Repaid as a small share of monthly revenue",
  },
  {
    id: "terms-revenue-based-financing-fee",
    slug: "revenue-based-financing",
    what: "a flat fee, as a share of the amount funded, of",
    figure: `${span(terms["revenue-based-financing"].feePercent)}%`,
    fallback: "One flat fee agreed upfront",
  },
  {
    id: "terms-bridge-funding-term",
    slug: "bridge-funding",
    what: "terms of",
    figure: `${span(terms["bridge-funding"].termMonths)} months`,
    fallback: "Short terms matched to your repayment event",
  },
  {
    id: "terms-strategic-financing-intro-rate",
    slug: "strategic-financing",
    what: "introductory interest of",
    figure: `${terms["strategic-financing"].introRatePercent}%`,
    fallback: "Introductory-rate business credit",
  },
  {
    id: "terms-strategic-financing-intro-period",
    slug: "strategic-financing",
    what: "introductory periods of",
    figure: `${span(terms["strategic-financing"].introMonths)} months`,
    fallback: "Promotional periods long enough for working capital to pay back",
  },
  {
    id: "terms-real-estate-financing-ltv",
    slug: "real-estate-financing",
    what: "loan-to-value up to",
    figure: `${terms["real-estate-financing"].ltvPercentMax}%`,
    fallback: "Leverage against the property's appraised value",
  },
  {
    id: "terms-real-estate-financing-down-payment",
    slug: "real-estate-financing",
    what: "a down payment of",
    figure: `${span(terms["real-estate-financing"].downPaymentPercent)}%`,
    fallback: "A down payment from your own funds",
  },
  {
    id: "terms-real-estate-financing-amortisation",
    slug: "real-estate-financing",
    what: "amortisation up to",
    figure: `${terms["real-estate-financing"].amortisationYearsMax} years`,
    fallback: "Long amortisation",
  },
  {
    id: "terms-real-estate-financing-fixed-rate",
    slug: "real-estate-financing",
    what: "fixed-rate periods of",
    figure: `${realEstateFixed.slice(0, -1).join(", ")} or ${realEstateFixed.at(-1)} years`,
    fallback: "Fixed-rate periods to choose from",
  },
  {
    id: "terms-sba-loans-down-payment",
    slug: "sba-loans",
    what: "a down payment from",
    figure: `${terms["sba-loans"].downPaymentPercentMin}%`,
    fallback: "A low down payment",
  },
  {
    id: "terms-sba-loans-real-estate-term",
    slug: "sba-loans",
    what: "terms for real estate up to",
    figure: `${terms["sba-loans"].realEstateYearsMax} years`,
    fallback: "Long terms for real estate",
  },
  {
    id: "terms-sba-loans-other-term",
    slug: "sba-loans",
    what: "terms for working capital, equipment and other uses up to",
    figure: `${terms["sba-loans"].otherUsesYearsMax} years`,
    fallback: "Long terms for working capital and equipment",
  },
] as const satisfies readonly {
  id: string;
  slug: ProductSlug;
  what: string;
  figure: string;
  fallback: string;
}[];

/** "terms-sba-loans-down-payment": a term or rate a product offers. */
export type ProductTermClaimId = (typeof termSpecs)[number]["id"];

const termClaims: ClaimRecord[] = termSpecs.map(({ id, slug, what, figure, fallback }) => ({
  id,
  wording: `${productTitles[slug]}: ${what} ${figure}`,
  figure,
  meaning: {
    numerator: "The terms offered under this product, per the provider's rate sheet",
    denominator: "None (a term of the offer)",
    population: `${productTitles[slug]} facilities`,
    period: "Current rate sheet and credit policy",
  },
  kind: "static",
  evidence: [
    {
      description: `The provider's current rate sheet and credit policy for ${productTitles[slug]}. ${NOT_YET_FILED}`,
    },
  ],
  owner: "Head of Products",
  approver: COMPLIANCE,
  reviewBy: REVIEW_BY,
  fallback,
}));

/** "step-growth-capital-1": how long a product's step (1 to 4) typically takes. */
export type ProductStepClaimId = `step-${ProductSlug}-${1 | 2 | 3 | 4}`;

export function productStepClaimId(slug: ProductSlug, step: 1 | 2 | 3 | 4): ProductStepClaimId {
  return `step-${slug}-${step}`;
}

const stepClaims: ClaimRecord[] = (Object.keys(productStepDurations) as ProductSlug[]).flatMap((slug) =>
  productStepDurations[slug].map((duration, index) => ({
    id: productStepClaimId(slug, (index + 1) as 1 | 2 | 3 | 4),
    wording: `${productTitles[slug]}, step ${index + 1} of 4, typically takes ${duration}`,
    figure: duration,
    meaning: {
      numerator: "Time this step takes for most applications, from its start to its end",
      denominator: "Applications that completed this step",
      population: `${productTitles[slug]} applications`,
      period: "The last 12 months before the review",
    },
    kind: "static" as const,
    evidence: [{ description: `Step dates from the CRM. ${NOT_YET_FILED}` }],
    owner: UNDERWRITING,
    approver: COMPLIANCE,
    reviewBy: REVIEW_BY,
    fallback: "Each step moves as fast as your documents allow",
  })),
);

export type SiteClaimId = (typeof siteClaims)[number]["id"] | (typeof bridgeFastestFunding)["id"];
export type ClaimId =
  SiteClaimId | ProductRangeClaimId | ProductSpeedClaimId | ProductTermClaimId | ProductStepClaimId;

export const claimRegister: readonly ClaimRecord[] = [
  ...siteClaims,
  bridgeFastestFunding,
  ...rangeClaims,
  ...speedClaims,
  ...termClaims,
  ...stepClaims,
];

const byId = new Map(claimRegister.map((record) => [record.id, record]));

/** The record of `id`; every id the types allow has one. */
export function claimRecord(id: ClaimId): ClaimRecord {
  return byId.get(id)!;
}

/**
 * Whether claim `id` shows its own words or its fallback in this build: the
 * one place every path asks (`<Claim>`, `claimIn`, `claimWording`, and through
 * them titles and descriptions). Strict mode (CLAIMS_STRICT=1) swaps a lapsed
 * or unsupported claim for its fallback (status.ts).
 */
export function claimShowsFallback(id: ClaimId, settings: ClaimSettings = builtClaimSettings()): boolean {
  return claimShows(claimRecord(id), settings) === "fallback";
}

/** The words claim `id` shows where a page would print `words`: those words, or its fallback. */
export function claimWords<Words>(id: ClaimId, words: Words): Words | string {
  return claimShowsFallback(id) ? claimRecord(id).fallback : words;
}

/** Claim `id` inside a sentence: the record's figure, or the words the sentence uses. */
export function claimIn(id: ClaimId, text: string = claimRecord(id).figure): string {
  return markClaim(id, claimWords(id, text));
}

/**
 * Claim `id`'s whole wording as this build states it: where the provider opted
 * in (CLAIMS_COMPUTED), the figure computed from our records with its "as of"
 * day (true by construction, so strict mode leaves it); else the register's
 * wording, or its fallback in strict mode.
 */
export function claimWordingShown(id: ClaimId): string {
  const computed = builtComputedClaims()[id];
  return computed ? computedClaimWording(computed) : claimWords(id, claimRecord(id).wording);
}

/** Claim `id`'s whole wording, inside a sentence. */
export function claimWording(id: ClaimId): string {
  return markClaim(id, claimWordingShown(id));
}
