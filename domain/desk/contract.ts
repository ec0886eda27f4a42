/**
 * The contract between the lead desk and its API (/api/desk/*): every answer
 * the server gives and the desk reads, written once. The server's routes
 * check what they return against these types (`satisfies`, or a view's return
 * type), and the desk's requests (desk/<feature>/api.ts) are typed with them,
 * so a field one side renames or drops fails the type check on that side
 * (test/contract/desk-contract.test.ts shows it). The route table with who may
 * call what and the status codes is docs/desk-api.md.
 *
 * On the wire: times are ISO 8601 strings (UTC, "…Z"), ids are strings, and
 * an error is `{error}` and/or `{errors: {field: message}}` (ErrorAnswer).
 */
import type { FunnelStep, Intent, OUTCOMES } from "../analytics/events";
import type { FundingApplication, Touch } from "../application/schema";
import type { ApplicationAction, ClaimAuditAction } from "../audit/actions";
import type { ComputedFigureId, ComputedResult } from "../claims/computed";
import type { ClaimMeaning, ClaimRecord } from "../claims/record";
import type { ClaimStatus } from "../claims/status";
import type { OptOutChannel, OptOutCrmStatus, OptOutSource, StaffOptOutSource } from "./opt-outs";
import type { PrivacyRequestKind, PrivacyRequestStatus } from "../privacy/kinds";
import type { ChecklistSummary, DocumentsState } from "../documents/documents-state";
import type { ItemState } from "../documents/item-state";
import type { StatementCoverage, StatementReading } from "../documents/statement-coverage";
import type {
  ActivityKind,
  BulkActionKind,
  CloseReason,
  ContactChannel,
  ContactOutcome,
  CrmStage,
  DueView,
  InboxSort,
  OwnerView,
  WorkStatus,
} from "./work";

// Roles and states ---------------------------------------------------------

export const ROLES = ["staff", "admin"] as const;
/** A staff member's role: admins also manage staff, read the audit log and export. */
export type Role = (typeof ROLES)[number];

export const APPLICATION_STATES = ["received", "quarantined"] as const;
/** The application itself: received, or quarantined (held back as suspected spam). */
export type ApplicationState = (typeof APPLICATION_STATES)[number];

export const DELIVERY_STATES = ["pending", "sending", "delivered", "dead"] as const;
/** Its CRM delivery (none for one quarantined at intake, or once a quarantine cancelled it). */
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** What the inbox's `state` filter takes: either kind. */
export const INBOX_STATES = [...APPLICATION_STATES, ...DELIVERY_STATES] as const;
export type InboxState = (typeof INBOX_STATES)[number];

export const MAIL_STATUSES = ["pending", "sending", "sent", "dead", "cancelled"] as const;
/** Where an e-mail stands: waiting, being sent, sent, given up on, or cancelled by a quarantine. */
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const MAIL_KINDS = [
  "receipt",
  "staff-alert",
  "delivery-alert",
  "newsletter-confirm",
  "newsletter",
  "review-reminder",
  "review-overdue",
  "call-booked",
  "privacy-verify",
  "privacy-reminder",
  "privacy-access",
  "room-link",
  "document-reminder",
  "document-attention",
  "claim-review",
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * The kinds of e-mail sent to the person they are about (an applicant, a
 * subscriber, a requester). The others go to staff mailboxes and name other
 * people, so a requester's copy of their data leaves them out even when the
 * requester's address is such a mailbox.
 */
export const PUBLIC_MAIL_KINDS = [
  "receipt",
  "newsletter-confirm",
  "newsletter",
  "privacy-verify",
  "privacy-access",
  "room-link",
  "document-reminder",
  "document-attention",
] as const satisfies readonly MailKind[];

/** Each kind of e-mail in words: the desk shows them, and so does a requester's copy of their data. */
export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  receipt: "Receipt",
  "staff-alert": "Staff alert",
  "delivery-alert": "Delivery alert",
  "newsletter-confirm": "Newsletter confirmation",
  newsletter: "Newsletter",
  "review-reminder": "Review reminder",
  "review-overdue": "Review overdue alert",
  "call-booked": "Call booked alert",
  "privacy-verify": "Privacy request verification",
  "privacy-reminder": "Privacy request reminder",
  "privacy-access": "Privacy request: copy of the data",
  "room-link": "Document room link",
  "document-reminder": "Documents reminder",
  "document-attention": "Document needs attention",
  "claim-review": "Claim review reminder",
};

/** Where an e-mail stands, in words. */
export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  pending: "Waiting",
  sending: "Sending",
  sent: "Sent",
  dead: "Failed",
  cancelled: "Cancelled",
};

// Common shapes -------------------------------------------------------------

/** A refusal (4xx/5xx): a message, and per-field messages for a form. */
export interface ErrorAnswer {
  error?: string;
  errors?: Record<string, string>;
}

/** A list answered whole. */
export interface Items<T> {
  items: T[];
}

