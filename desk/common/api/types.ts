/**
 * The shapes /api/desk/* answers with, as docs/desk-api.md describes them.
 * Times are ISO 8601 strings; ids are strings.
 */
import type { FundingApplication, Touch } from "#domain/application/schema";

export type Role = "staff" | "admin";

/** What an admin changes about a staff member: the role, or whether the account may sign in. */
export type StaffChange = { role: Role } | { disabled: boolean };

export interface Me {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** The provider's IANA zone (DESK_TIME_ZONE): every time and day filter in the desk is in it. */
  timeZone: string;
}

export interface SetupStatus {
  needsSetup: boolean;
}

export interface Invitation {
  /** None on the one-time setup link: the first admin gives their own. */
  email: string | null;
  role: Role;
  expiresAt: string;
}

/** A link an admin (or the CLI: invitedBy null) made that nobody has used yet. */
export interface PendingInvitation {
  id: string;
  purpose: "invite" | "reset-second-factor";
  email: string;
  role: Role;
  userId: string | null;
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
}

export interface Enrolment {
  /** otpauth:// URI for the QR code. */
  totpUri: string;
  /** The same secret in base32, for typing in by hand. */
  secret: string;
}

export interface SessionInfo {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  ip: string | null;
  userAgent: string | null;
  current: boolean;
}

/** The application itself: received, or quarantined as spam. */
export type ApplicationState = "received" | "spam";
/** Its CRM delivery (none for spam). */
export type DeliveryState = "pending" | "sending" | "delivered" | "dead";
/** What the inbox's state filter takes: either kind. */
export type StateFilter = ApplicationState | DeliveryState;

export interface ListItem {
  id: string;
  createdAt: string;
  companyName: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  fundingType: string;
  fundingAmount: string | number;
  state: ApplicationState;
  spamReason: string | null;
  delivery: DeliveryState | null;
  source: string | null;
  campaign: string | null;
}

export interface ApplicationPage {
  items: ListItem[];
  total: number;
  nextCursor: string | null;
}

export interface ConsentRecord {
  text: string;
  version: string;
  sha256: string;
  consentedAt: string;
  ip: string | null;
  userAgent: string | null;
  pageUrl: string | null;
  phone: string;
}

export interface DeliveryInfo {
  state: DeliveryState;
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  deliveredAt: string | null;
}

export interface TimelineAttempt {
  at: string;
  kind: "attempt";
  status: number | null;
  error: string | null;
  durationMs: number | null;
  outcome: string;
}

export interface TimelineAction {
  at: string;
  kind: "action";
  action: string;
  by: string | null;
  reason: string | null;
}

/** An e-mail the application caused, when it was stored, and where it stands now. */
export interface TimelineMail {
  at: string;
  kind: "mail";
  mailId: string;
  mailKind: MailKind;
  to: string;
  subject: string;
  status: MailStatus;
  messageId: string;
}

/** One try to send one of the application's e-mails. */
export interface TimelineMailAttempt {
  at: string;
  kind: "mail-attempt";
  mailId: string;
  mailKind: MailKind;
  to: string;
  attempt: number;
  /** The SMTP server's reply code, when it gave one. */
  smtpCode: number | null;
  error: string | null;
  durationMs: number | null;
  /** sent, retry or dead */
  outcome: string;
}

export type TimelineEntry = TimelineAttempt | TimelineAction | TimelineMail | TimelineMailAttempt;

export interface Detail {
  /** Every field of the funding application by its schema name. */
  application: Partial<FundingApplication> & Record<string, unknown>;
  id: string;
  submissionId: string | null;
  /** The number on the applicant's receipt ("HL-" and 8 characters); none for spam never released. */
  reference: string | null;
  createdAt: string;
  state: ApplicationState;
  spamReason: string | null;
  attribution: { firstTouch?: Touch | null; lastTouch?: Touch | null } | null;
  consent: ConsentRecord | null;
  delivery: DeliveryInfo | null;
  timeline: TimelineEntry[];
}

export interface ConsentLookupItem {
  applicationId: string;
  consentedAt: string;
  consentVersion: string;
  consentSha256: string;
  phone: string;
  email: string;
  companyName: string;
}

/** A dead delivery's last attempt: the CRM's status (null: no answer) and error; permanent: refused for good (a 4xx). */
export interface LastAttempt {
  at: string | null;
  statusCode: number | null;
  error: string | null;
  permanent: boolean;
}

export interface DeadItem extends ListItem {
  lastAttempt: LastAttempt | null;
}

/** Which dead deliveries "redeliver all" takes: the temporary failures only, or the permanent refusals too. */
export type RedeliverDeadInclude = "temporary" | "all";

export interface Health {
  webhookConfigured: boolean;
  counts: Record<DeliveryState, number>;
  oldestWaitingAt: string | null;
  lastDeliveredAt: string | null;
  dead: DeadItem[];
  /** Every dead delivery by why: refused for good by the CRM, or given up on after temporary failures. */
  deadKinds: { temporary: number; permanent: number };
  /** Whether an SMTP server is set (SMTP_URL); without one, e-mails wait. */
  mailConfigured: boolean;
  mail: Record<MailStatus, number>;
  /** How long a delivery or an e-mail is retried before it is dead (the configured schedule). */
  retryWindowMs: number;
}

/** Where an e-mail stands: waiting, being sent, sent, given up on, or cancelled by a quarantine. */
export type MailStatus = "pending" | "sending" | "sent" | "dead" | "cancelled";
export type MailKind = "receipt" | "staff-alert" | "delivery-alert" | "newsletter-confirm" | "newsletter";

/** One e-mail in the mail outbox (never its body). */
export interface MailItem {
  id: string;
  kind: MailKind;
  to: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  messageId: string;
  applicationId: string | null;
}

export interface MailList {
  items: MailItem[];
  nextCursor: string | null;
  counts: Record<MailStatus, number>;
  /** How long an e-mail that cannot be sent is retried before it is marked failed. */
  retryWindowMs: number;
  /** Whether an SMTP server is set (SMTP_URL); without one, nothing is sent and e-mails wait. */
  mailConfigured: boolean;
}

export interface StaffMember {
  id: string;
  email: string;
  name: string;
  role: Role;
  disabled: boolean;
  twoFactorEnabled: boolean;
  createdAt: string;
  lastSignInAt: string | null;
}

export interface AuditEntry {
  id: string;
  at: string;
  /** The actor's e-mail; null for the system (the operator CLI, the quarantine purge). */
  actor: string | null;
  actorName: string | null;
  action: string;
  target: string | null;
  details: Record<string, unknown> | null;
  ip: string | null;
  userAgent: string | null;
  /** A repeated event (a list paged through, a refused request): requests, rows shown, the last one's time. */
  times: number | null;
  rowsReturned: number | null;
  lastAt: string | null;
  /** The application the entry is about, while it exists. */
  application: { id: string; reference: string | null; companyName: string } | null;
  /** The staff member the entry is about, while the account exists. */
  staff: { id: string; name: string; email: string } | null;
}

export type AuditFilters = {
  action?: string;
  actor?: string;
  /** Days, YYYY-MM-DD, both included. */
  from?: string;
  to?: string;
};

export interface AuditPage {
  items: AuditEntry[];
  nextCursor: string | null;
}

export interface Items<T> {
  items: T[];
}
