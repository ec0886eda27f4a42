/**
 * Computed claims: figures the server counts from our own records (the review
 * clock, the decision clock, the CRM's stage reports, the ratings we hold),
 * each defined once here with what it counts (numerator, denominator,
 * population, period), the least data it needs before it says anything, and
 * the rule that says whether it still backs the claim it stands behind.
 * The computation is pure: the server reads the samples (server/claims/computed/)
 * and stores what `computeFigure` answers as a snapshot. docs/claims.md,
 * "Computed claims".
 */
import { formatUsdCompact } from "../lib/format";
import { figures } from "./figures";
import type { ClaimMeaning } from "./record";

export const COMPUTED_FIGURE_IDS = [
  "review-within-window",
  "decision-within-window",
  "application-to-funded",
  "businesses-funded",
  "amount-funded",
  "average-rating",
] as const;
export type ComputedFigureId = (typeof COMPUTED_FIGURE_IDS)[number];

/** The register's claims these figures stand behind (a ClaimId; kept a string so the register need not be loaded). */
export type BackedClaimId =
  | "review-time"
  | "decision-time"
  | "average-funding-time"
  | "businesses-funded"
  | "capital-deployed"
  | "average-rating";

/** What a figure's value is: a share of 0 to 1, a number of days, a count, dollars, stars. */
export type ComputedUnit = "share" | "days" | "count" | "usd" | "stars";

/**
 * When a figure backs its claim: the value at least (a share, a count, a total,
 * an average rating) or at most (a duration) the claim's own threshold.
 */
export interface SupportRule {
  compare: "at-least" | "at-most";
  threshold: number;
  /** The rule in words, as the desk shows it. */
  words: string;
}

export interface ComputedDefinition {
  id: ComputedFigureId;
  /** The claim of the register it backs. */
  claim: BackedClaimId;
  title: string;
  unit: ComputedUnit;
  meaning: ClaimMeaning;
  /** Days back from the computation the period covers; null: every record we hold. */
  periodDays: number | null;
  /** Fewer samples than this and the figure says "too little data" instead of a number. */
  minimumN: number;
  rule: SupportRule;
}

/** A promise about time holds when this share of its cases met it (the site says "within", not "usually within"). */
export const PROMISE_KEPT_SHARE = 0.95;
/** The least cases a share needs before it is stated: below this, one case moves it by more than 3 points. */
export const SHARE_MINIMUM_N = 30;
/** The least funded applications an average or a median of days needs. */
export const DURATION_MINIMUM_N = 10;
/** The least ratings an average rating needs. */
export const RATING_MINIMUM_N = 10;

const DAY_MS = 86_400_000;
const percent = (share: number) => `${Math.round(share * 100)}%`;

export const COMPUTED_DEFINITIONS: Record<ComputedFigureId, ComputedDefinition> = {
  "review-within-window": {
    id: "review-within-window",
    claim: "review-time",
    title: "Applications reviewed within the review window",
    unit: "share",
    meaning: {
      numerator:
        "Applications first touched (a status change, a note, a logged contact, a CRM stage report) by their review deadline",
      denominator: "Applications whose review is known: touched, or untouched past their deadline",
      population: "Applications received through the site (not spam, not in quarantine)",
      period: "Received in the last 90 days",
    },
    periodDays: 90,
    minimumN: SHARE_MINIMUM_N,
    rule: {
      compare: "at-least",
      threshold: PROMISE_KEPT_SHARE,
      words: `Backs "review within ${figures.reviewHours} hours" while at least ${percent(PROMISE_KEPT_SHARE)} of applications are reviewed by their deadline`,
    },
  },
  "decision-within-window": {
    id: "decision-within-window",
    claim: "decision-time",
    title: "Complete applications decided within the decision window",
    unit: "share",
    meaning: {
      numerator: "Complete applications decided (funded or not qualified) by their decision deadline",
      denominator:
        "Complete applications whose decision is known: decided, or undecided past their deadline (closed without a decision owes none)",
      population: "Applications whose documents are complete",
      period: "Documents complete in the last 90 days",
    },
    periodDays: 90,
    minimumN: SHARE_MINIMUM_N,
    rule: {
      compare: "at-least",
      threshold: PROMISE_KEPT_SHARE,
      words: `Backs "decision within ${figures.decisionHours} hours" while at least ${percent(PROMISE_KEPT_SHARE)} of complete applications are decided by their deadline`,
    },
  },
  "application-to-funded": {
    id: "application-to-funded",
    claim: "average-funding-time",
    title: "Days from application to funded",
    unit: "days",
    meaning: {
      numerator: "Sum of the days from receiving the application to the CRM's funded report",
      denominator: "Applications the CRM reported funded",
      population: "Funded applications received through the site",
      period: "Funded in the last 365 days",
    },
    periodDays: 365,
    minimumN: DURATION_MINIMUM_N,
    rule: {
      compare: "at-most",
      threshold: figures.averageFundingWeeks * 7,
      words: `Backs "${figures.averageFundingWeeks} weeks average funding time" while the average is at most ${figures.averageFundingWeeks * 7} days`,
    },
  },
  "businesses-funded": {
    id: "businesses-funded",
    claim: "businesses-funded",
    title: "Businesses funded",
    unit: "count",
    meaning: {
      numerator: "Distinct businesses (by company name) with an application the CRM reported funded",
      denominator: "None (a count)",
      population: "Applications received through the site",
      period: "Every record we hold (deals before the site are not in them)",
    },
    periodDays: null,
    minimumN: 1,
    rule: {
      compare: "at-least",
      threshold: figures.businessesFunded,
      words: `Backs "${figures.businessesFunded}+ businesses funded" once our records count at least ${figures.businessesFunded}; below, the claim rests on its filed evidence`,
    },
  },
  "amount-funded": {
    id: "amount-funded",
    claim: "capital-deployed",
    title: "Amount funded",
    unit: "usd",
    meaning: {
      numerator: "Sum of the amounts in the CRM's funded reports",
      denominator: "None (a total in USD)",
      population: "Applications received through the site and reported funded with an amount",
      period: "Every record we hold (deals before the site are not in them)",
    },
    periodDays: null,
    minimumN: 1,
    rule: {
      compare: "at-least",
      threshold: figures.capitalDeployedUsd,
      words: `Backs "${formatUsdCompact(figures.capitalDeployedUsd)}+ capital deployed" once our records total at least that; below, the claim rests on its filed evidence`,
    },
  },
  "average-rating": {
    id: "average-rating",
    claim: "average-rating",
    title: "Average rating",
    unit: "stars",
    meaning: {
      numerator: "Sum of every rating held from the claim's source",
      denominator: "Number of those ratings (all of them: never a chosen subset)",
      population: "Ratings imported from the claim's source",
      period: "Every rating held, first to last rated day",
    },
    periodDays: null,
    minimumN: RATING_MINIMUM_N,
    rule: {
      compare: "at-least",
      threshold: figures.averageRating,
      words: `Backs "${figures.averageRating}/${figures.ratingScale}" while the average of all ratings, to one decimal, is at least ${figures.averageRating}`,
    },
  },
};

