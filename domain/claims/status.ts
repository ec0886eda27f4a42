/**
 * A claim's standing on a given day, from its record and what the store holds
 * for it (server/claims: evidence files filed and the latest recorded review),
 * and the one choice of which words it shows: its wording, or its fallback
 * when the provider builds in strict mode and the claim is lapsed or
 * unsupported (docs/claims.md, "Status and strict mode").
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

/**
 * What the store says of one claim: the review-by day of its latest recorded
 * review (none: the register's stands) and how many evidence files are filed
 * and not withdrawn. The server writes every claim's to the state file the
 * build reads (server/claims/state-file.ts).
 */
export interface StoredClaimState {
  reviewBy?: string;
  evidenceFiles: number;
}

/** Each claim's stored state by id; a claim missing has nothing stored. */
export type StoredClaimStates = Readonly<Record<string, StoredClaimState>>;

/** The parts of a record its status reads. */
export type StatusRecord = Pick<ClaimRecord, "kind" | "reviewBy">;

/** Days from `from` to `to` (both YYYY-MM-DD), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The day the claim is reviewed by: the latest recorded review's, else the register's. */
export function claimReviewBy(record: StatusRecord, stored: StoredClaimState | undefined): string {
  return stored?.reviewBy ?? record.reviewBy;
}

/**
 * Whether anything backs the claim: a file filed and not withdrawn, or, for a
 * computed claim, its computation. A description in the register ("Closed-deal
 * register from the CRM") says what should back it; it is not evidence.
 */
export function claimBacked(record: StatusRecord, stored: StoredClaimState | undefined): boolean {
  return record.kind === "computed" || (stored?.evidenceFiles ?? 0) > 0;
}

/** The claim's status on `today` (YYYY-MM-DD), from its record and its stored state. */
export function claimStatus(
  record: StatusRecord,
  stored: StoredClaimState | undefined,
  today: string,
): ClaimStatus {
  if (!claimBacked(record, stored)) return "unsupported";
  const left = daysBetween(today, claimReviewBy(record, stored));
  if (left < 0) return "lapsed";
  if (left <= DUE_WITHIN_DAYS) return "due";
  return "supported";
}

/** How the build treats claims: strict or not, the day their status is taken on, the stored state it read. */
export interface ClaimSettings {
  strict: boolean;
  /** YYYY-MM-DD. */
  today: string;
  /** The server's state file as the build read it; absent or empty: nothing stored (a fresh install). */
  state?: StoredClaimStates;
}

/** Which words a claim shows under `settings`: strict mode swaps a lapsed or unsupported claim for its fallback. */
export function claimShows(
  record: StatusRecord & Pick<ClaimRecord, "id">,
  settings: ClaimSettings,
): "wording" | "fallback" {
  if (!settings.strict) return "wording";
  const status = claimStatus(record, settings.state?.[record.id], settings.today);
  return status === "lapsed" || status === "unsupported" ? "fallback" : "wording";
}

/** The words a claim shows: `words` (its wording, its figure or a sentence's words), or its fallback. */
export function claimWordsShown(
  record: StatusRecord & Pick<ClaimRecord, "id" | "fallback">,
  words: string,
  settings: ClaimSettings,
): string {
  return claimShows(record, settings) === "fallback" ? record.fallback : words;
}