/** A page of a longer list: `nextCursor` asks for the next one (null: this was the last). */
export interface CursorPage<T> extends Items<T> {
  nextCursor: string | null;
}

// Sign-in, setup, invitations, account --------------------------------------

/** GET /me: who is signed in, and the provider's zone (every time and day in the desk is in it). */
export interface Me {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** DESK_TIME_ZONE, an IANA name. */
  timeZone: string;
  /** Whether new applications are being assigned to them (round-robin among those on duty). */
  onDuty: boolean;
}

/** GET /setup: whether the first admin account is still to be made. */
export interface SetupStatus {
  needsSetup: boolean;
}

/** POST /sign-in: the password was right; the code step comes next. */
export interface SignInNext {
  next: "code";
}

/** POST /sign-in/code: signed in (the session cookie comes with it). */
export interface SignedIn {
  user: Omit<Me, "timeZone" | "onDuty">;
}

/** GET /invitations/:token: what an invitation link is for. */
export interface Invitation {
  /** None on the one-time setup link: the first admin gives their own. */
  email: string | null;
  role: Role;
  expiresAt: string;
}

/** POST /invitations/:token/accept: the authenticator app to set up. */
export interface Enrolment {
  /** otpauth:// URI for the QR code. */
  totpUri: string;
  /** The same secret in base32, for typing in by hand. */
  secret: string;
}

export interface EnrolmentStarted {
  enrolment: Enrolment;
}

/** Ten backup codes, shown once (enrolment confirmed, or new ones made on the account page). */
export interface BackupCodes {
  backupCodes: string[];
}

/** A signed-in session as the desk lists it (the account page, an admin's view of someone's). */
export interface SessionItem {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  /** When it ends at the latest (its absolute lifetime); idleness may end it sooner. */
  expiresAt: string;
  ip: string | null;
  userAgent: string | null;
  /** The session this request came in. */
  current: boolean;
}

// Staff ----------------------------------------------------------------------

export interface StaffMember {
  id: string;
  email: string;
  name: string;
  role: Role;
  disabled: boolean;
  twoFactorEnabled: boolean;
  createdAt: string;
  lastSignInAt: string | null;
  /** Taking new applications (round-robin). */
  onDuty: boolean;
  /** The routing groups they belong to (assignment rules name a group). */
  groups: string[];
}

/** PATCH /staff/:id: the role, or whether the account may sign in. */
export type StaffChange = { role: Role } | { disabled: boolean };

export type InvitationPurpose = "setup" | "invite" | "reset-second-factor";

/** A link an admin (or the CLI: invitedBy null) made that nobody has used yet. */
export interface PendingInvitation {
  id: string;
  purpose: Exclude<InvitationPurpose, "setup">;
  email: string;
  role: Role;
  /** The account a second-factor reset is for. */
  userId: string | null;
  /** The e-mail of the admin who made it; null when made with the CLI. */
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
}

/** A new invitation or reset link, shown once to copy. */
export interface InviteLink {
  inviteUrl: string;
}

// Work: owner, status, the review clock ---------------------------------------

/** The staff member an application is assigned to. */
export interface Owner {
  id: string;
  name: string;
  email: string;
}

/** Where the team stands with an application, on every inbox row and on its page. */
export interface WorkState {
  /** None while unassigned (nobody on duty, quarantined, or its owner was disabled). */
  owner: Owner | null;
  workStatus: WorkStatus;
  /** Set when workStatus is closed. */
  closeReason: CloseReason | null;
  /** For a funded one, the amount the CRM reported (a decimal in a string). */
  fundedAmount: string | null;
  /** Received plus the promised review window (REVIEW_WINDOW, counted in business hours when set). */
  reviewDueAt: string | null;
  /** The first status change, note, logged contact or CRM stage report: the clock stopped here. */
  firstTouchedAt: string | null;
  /** When a rep means to call back ("call back at"): a deadline of its own for the lead's owner; null: none. */
  followUpAt: string | null;
  /**
   * The lead's booked call (the latest booking the booking service reported:
   * a call moved arrives as a new booking), past or to come; null: none.
   */
  bookedCallAt: string | null;
}

/** GET /applications' work filters (with the filters of InboxFilters). */
export interface WorkFilters {
  owner?: OwnerView;
  /** One work status. */
  work?: WorkStatus;
  due?: DueView;
  sort?: InboxSort;
}

/** POST /applications/:id/owner: claim (your own id), reassign (another's), or put back (null). */
export interface OwnerChange {
  ownerId: string | null;
}

/**
 * One application of a bulk action, as the inbox showed it: the action is
 * refused for it (and only it) when its owner or work status moved meanwhile.
 */
export interface BulkItem {
  id: string;
  ownerId: string | null;
  workStatus: WorkStatus;
}

/** POST /applications/bulk: assign (ownerId), claim, or close (closeReason) several at once. */
export interface BulkAction {
  action: BulkActionKind;
  /** For assign: whom to give them to (admins only, but for oneself). */
  ownerId?: string;
  /** For close. */
  closeReason?: CloseReason;
  items: BulkItem[];
}