export const computedDefinition = (id: ComputedFigureId): ComputedDefinition => COMPUTED_DEFINITIONS[id];

/** supports / does-not-support the claim, or too-little-data to say. */
export type Verdict = "supports" | "does-not-support" | "too-little-data";

/** One computation's answer: the stored snapshot's figures. */
export interface ComputedResult {
  figure: ComputedFigureId;
  /** The figure (share 0–1, days, count, USD, stars); null with no sample at all. */
  value: number | null;
  /** The samples it is over (cases, funded applications, businesses, ratings). */
  n: number;
  /** The median, for durations. */
  median: number | null;
  /** The period's first moment (null: every record) and last (the computation). */
  periodStart: string | null;
  periodEnd: string;
  verdict: Verdict;
}

// Samples: what the server reads for each figure, one per case. -------------

/** A promise about time: when it was due, and when it was met (null: not yet). */
export interface ClockSample {
  dueAt: string;
  metAt: string | null;
}

/** A funded application: received, reported funded, the amount, the business. */
export interface FundedSample {
  receivedAt: string;
  fundedAt: string;
  amount: number | null;
  company: string;
}

export type FigureSamples =
  | { figure: "review-within-window" | "decision-within-window"; samples: ClockSample[] }
  | { figure: "application-to-funded" | "businesses-funded" | "amount-funded"; samples: FundedSample[] }
  | { figure: "average-rating"; samples: number[] };

/** The first moment a figure's period covers at `now` (null: every record). */
export function periodStart(definition: ComputedDefinition, now: Date): Date | null {
  return definition.periodDays === null ? null : new Date(now.getTime() - definition.periodDays * DAY_MS);
}

/** A clock's case is known once met, or once its deadline passed unmet; known ones count, met ones by the deadline meet it. */
function share(samples: ClockSample[], now: Date): { value: number | null; n: number } {
  const due = (sample: ClockSample) => Date.parse(sample.dueAt);
  const known = samples.filter((sample) => sample.metAt !== null || due(sample) < now.getTime());
  const met = known.filter((sample) => sample.metAt !== null && Date.parse(sample.metAt) <= due(sample));
  return { value: known.length === 0 ? null : met.length / known.length, n: known.length };
}

