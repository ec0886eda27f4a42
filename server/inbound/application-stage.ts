/**
 * "application.stage": the CRM reports where the sales team stands with an
 * application (CRM_STAGES), found by its id or its reference number.
 *
 * A report is applied only when it moves the application forward: its work
 * status ranks higher (WORK_RANK) than the current one, its time is newer than
 * the newest report applied (stage_reported_at), and the application is not
 * closed (the CRM never reopens one). Any other report, arriving out of order
 * or behind what staff already set, is kept on the timeline as reported and
 * not applied. Applied or not, a report is a touch: the review clock stops at
 * its time (at the earliest report's, when an earlier one arrives late). Funded closes with the reason "funded" and the amount; lost closes
 * with the report's reason, else "not qualified".
 */
import { z } from "zod";
import {
  CLOSE_REASONS,
  CRM_STAGE_STATUS,
  CRM_STAGES,
  WORK_RANK,
  type CloseReason,
  type CrmStage,
} from "#domain/desk/work";
import { applicationId, eventType, nullish, reference, UnknownApplication } from "./inbound-event";
import { inboundRepository as repository } from "./inbound-repository";

/** Why an application was lost: any close reason but funded (which is its own stage). */
export const LOST_REASONS = CLOSE_REASONS.filter((reason) => reason !== "funded");

/** The largest amount a report may carry: a trillion, far beyond any deal, well inside numeric. */
const MAX_AMOUNT = 1e12;

const stageData = z
  .object(
    {
      applicationId: nullish(applicationId),
      reference: nullish(reference),
      stage: z.enum(CRM_STAGES, { error: `must be one of ${CRM_STAGES.join(", ")}` }),
      amount: nullish(
        z
          .number({ error: "must be a number (the amount funded, in dollars)" })
          .positive({ error: "must be more than 0" })
          .max(MAX_AMOUNT, { error: `must be at most ${MAX_AMOUNT}` }),
      ),
      reason: nullish(
        z.enum(LOST_REASONS as [CloseReason, ...CloseReason[]], {
          error: `must be one of ${LOST_REASONS.join(", ")}`,
        }),
      ),
    },
    { error: "must be an object" },
  )
  .superRefine((data, context) => {
    if (data.applicationId === undefined && data.reference === undefined) {
      context.addIssue({ code: "custom", path: ["applicationId"], message: "or reference is required" });
    }
    if (data.amount !== undefined && data.stage !== "funded") {
      context.addIssue({ code: "custom", path: ["amount"], message: "goes only with the stage funded" });
    }
    if (data.reason !== undefined && data.stage !== "lost") {
      context.addIssue({ code: "custom", path: ["reason"], message: "goes only with the stage lost" });
    }
  });

const closeReasonOf = (stage: CrmStage, reason: CloseReason | undefined): CloseReason | null =>
  stage === "funded" ? "funded" : stage === "lost" ? (reason ?? "not_qualified") : null;

export const applicationStage = eventType({
  data: stageData,
  async handle(tx, { source, id: eventId, occurredAt, data }) {
    const found = await repository.lockApplication(tx, data, occurredAt);
    if (!found) throw new UnknownApplication(data.applicationId ? "data.applicationId" : "data.reference");
    const workStatus = CRM_STAGE_STATUS[data.stage];
    const applied =
      found.workStatus !== "closed" && WORK_RANK[workStatus] > WORK_RANK[found.workStatus] && found.newer;
    const closeReason = closeReasonOf(data.stage, data.reason);
    // Cents, as money is kept.
    const amount = data.amount === undefined ? null : Math.round(data.amount * 100) / 100;
    await repository.reportStage(
      tx,
      found.id,
      found.at,
      applied ? { workStatus, closeReason, fundedAmount: amount, reportedAt: occurredAt } : undefined,
    );
    const reported = {
      stage: data.stage,
      ...(amount === null ? {} : { amount }),
      ...(data.reason === undefined ? {} : { reason: data.reason }),
    };
    await repository.addActivity(tx, {
      applicationId: found.id,
      kind: "stage",
      at: found.at,
      workStatus: applied ? workStatus : null,
      closeReason: applied ? closeReason : null,
      details: {
        ...reported,
        applied,
        // Not applied because a later report was: when that one happened.
        ...(found.newer ? {} : { overtakenBy: found.stageReportedAt }),
        source,
        eventId,
      },
    });
    return {
      applicationId: found.id,
      outcome: applied ? "applied" : "not_applied",
      audit: { action: "application.stage-reported", details: { source, eventId, ...reported, applied } },
    };
  },
});
