/**
 * The computed claims' job on two server instances sharing one PostgreSQL,
 * each with its own pool: started together, one computes and stores a
 * snapshot of each figure, the other finds it done, and each writes the
 * latest snapshots to its own state file for the build. A later pass, raced
 * on both, computes once more. And the claims that stopped holding: the
 * latest snapshot does not back the claim, the one before did.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { COMPUTED_FIGURE_IDS, type ComputedResult } from "#domain/claims/computed";
import { submit } from "../../../test/support/desk-applications";
import { useTwoInstances } from "../../../test/support/server";
import { snapshotRepository } from "./computed-repository";
import { computedClaimsStoppedHolding, latestClaimSnapshots } from "./holding";
import { recomputeClaims, startClaimsRecompute } from "./recompute";

const HOUR = 3_600_000;

describe("the computed claims' job on two instances on postgres", () => {
  const ctx = useTwoInstances();
  const folder = mkdtempSync(join(tmpdir(), "claims-state-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  beforeEach(() => ctx.first.store.exec("TRUNCATE claim_snapshots, applications CASCADE"));

  const snapshots = async () =>
    Number(
      (await ctx.first.store.query<{ n: string }>("SELECT count(*)::text AS n FROM claim_snapshots")).rows[0]
        .n,
    );

  it("computes once when both start together, and once per interval after", async () => {
    await submit(ctx.first);
    const files = [join(folder, "first.json"), join(folder, "second.json")];
    const stops = [ctx.first, ctx.second].map((app, i) =>
      startClaimsRecompute({ store: app.store, everyMs: HOUR, stateFile: files[i], log: app.log }),
    );
    await expect.poll(() => files.every((file) => existsSync(file)), { timeout: 10_000 }).toBe(true);
    await Promise.all(stops.map((stop) => stop()));
    expect(await snapshots()).toBe(COMPUTED_FIGURE_IDS.length);

    // Each instance's file holds the same latest snapshots, the one application counted.
    const [first, second] = files.map((file) => JSON.parse(readFileSync(file, "utf8")));
    expect(first.computed).toEqual(second.computed);
    expect(first.computed["review-within-window"]).toMatchObject({ n: 0, verdict: "too-little-data" });
    expect(Object.keys(first.computed).sort()).toEqual([...COMPUTED_FIGURE_IDS].sort());

    // Within the interval, nobody computes again; after it, two passes raced on each compute once.
    expect(await recomputeClaims(ctx.second.store, HOUR)).toBe(false);
    const later = new Date(Date.now() + HOUR);
    const raced = await Promise.all(
      [ctx.first, ctx.second, ctx.first, ctx.second].map((app) => recomputeClaims(app.store, HOUR, later)),
    );
    expect(raced.filter(Boolean)).toHaveLength(1);
    expect(await snapshots()).toBe(2 * COMPUTED_FIGURE_IDS.length);
  });

  it("names a computed claim that stopped holding once, at the computation that found it", async () => {
    const result = (verdict: ComputedResult["verdict"], value: number): ComputedResult => ({
      figure: "decision-within-window",
      value,
      n: 214,
      median: null,
      periodStart: new Date(Date.now() - 90 * 24 * HOUR).toISOString(),
      periodEnd: new Date().toISOString(),
      verdict,
    });
    const store = ctx.first.store;
    await snapshotRepository.insert(store, result("supports", 0.97), new Date(Date.now() - 2 * HOUR));
    expect(await computedClaimsStoppedHolding(store)).toEqual([]);

    await snapshotRepository.insert(store, result("does-not-support", 0.71), new Date(Date.now() - HOUR));
    const stopped = await computedClaimsStoppedHolding(ctx.second.store);
    expect(stopped).toHaveLength(1);
    expect(stopped[0]).toMatchObject({
      claim: "decision-time",
      figure: "decision-within-window",
      snapshot: { value: 0.71, n: 214, verdict: "does-not-support" },
      previous: { value: 0.97, verdict: "supports" },
    });
    expect((await latestClaimSnapshots(store))["decision-within-window"]?.id).toBe(stopped[0].snapshot.id);

    // Still not holding at the next computation: not a new event.
    await snapshotRepository.insert(store, result("does-not-support", 0.7), new Date());
    expect(await computedClaimsStoppedHolding(store)).toEqual([]);
  });
});
