/**
 * The audit log's actions, written once: their names (AUDIT_ACTIONS) and what
 * each records in `details` (AuditDetails). The server may record no other
 * action and no other details (server/audit/audit-repository.ts's `record`
 * takes an AuditEntry: `record({ action: "legal-hold.set", details })` is
 * checked against AuditDetails["legal-hold.set"]), and the desk's audit page
 * has words for every one (desk/audit/audit-words.ts is a Record over them).
 *
 * One naming convention: `<subject>.<what happened>`, lowercase words joined
 * by hyphens around one dot; the subject singular for one thing
 * (`application.viewed`), plural for a list (`applications.listed`); what
 * happened in the past tense (`sign-in.failed`, `legal-holds.looked-up`).
 * Rows stored under the names used before (`sign-in`, `consents.looked_up`,
 * `export.applications` …) were renamed by migration 033_audit_action_names.sql.
 */
import type { InvitationPurpose, MailStatus, RedeliverDeadInclude, Role } from "../desk/contract";
import type { OptOutChannel, OptOutSource } from "../desk/opt-outs";
import type { CloseReason, ContactChannel, ContactOutcome, CrmStage, WorkStatus } from "../desk/work";
import type { PrivacyRequestKind, PrivacyRequestStatus } from "../privacy/kinds";

/** Actions that change an application; its timeline shows them. */
export const APPLICATION_ACTIONS = {
  redelivered: "application.redelivered",
  released: "application.released",
  quarantined: "application.quarantined",
  // The document room's checklist (server/desk/documents/): a rep's review and requests.
  documentAccepted: "document-item.accepted",
  documentFlagged: "document-item.flagged",
  documentRequested: "document.requested",
} as const;
export type ApplicationAction = (typeof APPLICATION_ACTIONS)[keyof typeof APPLICATION_ACTIONS];

/** Events that repeat (a list of personal data paged through, a refused request): one row counts them. */
export const REPEATED_ACTIONS = {
  applicationsListed: "applications.listed",
  deadListed: "dead-deliveries.listed",
  accessDenied: "access.denied",
} as const;
export type RepeatedAction = (typeof REPEATED_ACTIONS)[keyof typeof REPEATED_ACTIONS];

