/**
 * A claim's history in words: each audit row about a claim (server/claims,
 * #domain/audit/actions CLAIM_ACTIONS) as the desk's Claims page and its
 * audit page say it, after the actor's name.
 */
import type { AuditDetails, ClaimAuditAction } from "../audit/actions";

type Loose<A extends ClaimAuditAction> = Partial<NonNullable<AuditDetails[A]>>;

const quoted = (text: unknown) => (typeof text === "string" && text ? `“${text}”` : "");

/** What was done, in words ("added evidence “CRM export, June 2027”"). */
export function claimHistoryWords(action: ClaimAuditAction, details: Record<string, unknown> | null): string {
  const d = details ?? {};
  switch (action) {
    case "claim-role.assigned": {
      const x = d as Loose<"claim-role.assigned">;
      return x.to
        ? `gave the role ${x.role ?? ""} to ${x.toName ?? "a staff member"}${x.from ? ` (was ${x.fromName ?? "someone else"})` : ""}`
        : `left the role ${x.role ?? ""} with nobody${x.from ? ` (was ${x.fromName ?? "someone"})` : ""}`;
    }
    case "claim-evidence.added": {
      const x = d as Loose<"claim-evidence.added">;
      return `added evidence ${quoted(x.label)}`;
    }
    case "claim-evidence.withdrawn": {
      const x = d as Loose<"claim-evidence.withdrawn">;
      return `withdrew evidence ${quoted(x.label)}: reason ${quoted(x.reason)}`;
    }
    case "claim-evidence.downloaded": {
      const x = d as Loose<"claim-evidence.downloaded">;
      return `downloaded evidence ${quoted(x.label)}${x.withdrawn ? " (withdrawn)" : ""}`;
    }
    case "claim.reviewed": {
      const x = d as Loose<"claim.reviewed">;
      return `recorded a review: next review by ${x.reviewBy ?? "?"} (was ${x.previousReviewBy ?? "?"}), note ${quoted(x.note)}`;
    }
    case "claim.owner-alerted": {
      const x = d as Partial<{ event: string; reviewBy: string; to: string; summary: string }>;
      if (x.event === "stopped-holding")
        return `e-mailed the owner (${x.to ?? "?"}): our records no longer back the claim, now ${x.summary ?? "?"}`;
      return x.event === "lapsed"
        ? `e-mailed the owner (${x.to ?? "?"}): the review day ${x.reviewBy ?? ""} has passed`
        : `e-mailed the owner (${x.to ?? "?"}): the review is due by ${x.reviewBy ?? ""}`;
    }
  }
}