/** What became of one application of a bulk action: done (or already so), or why not. */
export type BulkResult =
  { id: string; ok: true; changed: boolean } | { id: string; ok: false; error: string };

/** POST /applications/bulk's answer: each application's result, in the order sent. */
export interface BulkOutcome {
  results: BulkResult[];
  /** How many were done (changed or already so), and refused. */
  done: number;
  refused: number;
}

/** POST /applications/:id/work-status: closed needs a reason. */
export interface WorkStatusChange {
  status: WorkStatus;
  closeReason?: CloseReason;
}

/** POST /applications/:id/notes */
export interface NoteInput {
  body: string;
}

/**
 * POST /applications/:id/contacts: a call or an e-mail logged in one step,
 * with its outcome, an optional note and the next step. The outcome sets
 * the work status where it implies one (statusAfterContact, never
 * backwards). `followUpAt` sets (or moves) the follow-up, null clears it,
 * left out leaves it; a time in the future, ISO 8601 with "Z" or an offset,
 * or a wall-clock time without one ("2026-11-24T10:30") read in `Me.timeZone`.
 */
export interface ContactInput {
  channel: ContactChannel;
  outcome: ContactOutcome;
  note?: string;
  followUpAt?: string | null;
}

/** POST /applications/:id/follow-up: set or move the follow-up (`at`, as ContactInput's followUpAt), or clear it (null). */
export interface FollowUpChange {
  at: string | null;
}

/** One assignment rule: applications matching every set condition go round-robin to the group's members on duty. */
export interface AssignmentRule {
  id: string;
  /** One of the product catalogue's funding types; null: any. */
  fundingType: string | null;
  /** The amount band, both ends included; null: unbounded. */
  minAmount: number | null;
  maxAmount: number | null;
  group: string;
}

/** PATCH /staff/:id/duty and PATCH /me/duty (your own). */
export interface DutyChange {
  onDuty?: boolean;
  groups?: string[];
}

// Applications ---------------------------------------------------------------

/** One row of the inbox (and of the quarantine, and of the dead list). */
export interface InboxItem extends WorkState {
  id: string;
  createdAt: string;
  companyName: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  fundingType: string;
  /** The amount as stored (a decimal in a string). */
  fundingAmount: string;
  state: ApplicationState;
  quarantineReason: string | null;
  delivery: DeliveryState | null;
  /** How many times its CRM delivery was tried (0 without a delivery): pending after an attempt is a retry. */
  deliveryAttempts: number;
  /** The last touch's utm_source and utm_campaign. */
  source: string | null;
  campaign: string | null;
  /** The signed-in staff member has not opened it yet. */
  unread: boolean;
  /** Where its documents stand (#domain/documents/documents-state). */
  documents: DocumentsState;
}

/** GET /applications: a page of the inbox and how many match the filter in all. */
export interface InboxList extends CursorPage<InboxItem> {
  total: number;
}

/**
 * GET /applications/due-counts?owner=: the review clock's views in one owner
 * view (mine, unassigned, everyone): how many are untouched (open), due
 * within the "due soon" window, and overdue; and that window (REVIEW_DUE_SOON).
 */
export interface DueCounts {
  open: number;
  dueSoon: number;
  overdue: number;
  dueSoonMs: number;
}

/** The SMS consent as recorded with the application. */
export interface ConsentRecord {
  text: string;
  version: string;
  /** SHA-256 of the exact text (UTF-8), hex. */
  sha256: string;
  consentedAt: string | null;
  ip: string | null;
  userAgent: string | null;
  pageUrl: string | null;
  phone: string | null;
}

/** The CRM delivery of one application. */
export interface DeliveryInfo {
  state: DeliveryState;
  attempts: number;
  /** Set while it waits (pending or being sent). */
  nextAttemptAt: string | null;
  lastError: string | null;
  deliveredAt: string | null;
}

/** One try to deliver it to the CRM. */
export interface TimelineAttempt {
  at: string;
  kind: "attempt";
  /** The CRM's HTTP status; null: no answer. */
  status: number | null;
  error: string | null;
  durationMs: number | null;
  /** delivered, retry or dead (none on attempts recorded before outcomes were). */
  outcome: string | null;
}