/** What the desk exports as CSV (GET /exports/<kind>.csv), each audited as `<kind>.exported`. */
export const EXPORT_KINDS = ["applications", "consents", "newsletter", "audit"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const exportAction = <K extends ExportKind>(kind: K) => `${kind}.exported` as const;

/** Why a sign-in was refused. */
export type SignInFailure =
  | "password"
  | "throttled"
  | "disabled"
  | "not-enrolled"
  | "code"
  | "backup-code"
  | "code-reused"
  | "challenge-ended";

/** A list of personal data read: the filter as the request gave it and the page size. */
export interface ListedDetails {
  filter: Record<string, string>;
  pageSize: number;
}

/** An export: its filter as the export read it, and the rows it held. */
export interface ExportDetails {
  filter: object;
  rows: number;
}

/** An opt-out recorded (by staff, the CRM's webhook, the public form or a privacy request). */
export type OptOutDetails = {
  optOutId: string;
  channel: OptOutChannel;
  receivedVia: OptOutSource;
  receivedAt: string;
  newsletterUnsubscribed?: boolean;
  mailCancelled?: number;
} & ({ phone: string } | { email: string | null });

/** A change of owner: from whom to whom (ids and names; null for nobody). */
export interface AssignedDetails {
  from: string | null;
  fromName: string | null;
  to: string | null;
  toName: string | null;
  /** Done for several at once (the inbox's bulk action). */
  bulk?: true;
  /** Given out after waiting for somebody on duty; the routing group it went by. */
  waited?: true;
  group?: string | null;
}

/** An assignment rule as the audit keeps it (without its id). */
export interface RuleDetails {
  fundingType: string | null;
  minAmount: number | null;
  maxAmount: number | null;
  group: string;
}

/** A legal hold set or released: on one application, or on every record of an address (named). */
interface HoldDetails {
  holdId: string;
  scope: "application" | "email";
  email?: string;
  reason: string;
}

/** A document served to staff (the application is the entry's target): which one, under the name it was served as. */
interface DocumentReadDetails {
  documentId: string;
  itemId: string | null;
  fileName: string;
}

/** What each action records in `details`; `undefined`: nothing. */
export interface AuditDetails {
  // Sign-in and accounts
  "sign-in.succeeded": { method: "totp" | "backup-code" };
  "sign-in.failed": { reason: SignInFailure };
  "session.signed-out": undefined;
  "session.ended": { userId: string };
  "invitation.accepted": { purpose: InvitationPurpose; role: Role };
  "second-factor.enrolled": undefined;
  "second-factor.enrol-failed": undefined;
  "password.changed": { otherSessionsEnded: true };
  "password.change-failed": { reason: "password" | "throttled" };
  "backup-codes.regenerated": undefined;
  "backup-codes.regenerate-failed": { reason: "password" | "throttled" };
  // Applications
  "application.viewed": undefined;
  "application.redelivered": { reason: string; from: string | null };
  "application.released": { queued: boolean; mailQueued: number; assignedTo?: string };
  "application.quarantined": {
    reason: string;
    deliveryCancelled: boolean;
    mailCancelled: number;
    unassigned?: true;
  };
  "application.status-changed": {
    from: WorkStatus | null;
    to: WorkStatus;
    closeReason?: CloseReason | null;
    bulk?: true;
  };
  "application.noted": { characters: number };
  "application.contact-logged": {
    channel: ContactChannel;
    outcome: ContactOutcome;
    from?: WorkStatus;
    to?: WorkStatus;
    followUpAt?: string | null;
  };
  "application.follow-up-set": { from: string | null; to: string };
  "application.follow-up-cleared": { from: string | null; to: null };
  "application.assigned": AssignedDetails;
  "application.stage-reported": {
    source: string;
    eventId: string;
    stage: CrmStage;
    amount?: number;
    reason?: CloseReason;
    applied: boolean;
  };
  "application.call-booked": { source: string; eventId: string; scheduledAt: string; bookedBy: string };
  "evidence.exported": undefined;
  "document.viewed": DocumentReadDetails;
  "document.downloaded": DocumentReadDetails;
  "document-item.accepted": { itemId: string; item: string };
  "document-item.flagged": { itemId: string; item: string; reason: string; mailQueued: boolean };
  "document.requested": { itemId: string; item: string; detail: string | null };
  "consents.looked-up": { found: number } & ({ phone: string } | { email: string });
  "consent.opt-out-recorded": OptOutDetails & {
    source?: string;
    eventId?: string;
    privacyRequestId?: string;
  };
  "opt-outs.looked-up": { phone?: string; email?: string; found: number };
  "legal-hold.set": HoldDetails;
  "legal-hold.released": HoldDetails & { heldReason: string };
  "legal-holds.looked-up": { email: string; found: number };
  "privacy-requests.listed": { view: "open" | "closed"; rows: number };
  "privacy-request.claimed": { email: string };
  "privacy-request.status-changed": {
    email: string;
    kind: PrivacyRequestKind;
    status: PrivacyRequestStatus;
    resolution?: string;
  };
  "privacy-request.package-sent": { email: string; expiresAt: string };
  "privacy-request.package-opened": { email: string; format: "page" | "json"; client: string };
  "privacy-request.erased": {
    email: string;
    erasedApplications: number;
    erasedMails: number;
    heldApplications: number;
    heldApplicationIds?: string[];
    emailHeld?: true;
  };
  "applications.listed": ListedDetails;
  "applications.purged": { count: number; retentionDays: number };
  "retention.purged": {
    kind: "applications" | "mail-bodies" | "sessions" | "audit";
    count: number;
    retentionDays: number;
  };
  // Deliveries and e-mail
  "dead-deliveries.listed": ListedDetails;
  "dead-deliveries.redelivered": { count: number; include: RedeliverDeadInclude };
  "mail.viewed": { status: MailStatus | null; rows: number };
  "mail.redelivered": { from: MailStatus };
  // An accepted document fetched by the CRM through its signed link (server/crm-delivery/), by no actor.
  "document.fetched-by-crm": { documentId: string; served: boolean };
  // An accepted document whose CRM delivery died, sent again by staff (the application is the target).
  "document.redelivered": { documentId: string; reason: string; from: "dead" };
  // Exports
  "applications.exported": ExportDetails;
  "consents.exported": ExportDetails;
  "newsletter.exported": ExportDetails;
  "audit.exported": ExportDetails;
  // Staff
  "invitation.created":
    { purpose: "setup"; role: "admin" } | { email: string | null; role: Role; via?: "cli" };
  "invitation.revoked": { email: string; purpose: InvitationPurpose };
  "invitation.resent": { email: string; purpose: InvitationPurpose; replaces: string };
  "setup.abandoned-removed": { email: string };
  "staff.role-changed": { from: Role; to: Role };
  "staff.disabled": { reassigned: number; unassigned: number };
  "staff.enabled": undefined;
  "second-factor.reset": { invitationId: string };
  "staff.duty-changed": {
    onDuty?: boolean;
    groups?: string[];
    was: { onDuty: boolean; groups?: string[] };
  };
  "assignment.rules-changed": { rules: RuleDetails[]; previous: RuleDetails[] };
  // Claims
  "ratings.imported": { source: string; added: number; alreadyHeld: number; file: string };
  // Claims (server/claims/, the desk's Claims page): the target is the claim's id, or the role's name
  "claim-role.assigned": {
    role: string;
    from: string | null;
    fromName: string | null;
    to: string | null;
    toName: string | null;
  };
  "claim-evidence.added": { evidenceId: string; label: string; mediaType: string; size: number };
  "claim-evidence.withdrawn": { evidenceId: string; label: string; reason: string };
  "claim-evidence.downloaded": { evidenceId: string; label: string; withdrawn: boolean };
  "claim.reviewed": { reviewBy: string; previousReviewBy: string; note: string };
  // The owner's e-mail, by the claims job (no actor): a review due or lapsed, or a
  // computed claim that stopped holding (its figure, value and N, the desk's sentence, the snapshot).
  "claim.owner-alerted":
    | { event: "due" | "lapsed"; reviewBy: string; to: string }
    | {
        event: "stopped-holding";
        figure: string;
        value: number | null;
        n: number;
        summary: string;
        snapshotId: string;
        to: string;
      };
  // Refused
  "access.denied": { method: string; route: string };
}

/** What the claims page's history shows (each also in AUDIT_ACTIONS). */
export const CLAIM_ACTIONS = [
  "claim-role.assigned",
  "claim-evidence.added",
  "claim-evidence.withdrawn",
  "claim-evidence.downloaded",
  "claim.reviewed",
  "claim.owner-alerted",
] as const satisfies readonly AuditAction[];
export type ClaimAuditAction = (typeof CLAIM_ACTIONS)[number];

export type AuditAction = keyof AuditDetails;

/** Every action, in the order the desk's audit page groups them. */
export const AUDIT_ACTIONS = [
  // Sign-in and accounts
  "sign-in.succeeded",
  "sign-in.failed",
  "session.signed-out",
  "session.ended",
  "invitation.accepted",
  "second-factor.enrolled",
  "second-factor.enrol-failed",
  "password.changed",
  "password.change-failed",
  "backup-codes.regenerated",
  "backup-codes.regenerate-failed",
  // Applications
  "application.viewed",
  APPLICATION_ACTIONS.redelivered,
  APPLICATION_ACTIONS.released,
  APPLICATION_ACTIONS.quarantined,
  // The document room from the desk (server/desk/documents/): each file a rep
  // views or downloads, and the checklist's review and requests (on the timeline).
  "document.viewed",
  "document.downloaded",
  APPLICATION_ACTIONS.documentAccepted,
  APPLICATION_ACTIONS.documentFlagged,
  APPLICATION_ACTIONS.documentRequested,
  // Working it (server/desk/application/work-routes.ts). Not APPLICATION_ACTIONS:
  // each also writes an activity, and the timeline shows that one, not these.
  "application.status-changed",
  "application.noted",
  "application.contact-logged",
  // A follow-up ("call back at") set or moved, or cleared, on its own (a logged contact's is in its own row).
  "application.follow-up-set",
  "application.follow-up-cleared",
  // Its owner claimed, reassigned or put back (server/desk/assignment/); also an activity.
  "application.assigned",
  // Reported by the CRM or the booking service through the inbound webhook
  // (server/inbound/), by no actor. Not APPLICATION_ACTIONS: each also writes an
  // activity, and the timeline shows that one.
  "application.stage-reported",
  "application.call-booked",
  "evidence.exported",
  "consents.looked-up",
  // The opt-out ledger (server/opt-outs/): recorded by staff, the webhooks, the
  // public form and privacy requests; looked up by staff.
  "consent.opt-out-recorded",
  "opt-outs.looked-up",
  // Legal holds (server/desk/legal-holds/): set and released by admins, looked up by address.
  "legal-hold.set",
  "legal-hold.released",
  "legal-holds.looked-up",
  // Privacy requests (server/desk/privacy/): the queue read, one taken, its status changed;
  // a copy of the data opened by its link (server/privacy/privacy-routes.ts).
  "privacy-requests.listed",
  "privacy-request.claimed",
  "privacy-request.status-changed",
  "privacy-request.package-sent",
  "privacy-request.package-opened",
  "privacy-request.erased",
  REPEATED_ACTIONS.applicationsListed,
  // The retention purge (server/retention/), by no actor: the quarantine's
  // under its own name, every other kind as retention.purged with its kind.
  "applications.purged",
  "retention.purged",
  // Deliveries and e-mail
  REPEATED_ACTIONS.deadListed,
  "dead-deliveries.redelivered",
  "mail.viewed",
  "mail.redelivered",
  "document.fetched-by-crm",
  "document.redelivered",
  // Exports
  ...EXPORT_KINDS.map(exportAction),
  // Staff
  "invitation.created",
  "invitation.revoked",
  "invitation.resent",
  "setup.abandoned-removed",
  "staff.role-changed",
  "staff.disabled",
  "staff.enabled",
  "second-factor.reset",
  // Duty and routing (server/desk/assignment/)
  "staff.duty-changed",
  "assignment.rules-changed",
  // Claims: the ratings an average rating is computed over (the operator CLI)
  "ratings.imported",
  // Claims (server/claims/): roles given, evidence filed, withdrawn and read, reviews, the owners' e-mails
  ...CLAIM_ACTIONS,
  // Refused
  REPEATED_ACTIONS.accessDenied,
] as const satisfies readonly AuditAction[];

/** Every action with details has its name in AUDIT_ACTIONS (a missing one is named here by the type check). */
type Unlisted = Exclude<AuditAction, (typeof AUDIT_ACTIONS)[number]>;
export const EVERY_ACTION_LISTED: [Unlisted] extends [never] ? true : Unlisted = true;

export const isAuditAction = (value: string): value is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(value);

/** One action with its details: `details` may be left out only where the action records none. */
export type AuditEntry<A extends AuditAction = AuditAction> = {
  [K in A]: { action: K } & (undefined extends AuditDetails[K]
    ? { details?: AuditDetails[K] }
    : { details: AuditDetails[K] });
}[A];
