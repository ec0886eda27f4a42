/**
 * An application's review deadline: when it was received plus the promised
 * window (REVIEW_WINDOW). Computed once at intake and stored
 * (applications.review_due_at), so the inbox sorts and filters by it.
 */
import type { Config } from "../config";

export type ReviewSettings = Pick<Config, "review"> & { desk: Pick<Config["desk"], "timeZone"> };

export interface ReviewClock {
  /** The deadline of an application received at `receivedAt`. */
  deadline(receivedAt: Date): Date;
}

/** The promise as the site states it, for callers without a configuration (benchmarks, tests). */
export const DEFAULT_REVIEW_WINDOW_MS = 24 * 3_600_000;

export function createReviewClock(settings?: ReviewSettings): ReviewClock {
  const windowMs = settings?.review.windowMs ?? DEFAULT_REVIEW_WINDOW_MS;
  return {
    deadline: (receivedAt) => new Date(receivedAt.getTime() + windowMs),
  };
}
