/**
 * The shapes /api/desk/* answers with, as docs/desk-api.md describes them.
 * Times are ISO 8601 strings; ids are strings.
 */
import type { FundingApplication, Touch } from "~/features/application/schema";

export type Role = "staff" | "admin";

export interface Me {
  id: string;
  email: string;
  name: string;
  role: Role;
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

export type TimelineEntry = TimelineAttempt | TimelineAction;

export interface Detail {
  /** Every field of the funding application by its schema name. */
  application: Partial<FundingApplication> & Record<string, unknown>;
  id: string;
  submissionId: string | null;
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

export interface Health {
  webhookConfigured: boolean;
  counts: Record<DeliveryState, number>;
  oldestWaitingAt: string | null;
  lastDeliveredAt: string | null;
  dead: ListItem[];
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
  actor: string | null;
  action: string;
  target: string | null;
  details: unknown;
  ip: string | null;
  userAgent: string | null;
}

export interface AuditPage {
  items: AuditEntry[];
  nextCursor: string | null;
}

export interface Items<T> {
  items: T[];
}