/** Something staff did to it: redeliver, release, quarantine. */
export interface TimelineAction {
  at: string;
  kind: "action";
  action: ApplicationAction;
  /** The staff member's e-mail. */
  by: string | null;
  reason: string | null;
  /** A document action's checklist item ("Business bank statement: March 2026"). */
  item?: string;
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

/**
 * Something in the application's own history (ActivityKind): a note, a logged
 * call or e-mail, a status or owner change, a CRM stage report, a call booked.
 */
export interface TimelineActivity {
  at: string;
  kind: "activity";
  activity: ActivityKind;
  /** The staff member's name; null: the system (assignment), the CRM or the booking service. */
  by: string | null;
  /** A note's text, or the note logged with a contact. */
  body: string | null;
  /** A logged contact's outcome. */
  outcome: ContactOutcome | null;
  /** A status change or stage report: the status it set (null: it moved nothing, arriving out of order). */
  workStatus: WorkStatus | null;
  closeReason: CloseReason | null;
  /** An owner change: the new owner's name (null: unassigned). */
  ownerName: string | null;
  /** A CRM stage report: the stage, and a funded one's amount. */
  stage: CrmStage | null;
  amount: string | null;
  /**
   * A stage report not applied because a later one (by the CRM's times) was
   * applied first: that later report's time; null otherwise.
   */
  overtakenBy: string | null;
  /** A booked call: when it is. */
  scheduledAt: string | null;
  /**
   * A logged contact, or a follow-up change on its own: the follow-up it set
   * (null: it set none, or, a follow_up entry, it cleared it).
   */
  followUpAt: string | null;
  /** A booked call: who booked it, as the booking service reported (null: not a booking). */
  booker: BookedBy | null;
}

/** Who booked a call, from the booking page's details, beside the applicant's own. */
export interface BookedBy {
  name: string | null;
  email: string | null;
  /** True: the applicant's name and e-mail; false: someone else's; null: the booking service gave neither. */
  applicant: boolean | null;
}

export type TimelineEntry =
  TimelineAttempt | TimelineAction | TimelineMail | TimelineMailAttempt | TimelineActivity;

/**
 * The funding decision's clock: it starts when the documents become complete
 * (every item accepted or not applicable) and is met when the application
 * reaches a decision (closed as funded or not qualified, domain/desk/work.ts).
 */
export interface DecisionClockState {
  /** When the documents became complete (the last time, if they went back to needed in between). */
  documentsCompleteAt: string;
  /** That plus the promised decision window (DECISION_WINDOW, counted in business hours when set). */
  dueAt: string;
  /** When it was decided; null: not yet (or no longer: reopened). */
  decidedAt: string | null;
}

/** GET /applications/:id, and the answer of every action on it. */
export interface ApplicationDetail extends WorkState {
  /** Every field of the funding application by its schema name, as submitted. */
  application: Partial<FundingApplication> & Record<string, unknown>;
  id: string;
  submissionId: string;
  /** The number on the applicant's receipt ("HL-" and 8 characters), given at intake (a quarantined one's too, its receipt waiting for its release); none for one stored before references existed. */
  reference: string | null;
  createdAt: string;
  state: ApplicationState;
  quarantineReason: string | null;
  attribution: { firstTouch: Touch | null; lastTouch: Touch | null } | null;
  consent: ConsentRecord | null;
  /** None for one quarantined at intake, or once a quarantine cancelled it. */
  delivery: DeliveryInfo | null;
  /** The opt-outs of its phone number from text messages (a STOP reply among them), newest first. */
  smsOptOuts: OptOut[];
  /** The decision's clock; null while its documents are not complete. */
  decision: DecisionClockState | null;
  /** CRM attempts, desk actions, e-mails and its activities, newest first (domain/desk/timeline.ts groups them). */
  timeline: TimelineEntry[];
}

/**
 * GET /applications/:id/evidence: the consent evidence file (a download, for
 * people and lawyers; the desk does not read it). Its times carry the offset
 * of the provider's zone at that moment.
 */
export interface ConsentEvidence {
  applicationId: string;
  timeZone: string;
  exportedAt: string | null;
  exportedBy: string | null;
  consent: ConsentRecord | null;
  submission: {
    submittedAt: string | null;
    receivedAt: string | null;
    ip: string | null;
    userAgent: string | null;
    state: string;
    quarantineReason: string | null;
    /** Exactly what was stored and is sent to the CRM. */
    payload: Record<string, unknown>;
  };
  crmDelivery: {
    /** The CRM webhook receives the application id as its Idempotency-Key. */
    idempotencyKey: string;
    state: DeliveryState | null;
    deliveredAt: string | null;
    attempts: {
      at: string | null;
      attempt: number | null;
      status: number | null;
      error: string | null;
      durationMs: number | null;
      outcome: string | null;
    }[];
  };
  /** The opt-outs of its phone number (sms) and its e-mail address (email), newest first. */
  optOuts: OptOut[];
}

/** GET /consents?phone= | ?email=: one consent record found. */
export interface ConsentLookupItem {
  applicationId: string;
  consentedAt: string;
  consentVersion: string;
  consentSha256: string;
  phone: string;
  email: string;
  companyName: string;
}

/** One withdrawal of consent in the opt-out ledger (docs/consent-withdrawals.md). */
export interface OptOut {
  id: string;
  channel: OptOutChannel;
  /** An sms opt-out's number, as it was given. */
  phone: string | null;
  /** An e-mail opt-out's address, lower-cased. */
  email: string | null;
  receivedVia: OptOutSource;
  note: string | null;
  /** The staff member who recorded it; null: a system source. */
  recordedBy: { id: string; name: string } | null;
  receivedAt: string;
  recordedAt: string;
  /** The day (YYYY-MM-DD, the provider's zone) by which it must be honoured: received + 10 business days. */
  honourBy: string;
  /** Where it stands with the CRM (docs/crm-opt-outs.md). */
  crm: OptOutCrm;
}

/** An opt-out's delivery to the CRM, from its outbox row (never the ledger's). */
export interface OptOutCrm {
  status: OptOutCrmStatus;
  /** Attempts made so far. */
  attempts: number;
  /** When the CRM took it (2xx). */
  deliveredAt: string | null;
  /** The last failed attempt's error, while it is not delivered. */
  lastError: string | null;
}

/**
 * POST /opt-outs: an opt-out a staff member was told of by phone or e-mail.
 * `phone` for sms, `email` for email (never both). `receivedAt` defaults to
 * now and is never in the future: ISO 8601 with "Z" or an offset, or a
 * wall-clock time without one ("2026-11-24T10:30"), read in `Me.timeZone`.
 */
export interface OptOutInput {
  channel: OptOutChannel;
  phone?: string;
  email?: string;
  receivedVia: StaffOptOutSource;
  receivedAt?: string;
  note?: string;
}

/**
 * A legal hold (docs/retention.md): one application, or every record of one
 * e-mail address, kept out of every purge and deletion until an admin
 * releases it. Holds are never deleted: a released one stays as history.
 */
export interface LegalHold {
  id: string;
  /** What is held: this application, or (`email`) everything of this address, lower-cased. */
  applicationId: string | null;
  email: string | null;
  reason: string;
  setBy: { id: string; name: string };
  setAt: string;
  /** Null while the hold is active. */
  released: { by: { id: string; name: string }; at: string; reason: string } | null;
}

/** POST /applications/:id/legal-holds: hold this application, or (scope "email") everything of its applicant's address. */
export interface ApplicationHoldInput {
  reason: string;
  scope?: "application" | "email";
}

/** POST /legal-holds: hold every record of an e-mail address. */
export interface EmailHoldInput {
  email: string;
  reason: string;
}

/** POST /legal-holds/:id/release. */
export interface HoldReleaseInput {
  reason: string;
}

// Claims ---------------------------------------------------------------------

/** An evidence file filed for a claim; a withdrawn one is kept and listed, with who withdrew it, when and why. */
export interface ClaimEvidenceFile {
  id: string;
  /** What the file is, in staff's words. */
  label: string;
  mediaType: string | null;
  size: number;
  addedBy: string;
  addedAt: string;
  withdrawnAt: string | null;
  withdrawnBy: string | null;
  withdrawnReason: string | null;
}

/** One entry of a claim's history: an audit row about it (or its owner's or approver's role). */
export interface ClaimHistoryEntry {
  at: string;
  /** Who did it; null for the server's own job (the owner's e-mails). */
  actor: string | null;
  action: ClaimAuditAction;
  /** The entry in words: "Evidence added: CRM export, June 2027". */
  summary: string;
}

/** A role the register names (owner or approver) and the staff member holding it, if any. */
export interface ClaimRoleHolder {
  role: string;
  holder: { id: string; name: string; email: string; active: boolean } | null;
}

/** A claim of the register as the desk shows it: its record, its standing today, its evidence, history and pages. */
export interface ClaimItem extends ClaimRecord {
  status: ClaimStatus;
  /** The review-by day in force: the latest recorded review's, else the register's. */
  reviewBy: string;
  /** The register's own review-by day. */
  registerReviewBy: string;
  /** Evidence files, withdrawn ones too, oldest first. */
  files: ClaimEvidenceFile[];
  /** Newest first. */
  history: ClaimHistoryEntry[];
  /** The public pages that state it in the current build ("/", "/products/…"); null when no build is present. */
  pages: string[] | null;
}

/** GET /claims */
export interface ClaimsOverview {
  /** The desk's today (DESK_TIME_ZONE) the statuses were computed for (YYYY-MM-DD). */
  today: string;
  /** Whether the server found the build's claims manifest; without it every claim's pages are null. */
  built: boolean;
  claims: ClaimItem[];
  /** Every role the register names, with its holder (null: nobody mapped, so nobody is e-mailed). */
  roles: ClaimRoleHolder[];
  /** The staff members a role can be given to (admins map them). */
  people: { id: string; name: string; email: string }[];
  /** The signed-in member's roles ("Head of Marketing"), for the page to offer what they own. */
  yourRoles: string[];
}

/** PUT /claims/roles/:role: who holds it; null for nobody. */
export interface ClaimRoleInput {
  userId: string | null;
}

/** POST /claims/:id/evidence/:evidenceId/withdraw */
export interface ClaimWithdrawInput {
  reason: string;
}

/** POST /claims/:id/reviews: the claim is reviewed again by `reviewBy` (YYYY-MM-DD, after today). */
export interface ClaimReviewInput {
  reviewBy: string;
  note: string;
}

/** A computed figure's latest snapshot (server/claims/computed). */
export interface ComputedSnapshot extends Omit<ComputedResult, "figure"> {
  computedAt: string;
}

/** A figure computed from our records, beside the claim it backs and the words the site uses. */
export interface ComputedClaimItem {
  figure: ComputedFigureId;
  title: string;
  /** The claim it backs: its id and the wording the site uses. */
  claim: { id: string; wording: string };
  meaning: ClaimMeaning;
  /** Days back the period covers; null: every record held. */
  periodDays: number | null;
  minimumN: number;
  /** When it backs the claim, in words. */
  rule: string;
  /** Never computed yet: null. */
  snapshot: ComputedSnapshot | null;
  /** The figure in a sentence ("71% of complete applications decided within 48 hours (last 90 days, N = 214)"), or too little data. */
  sentence: string | null;
}

/** The ratings held from one source: the average is over all of them. */
export interface RatingSourceSummary {
  source: string;
  count: number;
  average: number;
  /** The first and last rated days (YYYY-MM-DD). */
  from: string;
  to: string;
}

/** GET /claims/computed */
export interface ComputedClaimsOverview {
  /** How often the figures are computed again (CLAIMS_COMPUTE_EVERY), in ms. */
  everyMs: number;
  figures: ComputedClaimItem[];
  ratings: RatingSourceSummary[];
}

// Delivery health ------------------------------------------------------------

/** A dead delivery's last attempt: the CRM's status (null: no answer) and error; permanent: refused for good (a 4xx). */
export interface LastAttempt {
  at: string | null;
  statusCode: number | null;
  error: string | null;
  permanent: boolean;
}

export interface DeadItem extends InboxItem {
  lastAttempt: LastAttempt | null;
}

/** Which dead deliveries "redeliver all" takes: the temporary failures only, or the permanent refusals too. */
export const REDELIVER_DEAD_INCLUDES = ["temporary", "all"] as const;
export type RedeliverDeadInclude = (typeof REDELIVER_DEAD_INCLUDES)[number];

/** GET /health */
/** Without a scanner configured, uploads are stored "not scanned"; one not answering leaves them so too. */
export type VirusScannerHealth = "not-configured" | "answering" | "not-answering";

export interface DeliveryHealth {
  /** Whether a CRM webhook is set (LEAD_WEBHOOK_URL). */
  webhookConfigured: boolean;
  counts: Record<DeliveryState, number>;
  oldestWaitingAt: string | null;
  lastDeliveredAt: string | null;
  /** The newest dead deliveries (at most 100; the inbox's filter has them all). */
  dead: DeadItem[];
  /** Every dead delivery by why: refused for good by the CRM, or given up on after temporary failures. */
  deadKinds: { temporary: number; permanent: number };
  /** The newest accepted documents whose delivery to the CRM died (at most 100), and how many died in all. */
  deadDocuments: DeadDocument[];
  deadDocumentCount: number;
  /** Whether an SMTP server is set (SMTP_URL); without one, e-mails wait. */
  mailConfigured: boolean;
  mail: Record<MailStatus, number>;
  /** The virus scanner for uploaded documents (CLAMD_SOCKET, or CLAMD_HOST and CLAMD_PORT), asked just now. */
  virusScanner: VirusScannerHealth;
  /** How long a delivery or an e-mail is retried before it is dead (the configured schedule). */
  retryWindowMs: number;
}

/** An accepted document whose delivery to the CRM (CRM_DOCUMENT_URL) used every retry. */
export interface DeadDocument {
  documentId: string;
  applicationId: string;
  /** The application's reference, as the applicant knows it. */
  reference: string | null;
  /** The name the desk serves the file under ("bank-statement-2026-03-1.pdf"). */
  fileName: string;
  /** Its checklist item's kind and label; null for a file on no item. */
  kind: string | null;
  label: string | null;
  attempts: number;
  lastError: string | null;
  /** When the last attempt failed and the row was given up on. */
  diedAt: string;
}

/** POST /documents/:id/redeliver: the document's delivery, waiting again. */
export interface DocumentRedelivered {
  documentId: string;
  status: "pending";
}

/** POST /deliveries/redeliver-dead: how many went back in the queue, and the permanent refusals left dead. */
export interface RedeliveredDead {
  redelivered: number;
  permanentLeft: number;
}

// Mail -----------------------------------------------------------------------

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

/** GET /mail: newest first. */
export interface MailList extends CursorPage<MailItem> {
  counts: Record<MailStatus, number>;
  /** How long an e-mail that cannot be sent is retried before it is marked failed. */
  retryWindowMs: number;
  /** Whether an SMTP server is set (SMTP_URL); without one, nothing is sent and e-mails wait. */
  mailConfigured: boolean;
}

/** POST /mail/:id/redeliver: the e-mail as it stands now. */
export interface MailRedelivered {
  item: MailItem;
}

// Audit log ------------------------------------------------------------------

/** One entry of the audit log as the desk reads it (GET /audit). */
export interface AuditItem {
  id: string;
  at: string;
  /** The actor's e-mail; null for the system (the operator CLI, the quarantine purge). */
  actor: string | null;
  actorId: string | null;
  /** The actor's name now (null for the system or an account since deleted). */
  actorName: string | null;
  /** One of AUDIT_ACTIONS (audit-actions.ts); an older server's may be another. */
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

export type AuditList = CursorPage<AuditItem>;

/** GET /audit's filters. */
export type AuditFilters = {
  action?: string;
  /** The actor's e-mail (any case) or id. */
  actor?: string;
  /** Days, YYYY-MM-DD in the provider's zone, both included. */
  from?: string;
  to?: string;
};

// Analytics ------------------------------------------------------------------

/** GET /analytics: the dashboard's numbers for a range of UTC days (both ends included). */
export interface AnalyticsReport {
  from: string;
  to: string;
  source: string | null;
  campaign: string | null;
  totals: { visitors: number; pageviews: number };
  /** Every day of the range, in order (days without visits give zeros). */
  daily: { day: string; visitors: number; pageviews: number }[];
  topPages: { path: string; pageviews: number }[];
  /** Where visitors came from: a campaign's utm_source, else the referring site, else DIRECT_SOURCE. */
  topSources: { source: string; visitors: number }[];
  /** FUNNEL_STEPS in order; dropOff: visitors lost since the step before (null for the first). */
  funnel: { step: FunnelStep; label: string; visitors: number; dropOff: number | null }[];
  outcomes: { id: (typeof OUTCOMES)[number]["id"]; label: string; count: number }[];
  intents: { id: Intent; label: string; count: number }[];
  /** Most frequent first; "browser": the wizard's own checks, "server": a 400 from the server. */
  fieldErrors: { side: "browser" | "server"; field: string; code: string; count: number }[];
  /** Per source: visitors and how far they got; conversion = accepted / visitors. */
  bySource: {
    source: string;
    visitors: number;
    started: number;
    submitted: number;
    accepted: number;
    delivered: number;
    conversion: number;
  }[];
  devices: { device: string; visitors: number }[];
}

// Live -----------------------------------------------------------------------

export const LIVE_CHANGE_KINDS = ["created", "updated"] as const;
/** created: a new application arrived; updated: its owner, work status, state or first touch moved. */
export type LiveChangeKind = (typeof LIVE_CHANGE_KINDS)[number];

export interface LiveChange {
  id: string;
  kind: LiveChangeKind;
}

/** GET /applications/new-count, and the live `counts` event: the viewer's new applications (received, work status new, theirs or unassigned, not yet opened by them, reached the view since they last looked at it). */
export interface NewCount {
  /** New to the member since they last looked: Mine's and Unassigned's together. */
  count: number;
  /** Each view's part (new to them since they last looked at it). */
  views: { mine: number; unassigned: number };
}

/**
 * One event of GET /live (server-sent events: `event: <event>` and `data: <JSON of data>`).
 * `applications`: these changed since the last event (refetch what is shown;
 * `changes` is empty after a gap in which some may have been missed).
 * `counts`: the viewer's new count, sent on connecting and whenever it moves.
 */
export type LiveEvent =
  { event: "applications"; data: { changes: LiveChange[] } } | { event: "counts"; data: NewCount };

// Speed to lead: the review clock and the funnel past the CRM ---------------

/**
 * How the review clock went for a set of applications (received, not
 * quarantined). The share kept within the promise is withinWindow /
 * (withinWindow + late); the others are still open (untouched, not yet due).
 */
export interface ReviewWindowFigures {
  applications: number;
  /** Touched at all: a status change, a note, a logged contact or a CRM stage report. */
  touched: number;
  /** First touched by the review deadline. */
  withinWindow: number;
  /** First touched after the deadline, or still untouched past it. */
  late: number;
  /** The median time from received to first touch over the touched ones (ms); null when none. */
  medianFirstTouchMs: number | null;
}

export const WORK_FUNNEL_STEPS = ["received", "delivered", "contacted", "qualified", "funded"] as const;
/**
 * A step of the funnel past CRM delivery: received, delivered to the CRM,
 * then how far the work got (set by staff or reported by the CRM): its work
 * status now, or for one closed other than funded the furthest status it had
 * before; and funded (closed as funded, which counts as contacted and
 * qualified too).
 */
export type WorkFunnelStep = (typeof WORK_FUNNEL_STEPS)[number];

/**
 * GET /work-metrics: applications received from `from` to `to` (days in the
 * provider's zone, both included), from the store alone (no visitor data).
 */
export interface WorkMetrics {
  from: string;
  to: string;
  /** The zone the days and weeks are read in (DESK_TIME_ZONE). */
  timeZone: string;
  totals: ReviewWindowFigures;
  /** By current owner, most applications first; owner null: unassigned. */
  byOwner: (ReviewWindowFigures & { owner: Owner | null })[];
  /** By funding type (the form's values), with the catalogue's name. */
  byProduct: (ReviewWindowFigures & { fundingType: string; label: string })[];
  /** Every week of the range, oldest first; `week` is its Monday (YYYY-MM-DD) in the zone. */
  byWeek: (ReviewWindowFigures & { week: string })[];
  /** WORK_FUNNEL_STEPS in order; dropOff: how many fewer than the step before (null for the first, or when more). */
  funnel: { step: WorkFunnelStep; label: string; applications: number; dropOff: number | null }[];
  /** What the funded ones were funded with, summed (a decimal in a string). */
  fundedAmount: string;
}

// Privacy requests (server/desk/privacy/, docs/privacy-requests.md) ----------

/** A verified privacy request as the desk's queue shows it. */
export interface PrivacyRequestItem {
  id: string;
  kind: PrivacyRequestKind;
  /** The verified address, lower-cased. */
  email: string;
  name: string;
  details: string;
  status: Exclude<PrivacyRequestStatus, "unverified">;
  verifiedAt: string;
  /** Verified plus 30 calendar days. */
  dueAt: string;
  owner: { id: string; name: string } | null;
  /** Why it was refused, or what was done. */
  resolution: string | null;
  closedAt: string | null;
  /**
   * An access request whose copy was sent: each time its link opened the copy
   * (audited as privacy-request.package-opened), the newest 20 first, and how
   * many in all; null when no copy was sent.
   */
  packageOpenings: { count: number; recent: PackageOpening[] } | null;
}

/** One opening of a copy of someone's data: when, as a page or JSON, from which client (a few words). */
export interface PackageOpening {
  at: string;
  format: "page" | "json";
  client: string;
}

/** GET /privacy-requests?view=: the open ones (new, in progress) by time left, or the closed ones, newest first. */
export type PrivacyRequestView = "open" | "closed";

/** POST /privacy-requests/:id/status: a refusal needs its reason. */
export interface PrivacyRequestStatusInput {
  status: "in_progress" | "completed" | "refused";
  resolution?: string;
}

/** POST /privacy-requests/:id/erase: the request completed, and what was erased or kept for a legal hold. */
export interface PrivacyErasure {
  item: PrivacyRequestItem;
  erasedApplications: number;
  erasedMails: number;
  /** Applications kept because a legal hold covers them (or the whole address is held). */
  heldApplicationIds: string[];
  emailHeld: boolean;
}

/** One file on a checklist item, as the desk's documents panel lists it. */
export interface DocumentFile {
  id: string;
  /** The name it is served under: ours, from its item and its type ("bank-statement-2026-03-1.pdf"). */
  fileName: string;
  /** The file's name on the applicant's device, as they sent it (for reading only). */
  originalName: string | null;
  /** Its media type, from its bytes: application/pdf, image/jpeg, image/png. */
  type: string | null;
  size: number;
  uploadedAt: string;
  /** Not scanned (no scanner configured), clean, or flagged: held, never served. */
  scan: "not-scanned" | "clean" | "flagged";
  /** Its checks after upload: running, a PDF waiting for the applicant's password, or done (only then served). */
  checks: "pending" | "needs-password" | "done";
  /**
   * A bank statement's period as the machine read it from the PDF's text
   * (a hint, not a verified fact; decision 0022): pending, not read, or read
   * with its first and last day. null for a file under any other item.
   */
  statement: StatementReading | null;
}

/** One item of the application's checklist, with its files. */
export interface DocumentItem {
  id: string;
  label: string;
  state: ItemState;
  /** Why it needs attention (staff's words) or is not applicable (the applicant's). */
  reason: string | null;
  /** When its state last changed, and by whom ("the applicant", the staff member's name or e-mail; null: nobody yet). */
  changedAt: string;
  changedBy: string | null;
  /** Asked for by staff, beyond the funding type's checklist. */
  requested: boolean;
  /** What staff wrote, when asking for it, about what to send (the applicant reads it in the room); null: nothing. */
  detail: string | null;
  documents: DocumentFile[];
}

/**
 * GET /applications/:id/documents, and the answer of every change to them:
 * the checklist (empty until the applicant first opens the room), each
 * item's files, and where they stand.
 */
export interface DocumentsPanel {
  state: DocumentsState;
  summary: ChecklistSummary;
  items: DocumentItem[];
  /**
   * Across the bank-statement items: the days of the months asked for that
   * no statement read by the machine covers, or, while any statement file is
   * not read, those files' names. null when no monthly statement is asked for.
   */
  statements: StatementCoverage;
}

/** The answer of every change to an application's documents: its panel, and the application with its timeline. */
export interface DocumentsChange {
  documents: DocumentsPanel;
  application: ApplicationDetail;
}

/** POST /applications/:id/documents/items/:itemId/attention: what is wrong, in words the applicant reads. */
export interface DocumentAttentionInput {
  reason: string;
}

/** POST /applications/:id/documents/requests: a document to ask this application for. */
export interface DocumentRequestInput {
  label: string;
  detail?: string | null;
}