const median = (values: number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const mean = (values: number[]): number | null =>
  values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;

/** A business's name as it counts once: trimmed, spaces collapsed, any case. */
export const businessKey = (company: string) => company.trim().replace(/\s+/g, " ").toLowerCase();

/** The figure's value as its rule compares it: an average rating to one decimal, as the site prints it. */
const compared = (definition: ComputedDefinition, value: number) =>
  definition.unit === "stars" ? Math.round(value * 10) / 10 : value;

/** Whether `value` over `n` samples backs the definition's claim. */
export function verdictOf(definition: ComputedDefinition, value: number | null, n: number): Verdict {
  if (value === null || n < definition.minimumN) return "too-little-data";
  const shown = compared(definition, value);
  const holds =
    definition.rule.compare === "at-least"
      ? shown >= definition.rule.threshold
      : shown <= definition.rule.threshold;
  return holds ? "supports" : "does-not-support";
}

/** Computes one figure from its samples, as of `now` (samples already limited to its period). */
export function computeFigure(input: FigureSamples, now: Date): ComputedResult {
  const definition = COMPUTED_DEFINITIONS[input.figure];
  let value: number | null;
  let n: number;
  let middle: number | null = null;
  switch (input.figure) {
    case "review-within-window":
    case "decision-within-window":
      ({ value, n } = share(input.samples, now));
      break;
    case "application-to-funded": {
      const days = input.samples.map(
        (sample) => (Date.parse(sample.fundedAt) - Date.parse(sample.receivedAt)) / DAY_MS,
      );
      value = mean(days);
      middle = median(days);
      n = days.length;
      break;
    }
    case "businesses-funded":
      n = new Set(input.samples.map((sample) => businessKey(sample.company))).size;
      value = n;
      break;
    case "amount-funded": {
      const amounts = input.samples.flatMap((sample) => (sample.amount === null ? [] : [sample.amount]));
      n = amounts.length;
      value = n === 0 ? null : Math.round(amounts.reduce((sum, amount) => sum + amount, 0) * 100) / 100;
      break;
    }
    case "average-rating":
      value = mean(input.samples);
      n = input.samples.length;
      break;
  }
  return {
    figure: input.figure,
    value,
    n,
    median: middle,
    periodStart: periodStart(definition, now)?.toISOString() ?? null,
    periodEnd: now.toISOString(),
    verdict: verdictOf(definition, value, n),
  };
}

// Words ------------------------------------------------------------------------

const oneDecimal = (value: number) => (Math.round(value * 10) / 10).toFixed(1);

/** The figure as the desk and the site state it: "71%", "23.5 days", "212", "$12.4M", "4.8/5". */
export function formatComputedValue(definition: ComputedDefinition, value: number): string {
  switch (definition.unit) {
    case "share":
      return percent(value);
    case "days":
      return `${oneDecimal(value)} days`;
    case "count":
      return String(value);
    case "usd":
      return formatUsdCompact(value);
    case "stars":
      return `${oneDecimal(value)}/${figures.ratingScale}`;
  }
}

/**
 * The figure in a sentence, as the desk shows it beside the site's wording and
 * the opted-in site prints it: "71% of complete applications decided within
 * 48 hours (last 90 days, N = 214)". Too little data says so, with no number.
 */
export function computedSentence(result: Pick<ComputedResult, "figure" | "value" | "n" | "median">): string {
  const definition = COMPUTED_DEFINITIONS[result.figure];
  if (result.value === null || result.n < definition.minimumN) {
    return `Too little data: N = ${result.n}, at least ${definition.minimumN} needed`;
  }
  const value = formatComputedValue(definition, result.value);
  const period = definition.periodDays === null ? "all our records" : `last ${definition.periodDays} days`;
  switch (result.figure) {
    case "review-within-window":
      return `${value} of applications reviewed within ${figures.reviewHours} hours (${period}, N = ${result.n})`;
    case "decision-within-window":
      return `${value} of complete applications decided within ${figures.decisionHours} hours (${period}, N = ${result.n})`;
    case "application-to-funded":
      return `${value} on average from application to funded, median ${formatComputedValue(definition, result.median ?? result.value)} (${period}, N = ${result.n})`;
    case "businesses-funded":
      return `${value} businesses funded (${period})`;
    case "amount-funded":
      return `${value} funded (${period}, ${result.n} funded reports)`;
    case "average-rating":
      return `${value} average over all ${result.n} ratings`;
  }
}

// The site's words, where the provider opts in (CLAIMS_COMPUTED) ---------------

/** A snapshot as the build receives it from the server's state file (scripts/public-env.mjs). */
export type BuiltComputedClaim = Pick<ComputedResult, "figure" | "value" | "n" | "median"> & {
  value: number;
  computedAt: string;
};

/** "Dec 7, 2026": the day a snapshot was computed, in UTC, as the site states it. */
export function asOfDay(computedAt: string): string {
  return new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(computedAt));
}

/**
 * The wording a claim shows when the provider opts in to its computed figure:
 * the figure from our records with its "as of" day, "71% of complete
 * applications decided within 48 hours (as of Dec 7, 2026)".
 */
export function computedClaimWording(built: BuiltComputedClaim): string {
  const definition = COMPUTED_DEFINITIONS[built.figure];
  const value = formatComputedValue(definition, built.value);
  const asOf = `(as of ${asOfDay(built.computedAt)})`;
  switch (built.figure) {
    case "review-within-window":
      return `${value} of applications reviewed within ${figures.reviewHours} hours ${asOf}`;
    case "decision-within-window":
      return `${value} of complete applications decided within ${figures.decisionHours} hours ${asOf}`;
    case "application-to-funded":
      return `${value} on average from application to funding ${asOf}`;
    case "businesses-funded":
      return `${value} businesses funded ${asOf}`;
    case "amount-funded":
      return `${value} funded ${asOf}`;
    case "average-rating":
      return `${value} average rating over all ${built.n} ratings ${asOf}`;
  }
}
