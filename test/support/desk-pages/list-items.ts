/**
 * Rows the desk's lists show, for component tests: an inbox row and a staff
 * member, each with sensible defaults and the test's own overrides.
 */
import type { InboxItem, StaffMember } from "#domain/desk/contract";
import { newWork } from "./fake-api";

/** The n-th application of an inbox: received, delivered, new and unassigned, already opened. */
export const inboxItem = (n: number, overrides: Partial<InboxItem> = {}): InboxItem => ({
  id: `app-${n}`,
  createdAt: "2024-05-01T14:03:00Z",
  companyName: `Company ${n}`,
  firstName: "Ada",
  lastName: "Okafor",
  email: `ada${n}@example.test`,
  phone: "+1 212 555 0199",
  fundingType: "venture-debt",
  fundingAmount: "250000",
  state: "received",
  quarantineReason: null,
  delivery: "delivered",
  deliveryAttempts: 1,
  source: "google",
  campaign: "spring",
  ...newWork,
  unread: false,
  documents: "none",
  ...overrides,
});

/** A staff account as the Staff page lists it: enrolled, enabled, off duty. */
export const staffMember = (overrides: Partial<StaffMember>): StaffMember => ({
  id: "u-x",
  email: "x@harborline.test",
  name: "",
  role: "staff",
  disabled: false,
  twoFactorEnabled: true,
  createdAt: "2024-05-01T14:03:00Z",
  lastSignInAt: null,
  onDuty: false,
  groups: [],
  ...overrides,
});
