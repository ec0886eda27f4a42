/**
 * The words of working an application in the desk, written once for the
 * server, the desk and the CLI: its work status and close reasons, the
 * contacts a rep logs, the stages the CRM reports back, and the inbox's
 * views. Where an application stands in the CRM delivery is another thing
 * (contract.ts's DeliveryState); this is where the sales team stands with it.
 */

export const WORK_STATUSES = ["new", "contacted", "qualified", "underwriting", "closed"] as const;
/** Where the team stands with an application; `closed` always carries a CloseReason. */
export type WorkStatus = (typeof WORK_STATUSES)[number];

export const WORK_STATUS_LABELS: Record<WorkStatus, string> = {
  new: "New",
  contacted: "Contacted",
  qualified: "Qualified",
  underwriting: "Handed to underwriting",
  closed: "Closed",
};

/**
 * How far along each status is. A report arriving late (the CRM's "contacted"
 * after its "qualified") never moves an application to a lower rank; staff
 * may (a rep who set "qualified" by mistake sets it back).
 */
export const WORK_RANK: Record<WorkStatus, number> = {
  new: 0,
  contacted: 1,
  qualified: 2,
  underwriting: 3,
  closed: 4,
};

export const CLOSE_REASONS = [
  "not_qualified",
  "no_response",
  "duplicate",
  "chose_another_provider",
  "funded",
] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

export const CLOSE_REASON_LABELS: Record<CloseReason, string> = {
  not_qualified: "Not qualified",
  no_response: "No response",
  duplicate: "Duplicate",
  chose_another_provider: "Chose another provider",
  funded: "Funded",
};

/**
 * The funding decision the site promises within 48 hours of documents
 * complete: an application closed as funded (approved and funded; the CRM's
 * "funded") or as not qualified (declined; the CRM's "lost" without another
 * reason). The other closes (no response, a duplicate, another provider
 * chosen) end the application without a decision owed.
 */
export const DECISION_CLOSE_REASONS: readonly CloseReason[] = ["funded", "not_qualified"];

/** Whether this work status and close reason are a funding decision. */
export const isDecision = (status: WorkStatus, closeReason: CloseReason | null): boolean =>
  status === "closed" && closeReason !== null && DECISION_CLOSE_REASONS.includes(closeReason);

/** A contact a rep logs: a call or an e-mail, with its outcome. */
export const CONTACT_CHANNELS = ["call", "email"] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

export const CONTACT_OUTCOMES = {
  call: ["reached", "left_voicemail", "no_answer", "wrong_number"],
  email: ["sent", "replied", "bounced"],
} as const satisfies Record<ContactChannel, readonly string[]>;
export type ContactOutcome = (typeof CONTACT_OUTCOMES)[ContactChannel][number];

export const CONTACT_OUTCOME_LABELS: Record<ContactOutcome, string> = {
  reached: "Reached",
  left_voicemail: "Left a voicemail",
  no_answer: "No answer",
  wrong_number: "Wrong number",
  sent: "Sent",
  replied: "Replied",
  bounced: "Bounced",
};

/**
 * The work status a contact's outcome means: the applicant was reached, or
 * answered the e-mail, so the lead is at least contacted. The other outcomes
 * imply none (a voicemail is no conversation). Logging a contact applies it
 * through statusAfterContact, never moving a lead backwards.
 */
export const CONTACT_OUTCOME_STATUS: Partial<Record<ContactOutcome, WorkStatus>> = {
  reached: "contacted",
  replied: "contacted",
};

/** The outcomes after which the rep is asked when to try again (a follow-up). */
export const FOLLOW_UP_OUTCOMES: readonly ContactOutcome[] = ["no_answer", "left_voicemail"];

/**
 * The work status a lead has after a contact with `outcome`: the one the
 * outcome implies when that is further along (WORK_RANK), else `current`
 * (a qualified or closed lead stays where it is).
 */
export function statusAfterContact(current: WorkStatus, outcome: ContactOutcome): WorkStatus {
  const implied = CONTACT_OUTCOME_STATUS[outcome];
  return implied && WORK_RANK[implied] > WORK_RANK[current] ? implied : current;
}

/**
 * What the CRM reports back through the inbound webhook, and the work status
 * each one means. `lost` closes the application with the reason the report
 * gives (one of CLOSE_REASONS but funded), else "not qualified".
 */
export const CRM_STAGES = ["contacted", "qualified", "funded", "lost"] as const;
export type CrmStage = (typeof CRM_STAGES)[number];

export const CRM_STAGE_STATUS: Record<CrmStage, WorkStatus> = {
  contacted: "contacted",
  qualified: "qualified",
  funded: "closed",
  lost: "closed",
};

export const CRM_STAGE_LABELS: Record<CrmStage, string> = {
  contacted: "Contacted",
  qualified: "Qualified",
  funded: "Funded",
  lost: "Lost",
};

/**
 * One entry of an application's own history (the activities table): what
 * staff did (notes, logged contacts, status and owner changes, a follow-up
 * set, moved or cleared on its own) and what came
 * from outside (a CRM stage report, a call booked with the booking service).
 * The timeline shows them with the CRM deliveries and e-mails.
 */
export const ACTIVITY_KINDS = [
  "note",
  "call",
  "email",
  "status",
  "assignment",
  "stage",
  "booking",
  "follow_up",
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** Whose applications the inbox shows. */
export const OWNER_VIEWS = ["mine", "unassigned", "everyone"] as const;
export type OwnerView = (typeof OWNER_VIEWS)[number];

/**
 * The review clock's views: still untouched and due within the "due soon"
 * window (REVIEW_DUE_SOON), untouched past the deadline, or every untouched
 * one (the to-do list, sorted by time left). A follow-up ("call back at")
 * is a deadline of its own: a lead with one is in these views by the
 * earlier of its follow-up and (untouched) its review deadline.
 */
export const DUE_VIEWS = ["due_soon", "overdue", "open"] as const;
export type DueView = (typeof DUE_VIEWS)[number];

/** The inbox's orders: newest first (the default), or the least time left first. */
export const INBOX_SORTS = ["newest", "time_left"] as const;
export type InboxSort = (typeof INBOX_SORTS)[number];

/**
 * What the inbox does to several selected applications at once
 * (POST /applications/bulk): give them to someone, take them oneself, or
 * close them with one reason.
 */
export const BULK_ACTIONS = ["assign", "claim", "close"] as const;
export type BulkActionKind = (typeof BULK_ACTIONS)[number];

/** At most this many applications in one bulk action (a few inbox pages). */
export const BULK_MAX = 100;
