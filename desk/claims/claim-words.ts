/** What the claims pages say of each status, and small words they share. */
import type { BadgeVariant } from "#ui/badge";
import { DUE_WITHIN_DAYS, type ClaimStatus } from "#domain/claims/status";
import type { ClaimItem, ClaimRoleHolder, ClaimsOverview } from "#domain/desk/contract";

/** The groups in the page's order: the ones to act on first. */
export const STATUS_ORDER: ClaimStatus[] = ["lapsed", "unsupported", "due", "supported"];

export const STATUS_WORDS: Record<
  ClaimStatus,
  { label: string; tone: BadgeVariant; title: string; description: string }
> = {
  lapsed: {
    label: "Lapsed",
    tone: "bad",
    title: "Lapsed",
    description: "The review day has passed: review the claim now, or state its fallback wording instead.",
  },
  unsupported: {
    label: "Unsupported",
    tone: "bad",
    title: "Unsupported",
    description:
      "No evidence file backs the claim: attach the evidence, or state its fallback wording instead (a strict build of the site does).",
  },
  due: {
    label: "Due for review",
    tone: "held",
    title: "Due for review",
    description: `The review day falls within ${DUE_WITHIN_DAYS} days.`,
  },
  supported: {
    label: "Supported",
    tone: "good",
    title: "Supported",
    description: `Evidence is filed and the review day is more than ${DUE_WITHIN_DAYS} days off.`,
  },
};

/** The staff member holding `role`, in words. */
export const holderWords = (holder: ClaimRoleHolder["holder"]) =>
  holder ? `${holder.name || holder.email}${holder.active ? "" : " (disabled or not enrolled)"}` : "Nobody";

export const holderOf = (overview: ClaimsOverview, role: string) =>
  overview.roles.find((entry) => entry.role === role)?.holder ?? null;

/** Evidence that counts: filed and not withdrawn. */
export const filedFiles = (claim: ClaimItem) => claim.files.filter((file) => file.withdrawnAt === null);

/** "120 KB", "2.4 MB". */
export function sizeWords(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
