/**
 * The computed claims' periodic job (docs/claims.md, "Computed claims"): every
 * CLAIMS_COMPUTE_EVERY each instance looks; one computes every figure from
 * our records and stores a snapshot of each, the others find it done. Sharing
 * the work: an advisory lock (an instance that finds it held waits for the
 * holder's pass to commit), and no pass while the last one is younger than
 * most of the interval (so the instance that waited, or looks just after
 * another computed, adds nothing). After each look, the instance writes the latest
 * snapshots to its claims state file, which the site's build reads.
 */
import type { FastifyBaseLogger } from "fastify";
import {
  COMPUTED_DEFINITIONS,
  COMPUTED_FIGURE_IDS,
  computeFigure,
  periodStart,
} from "#domain/claims/computed";
import { lockUntilCommit } from "../../store/advisory-lock";
import type { Store } from "../../store/store";
import { runEvery } from "../../periodic";
import { writeClaimsStateFile } from "../state-file";
import { samplesFor, snapshotRepository } from "./computed-repository";
import { latestClaimSnapshots } from "./holding";

const RECOMPUTE_LOCK = 7_314_241;

/** A pass computes only when the last one is older than this share of the interval. */
const FRESH_SHARE = 0.9;

/**
 * One pass: computes and stores a snapshot of every figure unless another
 * instance holds the pass or computed within the interval. Resolves true when
 * this pass stored them.
 */
export async function recomputeClaims(store: Store, everyMs: number, now = new Date()): Promise<boolean> {
  return store.transaction(async (tx) => {
    await lockUntilCommit(tx, RECOMPUTE_LOCK);
    const last = await snapshotRepository.lastComputedAt(tx);
    if (last !== null && now.getTime() - last.getTime() < everyMs * FRESH_SHARE) return false;
    for (const figure of COMPUTED_FIGURE_IDS) {
      const samples = await samplesFor(tx, figure, periodStart(COMPUTED_DEFINITIONS[figure], now));
      await snapshotRepository.insert(tx, computeFigure(samples, now), now);
    }
    return true;
  });
}

export interface ClaimsRecomputeDeps {
  store: Store;
  everyMs: number;
  /** Where the latest snapshots are written for the build (CLAIMS_STATE_FILE). */
  stateFile: string;
  log: FastifyBaseLogger;
}

/** The job: at start-up, then every `everyMs`. */
export function startClaimsRecompute({ store, everyMs, stateFile, log }: ClaimsRecomputeDeps) {
  return runEvery(
    everyMs,
    async () => {
      try {
        if (await recomputeClaims(store, everyMs))
          log.info({ component: "claims" }, "computed claims recomputed");
        await writeClaimsStateFile(stateFile, { computed: await latestClaimSnapshots(store) });
      } catch (err) {
        log.error({ component: "claims", err }, "computing the claims failed");
      }
    },
    { immediately: true },
  );
}
