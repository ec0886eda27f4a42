/**
 * Whether each computed claim still holds, from the stored snapshots: the
 * latest per figure (the desk, the state file), and the claims that stopped
 * holding (the latest snapshot does not support the claim, the one before it
 * did), which the claim owners' e-mail job asks for.
 */
import { COMPUTED_DEFINITIONS, type BackedClaimId, type ComputedFigureId } from "#domain/claims/computed";
import type { Queryable } from "../../store/store";
import { snapshotRepository, type ClaimSnapshot } from "./computed-repository";

/** Each figure's latest snapshot; null for one never computed. */
export async function latestClaimSnapshots(
  db: Queryable,
): Promise<Record<ComputedFigureId, ClaimSnapshot | null>> {
  const latest = await snapshotRepository.latestTwo(db);
  return Object.fromEntries(
    [...latest].map(([figure, snapshots]) => [figure, snapshots[0] ?? null]),
  ) as Record<ComputedFigureId, ClaimSnapshot | null>;
}

/** A computed claim that stopped holding: the claim, its figure, the snapshot that says so and the one before. */
export interface StoppedHolding {
  claim: BackedClaimId;
  figure: ComputedFigureId;
  /** The latest snapshot (verdict does-not-support); its id names this event once, for a sender that marks what it sent. */
  snapshot: ClaimSnapshot;
  /** The snapshot before it (verdict supports). */
  previous: ClaimSnapshot;
}

/**
 * The computed claims that stopped holding at their latest computation: the
 * latest snapshot does not support the claim and the previous one did. Ask
 * after each recompute; the same event is named by `snapshot.id` until the
 * next computation, so a caller that records the ids it told about tells once.
 */
export async function computedClaimsStoppedHolding(db: Queryable): Promise<StoppedHolding[]> {
  const latest = await snapshotRepository.latestTwo(db);
  const stopped: StoppedHolding[] = [];
  for (const [figure, [snapshot, previous]] of latest) {
    if (snapshot?.verdict === "does-not-support" && previous?.verdict === "supports") {
      stopped.push({ claim: COMPUTED_DEFINITIONS[figure].claim, figure, snapshot, previous });
    }
  }
  return stopped;
}
