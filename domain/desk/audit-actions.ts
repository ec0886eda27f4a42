/**
 * The names of the actions the server writes to the desk's audit log, written
 * once: the server may record no other (its audit record's `action` is
 * AuditAction), and the desk's audit page has words for every one
 * (desk/audit/audit-words.ts is a Record over them).
 */

/** Actions that change an application; its timeline shows them. */
export const APPLICATION_ACTIONS = {
  redelivered: "application.redelivered",
  released: "application.released",
  quarantined: "application.quarantined",
} as const;
export type ApplicationAction = (typeof APPLICATION_ACTIONS)[keyof typeof APPLICATION_ACTIONS];

/** Events that repeat (a list of personal data paged through, a refused request): one row counts them. */
export const REPEATED_ACTIONS = {
  applicationsListed: "applications.listed",
  deadListed: "deliveries.dead_listed",
  accessDenied: "access.denied",
} as const;
export type RepeatedAction = (typeof REPEATED_ACTIONS)[keyof typeof REPEATED_ACTIONS];

/** What the desk exports as CSV (GET /exports/<kind>.csv), each audited as `export.<kind>`. */
export const EXPORT_KINDS = ["applications", "consents", "newsletter", "audit"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const AUDIT_ACTIONS = [
  // Sign-in and accounts
  "sign-in",
  "sign-in.failed",
  "sign-out",
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
  "consents.looked_up",
  // The opt-out ledger (server/desk/opt-outs/): recorded by staff, looked up.
  "consent.opt-out-recorded",
  "opt-outs.looked_up",
  // Legal holds (server/desk/legal-holds/): set and released by admins, looked up by address.
  "legal-hold.set",
  "legal-hold.released",
  "legal-holds.looked_up",
  // Privacy requests (server/desk/privacy/): the queue read, one taken, its status changed;
  // a copy of the data opened by its link (server/privacy/privacy-routes.ts).
  "privacy-requests.listed",
  "privacy-request.claimed",
  "privacy-request.status-changed",
  "privacy-request.package-sent",
  "privacy-request.package-opened",
  "privacy-request.erased",
  REPEATED_ACTIONS.applicationsListed,
  // The retention purge (server/desk/retention/), by no actor: the quarantine's
  // under its own name, every other kind as retention.purged with its kind.
  "applications.purged",
  "retention.purged",
  // Deliveries and e-mail
  REPEATED_ACTIONS.deadListed,
  "deliveries.redelivered_dead",
  "mail.viewed",
  "mail.redelivered",
  // Exports
  ...EXPORT_KINDS.map((kind) => `export.${kind}` as const),
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
  // Refused
  REPEATED_ACTIONS.accessDenied,
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const isAuditAction = (value: string): value is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(value);
