/**
 * A claim's standing on a given day, derived from its record, and the one
 * choice of which words it shows: its wording, or its fallback when the
 * provider builds in strict mode and the claim is lapsed or unsupported
 * (docs/claims.md, "Status and strict mode").
 */
import type { ClaimRecord } from "./record";

/**
 * supported: evidence present and the review more than DUE_WITHIN_DAYS away;
 * due: the review is within DUE_WITHIN_DAYS (the review day itself included);
 * lapsed: the review day has passed; unsupported: no evidence at all.
 */
export type ClaimStatus = "supported" | "due" | "lapsed" | "unsupported";

export const DUE_WITHIN_DAYS = 30;

const DAY_MS = 86_400_000;

/** Days from `from` to `to` (both YYYY-MM-DD), negative when `to` is earlier. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The record's status on `today` (YYYY-MM-DD). */
export function claimStatus(record: Pick<ClaimRecord, "evidence" | "reviewBy">, today: string): ClaimStatus {
  if (record.evidence.length === 0) return "unsupported";
  const left = daysBetween(today, record.reviewBy);
  if (left < 0) return "lapsed";
  if (left <= DUE_WITHIN_DAYS) return "due";
  return "supported";
}

/** How the build treats claims: strict or not, and the day their status is taken on. */
export interface ClaimSettings {
  strict: boolean;
  /** YYYY-MM-DD. */
  today: string;
}

/** Which words a claim shows under `settings`: strict mode swaps a lapsed or unsupported claim for its fallback. */
export function claimShows(
  record: Pick<ClaimRecord, "evidence" | "reviewBy">,
  settings: ClaimSettings,
): "wording" | "fallback" {
  if (!settings.strict) return "wording";
  const status = claimStatus(record, settings.today);
  return status === "lapsed" || status === "unsupported" ? "fallback" : "wording";
}

/** The words a claim shows: `words` (its wording, its figure or a sentence's words), or its fallback. */
export function claimWordsShown(
  record: Pick<ClaimRecord, "evidence" | "reviewBy" | "fallback">,
  words: string,
  settings: ClaimSettings,
): string {
  return claimShows(record, settings) === "fallback" ? record.fallback : words;
}
