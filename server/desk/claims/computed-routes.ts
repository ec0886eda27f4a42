/**
 * GET /api/desk/claims/computed (staff and admin): each figure computed from
 * our records (server/claims/computed) with its definition, its latest
 * snapshot and whether it backs its claim, beside the wording the site uses;
 * and the ratings held, per source, averaged over all of them.
 */
import type { FastifyPluginAsync } from "fastify";
import { COMPUTED_DEFINITIONS, COMPUTED_FIGURE_IDS, computedSentence } from "#domain/claims/computed";
import { claimRecord, type ClaimId } from "#domain/claims/register";
import type { ComputedClaimsOverview } from "#domain/desk/contract";
import { ratingSummaries } from "../../claims/computed/computed-repository";
import { latestClaimSnapshots } from "../../claims/computed/holding";
import { requireRole } from "../auth/guard";

const computedRoutes: FastifyPluginAsync = async (app) => {
  app.get("/api/desk/claims/computed", { preValidation: requireRole("staff") }, async () => {
    const latest = await latestClaimSnapshots(app.store);
    return {
      everyMs: app.config.claims.computeEveryMs,
      figures: COMPUTED_FIGURE_IDS.map((figure) => {
        const definition = COMPUTED_DEFINITIONS[figure];
        const snapshot = latest[figure];
        return {
          figure,
          title: definition.title,
          claim: { id: definition.claim, wording: claimRecord(definition.claim as ClaimId).wording },
          meaning: definition.meaning,
          periodDays: definition.periodDays,
          minimumN: definition.minimumN,
          rule: definition.rule.words,
          snapshot:
            snapshot &&
            (({ value, n, median, periodStart, periodEnd, verdict, computedAt }) => ({
              value,
              n,
              median,
              periodStart,
              periodEnd,
              verdict,
              computedAt,
            }))(snapshot),
          sentence: snapshot && computedSentence(snapshot),
        };
      }),
      ratings: await ratingSummaries(app.store),
    } satisfies ComputedClaimsOverview;
  });
};

export default computedRoutes;
