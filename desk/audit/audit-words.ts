/**
 * The audit log in words: for every action the server records
 * (#domain/audit/actions, so a new one fails the type check until it has
 * words here), its name in the action filter and the sentence an entry makes
 * after the actor's name ("redelivered application HL-7K2M9QXD to the CRM:
 * reason …"). An entry's application or staff member is a part of its own,
 * which the page turns into a link.
 */
import { CLAIM_ACTIONS, isAuditAction, type AuditAction, type ClaimAuditAction } from "#domain/audit/actions";
import { claimHistoryWords } from "#domain/claims/history";
import type { AuditItem } from "#domain/desk/contract";
import {
  CLOSE_REASON_LABELS,
  CONTACT_OUTCOME_LABELS,
  WORK_STATUS_LABELS,
  type CloseReason,
  type ContactOutcome,
  type WorkStatus,
} from "#domain/desk/work";
import { STATE_OPTIONS } from "../common/lib/filters";
import { formatAmount, formatDateTime, optionLabel, plural } from "../common/lib/format";

/** What an entry is about, shown as a link where it still exists. */
export const APPLICATION = { subject: "application" } as const;
export const STAFF = { subject: "staff" } as const;
export type Part = string | typeof APPLICATION | typeof STAFF;

export const AUDIT_GROUPS = [
  "Sign-in and accounts",
  "Applications",
  "Deliveries and e-mail",
  "Privacy requests",
  "Exports",
  "Staff",
  "Claims",
  "Refused",
] as const;

export interface ActionWords {
  /** Its name in the action filter. */
  label: string;
  group: (typeof AUDIT_GROUPS)[number];
  /** What the actor did, after their name. */
  words: (entry: AuditItem) => Part[];
}

type Details = Record<string, unknown>;
const detailsOf = (entry: AuditItem): Details => entry.details ?? {};
/** How an opt-out reached us, after "received". */
const RECEIVED_VIA_WORDS: Record<string, string> = {
  phone: "by phone",
  email: "by e-mail",
  "sms-reply": "as a STOP reply to a text",
  crm: "from the CRM",
  "web-form": "through the site's form",
};
const str = (value: unknown) => (typeof value === "string" && value.trim() ? value : undefined);
const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);

/** ": reason “…”", or nothing. */
const reasonOf = (details: Details) => (str(details.reason) ? `: reason “${str(details.reason)}”` : "");

const SIGN_IN_FAILURES: Record<string, string> = {
  password: "wrong e-mail or password",
  throttled: "refused after too many attempts",
  disabled: "the account is disabled",
  "not-enrolled": "no authenticator app set up",
  code: "wrong authenticator code",
  "backup-code": "wrong backup code",
  "code-reused": "an authenticator code already used",
  "challenge-ended": "the sign-in step had expired",
};

/** Why a password check on the account page failed. */
const accountFailure = (entry: AuditItem) =>
  detailsOf(entry).reason === "throttled" ? "refused after too many attempts" : "wrong current password";

const invitationKind = (entry: AuditItem) =>
  detailsOf(entry).purpose === "reset-second-factor" ? "authenticator reset link" : "invitation link";

/**
 * The inbox's state filter as stored in audit rows, which are append-only: rows
 * written before the state was named "quarantined" say "spam".
 */
const stateLabel = (value: string) => {
  const state = value === "spam" ? "quarantined" : value;
  return STATE_OPTIONS.find((option) => option.value === state)?.label ?? value;
};

/** The inbox's views (domain/desk/work.ts's OWNER_VIEWS and DUE_VIEWS) as a listing's words. */
const OWNER_WORDS: Record<string, string> = {
  mine: "assigned to themselves",
  unassigned: "unassigned",
  everyone: "of everyone",
};
const DUE_WORDS: Record<string, string> = {
  due_soon: "due soon",
  overdue: "overdue",
  open: "awaiting a first touch",
};

const FILTER_WORDS: Record<string, (value: string) => string> = {
  q: (value) => `matching “${value}”`,
  state: (value) => `in state “${stateLabel(value)}”`,
  fundingType: (value) => `for ${optionLabel("fundingType", value)}`,
  from: (value) => `received from ${value}`,
  to: (value) => `received until ${value}`,
  source: (value) => `from source “${value}”`,
  campaign: (value) => `from campaign “${value}”`,
  action: (value) => `of action “${wordsFor(value)?.label ?? value}”`,
  actor: (value) => `by ${value}`,
  owner: (value) => OWNER_WORDS[value] ?? `of owner “${value}”`,
  work: (value) => `with status “${WORK_STATUS_LABELS[value as WorkStatus] ?? value}”`,
  due: (value) => DUE_WORDS[value] ?? `due “${value}”`,
  sort: (value) => (value === "time_left" ? "least time left first" : "newest first"),
};

/** A list's filter in words (" matching “smith”, in state “Delivered”"), or "". */
export function filterWords(filter: unknown): string {
  if (!filter || typeof filter !== "object") return "";
  const parts = Object.entries(filter as Details)
    .filter(([, value]) => value !== null && value !== undefined && value !== "")
    .map(([key, value]) => (FILTER_WORDS[key] ?? ((text: string) => `${key} “${text}”`))(String(value)));
  return parts.length ? ` ${parts.join(", ")}` : "";
}

/** " (3 times, the last at May 1, 2024, 4:03 PM)" for a repeated event, else "". */
function repeated(entry: AuditItem): string {
  const times = num(entry.times);
  if (times < 2) return "";
  return ` (${plural(times, "time")}${entry.lastAt ? `, the last at ${formatDateTime(entry.lastAt)}` : ""})`;
}

const exported =
  (what: string, unit: string) =>
  (entry: AuditItem): Part[] => [
    `exported ${what} as CSV (${plural(num(detailsOf(entry).rows), unit)})${filterWords(detailsOf(entry).filter)}`,
  ];

/** A duty change: one's own ("went on duty"), or an admin's for someone (duty and routing groups). */
function dutyWords(entry: AuditItem): Part[] {
  const details = detailsOf(entry);
  const onDuty = typeof details.onDuty === "boolean" ? details.onDuty : undefined;
  const groups = Array.isArray(details.groups) ? details.groups.map(String) : undefined;
  const inGroups =
    groups && (groups.length ? `in groups ${groups.map((g) => `“${g}”`).join(", ")}` : "in no group");
  if (entry.actorId && entry.actorId === entry.target && groups === undefined) {
    return [onDuty ? "went on duty" : "went off duty"];
  }
  if (onDuty === undefined) return [`put `, STAFF, ` ${inGroups ?? "in the same groups"}`];
  return [
    onDuty ? "put " : "took ",
    STAFF,
    onDuty ? " on duty" : " off duty",
    inGroups ? `, ${inGroups}` : "",
  ];
}

/** What disabling someone did with their open applications, or "". */
function returnedWords(details: Details): string {
  const reassigned = num(details.reassigned);
  const unassigned = num(details.unassigned);
  if (!reassigned && !unassigned) return "";
  const parts = [
    reassigned ? `${plural(reassigned, "open application")} went to others on duty` : "",
    unassigned
      ? `${plural(unassigned, "open application")} ${unassigned === 1 ? "waits" : "wait"} unassigned`
      : "",
  ].filter(Boolean);
  return ` (${parts.join("; ")})`;
}

/** A stage the CRM reported ("funded ($250,000)", "lost: chose another provider"), and whether it moved the application. */
function stageReportWords(entry: AuditItem): Part[] {
  const details = detailsOf(entry);
  const amount = typeof details.amount === "number" ? ` (${formatAmount(details.amount)})` : "";
  const reason = str(details.reason) ? `: ${str(details.reason)!.replaceAll("_", " ")}` : "";
  const applied = details.applied
    ? ""
    : " (kept on its timeline, not applied: it arrived out of order, or the application was further along or closed)";
  return [
    "recorded the CRM’s report that application ",
    APPLICATION,
    ` is “${str(details.stage) ?? "?"}”${amount}${reason}${applied}`,
  ];
}

export const AUDIT_WORDS: Record<AuditAction, ActionWords> = {
  "sign-in.succeeded": {
    label: "Signed in",
    group: "Sign-in and accounts",
    words: (entry) => [
      detailsOf(entry).method === "backup-code" ? "signed in with a backup code" : "signed in",
    ],
  },
  "sign-in.failed": {
    label: "Sign-in failed",
    group: "Sign-in and accounts",
    words: (entry) => {
      const reason = str(detailsOf(entry).reason);
      return [
        `failed to sign in${reason ? `: ${SIGN_IN_FAILURES[reason] ?? reason}` : ""}${repeated(entry)}`,
      ];
    },
  },
  "session.signed-out": { label: "Signed out", group: "Sign-in and accounts", words: () => ["signed out"] },
  "session.ended": {
    label: "Ended a session",
    group: "Sign-in and accounts",
    words: () => ["ended a session of ", STAFF],
  },
  "invitation.accepted": {
    label: "Accepted an invitation",
    group: "Sign-in and accounts",
    words: (entry) => {
      const details = detailsOf(entry);
      if (details.purpose === "setup") return ["set up the first admin account"];
      if (details.purpose === "reset-second-factor")
        return ["set up a new authenticator app from a reset link"];
      return [`accepted an invitation and joined as ${str(details.role) ?? "staff"}`];
    },
  },
  "second-factor.enrolled": {
    label: "Set up an authenticator app",
    group: "Sign-in and accounts",
    words: () => ["set up their authenticator app"],
  },
  "second-factor.enrol-failed": {
    label: "Authenticator setup failed",
    group: "Sign-in and accounts",
    words: () => ["entered a wrong code while setting up their authenticator app"],
  },
  "password.changed": {
    label: "Changed their password",
    group: "Sign-in and accounts",
    words: () => ["changed their password (their other sessions were ended)"],
  },
  "password.change-failed": {
    label: "Password change failed",
    group: "Sign-in and accounts",
    words: (entry) => [`failed to change their password: ${accountFailure(entry)}`],
  },
  "backup-codes.regenerated": {
    label: "Made new backup codes",
    group: "Sign-in and accounts",
    words: () => ["made new backup codes (the old ones stopped working)"],
  },
  "backup-codes.regenerate-failed": {
    label: "New backup codes refused",
    group: "Sign-in and accounts",
    words: (entry) => [`failed to make new backup codes: ${accountFailure(entry)}`],
  },
  "application.viewed": {
    label: "Opened an application",
    group: "Applications",
    words: () => ["opened application ", APPLICATION],
  },
  "application.redelivered": {
    label: "Redelivered an application",
    group: "Applications",
    words: (entry) => ["redelivered application ", APPLICATION, ` to the CRM${reasonOf(detailsOf(entry))}`],
  },
  "application.released": {
    label: "Released from quarantine",
    group: "Applications",
    words: (entry) => [
      "released application ",
      APPLICATION,
      ` from quarantine${detailsOf(entry).queued ? " and queued it for the CRM" : ""}`,
    ],
  },
  "application.quarantined": {
    label: "Quarantined",
    group: "Applications",
    words: (entry) => ["quarantined application ", APPLICATION, ` as spam${reasonOf(detailsOf(entry))}`],
  },
  "document.viewed": {
    label: "Viewed a document",
    group: "Applications",
    words: (entry) => [
      `viewed ${str(detailsOf(entry).fileName) ?? "a document"} of application `,
      APPLICATION,
    ],
  },
  "document.downloaded": {
    label: "Downloaded a document",
    group: "Applications",
    words: (entry) => [
      `downloaded ${str(detailsOf(entry).fileName) ?? "a document"} of application `,
      APPLICATION,
    ],
  },
  "document-item.accepted": {
    label: "Accepted a document",
    group: "Applications",
    words: (entry) => [
      `accepted “${str(detailsOf(entry).item) ?? "a document"}” of application `,
      APPLICATION,
    ],
  },
  "document-item.flagged": {
    label: "Marked a document as needing attention",
    group: "Applications",
    words: (entry) => [
      `marked “${str(detailsOf(entry).item) ?? "a document"}” of application `,
      APPLICATION,
      ` as needing attention${reasonOf(detailsOf(entry))}`,
    ],
  },
  "document.requested": {
    label: "Asked for a document",
    group: "Applications",
    words: (entry) => [
      `asked application `,
      APPLICATION,
      ` for “${str(detailsOf(entry).item) ?? "a document"}”`,
    ],
  },
  "application.status-changed": {
    label: "Changed a work status",
    group: "Applications",
    words: (entry) => {
      const { from, to, closeReason } = detailsOf(entry);
      if (!str(to)) return ["changed the work status of application ", APPLICATION];
      const label = (value: unknown) => WORK_STATUS_LABELS[value as WorkStatus] ?? String(value);
      const reason = CLOSE_REASON_LABELS[closeReason as CloseReason];
      const now = to === "closed" && reason ? `Closed: ${reason}` : label(to);
      return ["set application ", APPLICATION, ` to “${now}”${from ? ` (it was “${label(from)}”)` : ""}`];
    },
  },
  "application.noted": {
    label: "Added a note",
    group: "Applications",
    words: () => ["added a note to application ", APPLICATION],
  },
  "application.contact-logged": {
    label: "Logged a call or e-mail",
    group: "Applications",
    words: (entry) => {
      const details = detailsOf(entry);
      const what = details.channel === "email" ? "an e-mail" : "a call";
      const outcome = CONTACT_OUTCOME_LABELS[details.outcome as ContactOutcome] ?? str(details.outcome);
      const status = details.to
        ? `, now “${WORK_STATUS_LABELS[details.to as WorkStatus] ?? str(details.to)}”`
        : "";
      const followUp = str(details.followUpAt)
        ? `, call back ${formatDateTime(str(details.followUpAt))}`
        : "";
      return [
        `logged ${what} on application `,
        APPLICATION,
        outcome ? `: ${outcome}${status}${followUp}` : "",
      ];
    },
  },
  "application.follow-up-set": {
    label: "Set a follow-up",
    group: "Applications",
    words: (entry) => {
      const { from, to } = detailsOf(entry);
      const was = str(from) ? ` (it was ${formatDateTime(str(from))})` : "";
      return ["set a follow-up on application ", APPLICATION, `: call back ${formatDateTime(str(to))}${was}`];
    },
  },
  "application.follow-up-cleared": {
    label: "Cleared a follow-up",
    group: "Applications",
    words: (entry) => {
      const from = str(detailsOf(entry).from);
      return [
        "cleared the follow-up on application ",
        APPLICATION,
        from ? ` (it was ${formatDateTime(from)})` : "",
      ];
    },
  },
  "application.assigned": {
    label: "Assigned an application",
    group: "Applications",
    words: (entry) => {
      const details = detailsOf(entry);
      const was = str(details.fromName) ? ` (it was ${str(details.fromName)}’s)` : "";
      if (!str(details.to)) return ["put application ", APPLICATION, ` back for assignment${was}`];
      if (details.to === entry.actorId) return ["claimed application ", APPLICATION, was];
      return ["assigned application ", APPLICATION, ` to ${str(details.toName) ?? "someone"}${was}`];
    },
  },
  "application.stage-reported": {
    label: "CRM reported a stage",
    group: "Applications",
    words: stageReportWords,
  },
  "application.call-booked": {
    label: "Call booked",
    group: "Applications",
    words: (entry) => {
      const at = str(detailsOf(entry).scheduledAt);
      // Entries from before bookers were compared say nothing of them.
      const bookedBy = str(detailsOf(entry).bookedBy);
      const who =
        bookedBy === "someone else"
          ? "someone other than the applicant"
          : bookedBy === "not reported"
            ? "an unreported booker"
            : "the applicant";
      return [
        "recorded a call on ",
        APPLICATION,
        at ? ` for ${formatDateTime(at)}` : "",
        `, booked by ${who}`,
      ];
    },
  },
  "evidence.exported": {
    label: "Downloaded consent evidence",
    group: "Applications",
    words: () => ["downloaded the consent evidence of application ", APPLICATION],
  },
  "consents.looked-up": {
    label: "Looked up consents",
    group: "Applications",
    words: (entry) => {
      const details = detailsOf(entry);
      const who = str(details.phone) ?? str(details.email) ?? "someone";
      return [`looked up the consents of ${who} (${plural(num(details.found), "consent")} found)`];
    },
  },
  "consent.opt-out-recorded": {
    label: "Recorded an opt-out",
    group: "Applications",
    words: (entry) => {
      const details = detailsOf(entry);
      const what = details.channel === "email" ? "e-mail" : "text messages";
      const who = str(details.phone) ?? str(details.email) ?? "someone";
      const how = RECEIVED_VIA_WORDS[str(details.receivedVia) ?? "phone"] ?? "by phone";
      return [`recorded an opt-out of ${what} for ${who} (received ${how})`];
    },
  },
  "opt-outs.looked-up": {
    label: "Looked up opt-outs",
    group: "Applications",
    words: (entry) => {
      const details = detailsOf(entry);
      const who = [str(details.phone), str(details.email)].filter(Boolean).join(" and ") || "someone";
      return [`looked up the opt-outs of ${who} (${plural(num(details.found), "opt-out")} found)`];
    },
  },
  "legal-hold.set": {
    label: "Set a legal hold",
    group: "Applications",
    words: (entry) => {
      const details = detailsOf(entry);
      const held =
        details.scope === "email"
          ? [`put every record of ${str(details.email) ?? "an address"} on legal hold`]
          : ["put application ", APPLICATION, " on legal hold"];
      return [...held, reasonOf(details)];
    },
  },
  "legal-hold.released": {
    label: "Released a legal hold",
    group: "Applications",
    words: (entry) => {
      const details = detailsOf(entry);
      const held =
        details.scope === "email"
          ? [`released the legal hold on ${str(details.email) ?? "an address"}`]
          : ["released the legal hold on application ", APPLICATION];
      return [...held, reasonOf(details)];
    },
  },
  "legal-holds.looked-up": {
    label: "Looked up legal holds",
    group: "Applications",
    words: (entry) => {
      const details = detailsOf(entry);
      const who = str(details.email) ?? "someone";
      return [`looked up the legal holds on ${who} (${plural(num(details.found), "hold")} found)`];
    },
  },
  "privacy-requests.listed": {
    label: "Listed privacy requests",
    group: "Privacy requests",
    words: (entry) => {
      const details = detailsOf(entry);
      return [
        `listed the ${str(details.view) ?? "open"} privacy requests (${plural(num(details.rows), "request")})`,
      ];
    },
  },
  "privacy-request.claimed": {
    label: "Took a privacy request",
    group: "Privacy requests",
    words: (entry) => [`took the privacy request of ${str(detailsOf(entry).email) ?? "someone"}`],
  },
  "privacy-request.status-changed": {
    label: "Changed a privacy request",
    group: "Privacy requests",
    words: (entry) => {
      const details = detailsOf(entry);
      const status = str(details.status)?.replace("_", " ") ?? "changed";
      const reason = str(details.resolution);
      return [
        `marked the privacy request of ${str(details.email) ?? "someone"} ${status}${reason ? `: ${reason}` : ""}`,
      ];
    },
  },
  "privacy-request.erased": {
    label: "Erased someone's data",
    group: "Privacy requests",
    words: (entry) => {
      const details = detailsOf(entry);
      const held = num(details.heldApplications);
      return [
        `erased the data of ${str(details.email) ?? "someone"} (${plural(num(details.erasedApplications), "application")}, ${plural(num(details.erasedMails), "e-mail")})` +
          (details.emailHeld ? "; nothing erased: the address is on legal hold" : "") +
          (held ? `; ${plural(held, "application")} kept under legal hold` : ""),
      ];
    },
  },
  "privacy-request.package-sent": {
    label: "Sent a copy of someone's data",
    group: "Privacy requests",
    words: (entry) => [`sent ${str(detailsOf(entry).email) ?? "someone"} the link to a copy of their data`],
  },
  "privacy-request.package-opened": {
    label: "A copy of someone's data opened",
    group: "Privacy requests",
    words: (entry) => {
      const details = detailsOf(entry);
      return [
        `opened a copy of the data of ${str(details.email) ?? "someone"}` +
          `${details.format === "json" ? " as JSON" : ""} through the link sent to them, from ` +
          `${str(details.client) ?? "an unknown client"}`,
      ];
    },
  },
  "applications.listed": {
    label: "Listed applications",
    group: "Applications",
    words: (entry) => {
      const details = detailsOf(entry);
      const pages = num(entry.times) || 1;
      return [
        `listed ${plural(num(entry.rowsReturned), "application")}${filterWords(details.filter)}` +
          ` (${plural(pages, "page")} of up to ${num(details.pageSize)}` +
          `${pages > 1 && entry.lastAt ? `, the last at ${formatDateTime(entry.lastAt)}` : ""})`,
      ];
    },
  },
  "applications.purged": {
    label: "Deleted old quarantine",
    group: "Applications",
    words: (entry) => {
      const details = detailsOf(entry);
      return [
        `deleted ${plural(num(details.count), "quarantined application")} past their ${num(details.retentionDays)}-day retention`,
      ];
    },
  },
  "retention.purged": {
    label: "Removed data past its retention",
    group: "Applications",
    words: (entry) => {
      const details = detailsOf(entry);
      const count = num(details.count);
      const what: Record<string, string> = {
        applications: `deleted ${plural(count, "application")} that never went further`,
        "mail-bodies": `removed the bodies of ${plural(count, "sent e-mail")}`,
        sessions: `deleted ${plural(count, "expired desk session")}`,
        audit: `deleted ${count === 1 ? "1 audit log entry" : `${count.toLocaleString("en-US")} audit log entries`}`,
      };
      const kind = str(details.kind) ?? "";
      return [
        `${what[kind] ?? `removed ${plural(count, "record")}`} past the ${num(details.retentionDays)}-day retention`,
      ];
    },
  },
  "dead-deliveries.listed": {
    label: "Viewed failed deliveries",
    group: "Deliveries and e-mail",
    words: (entry) => [
      `viewed the failed deliveries, ${plural(num(entry.rowsReturned), "application")} shown${repeated(entry)}`,
    ],
  },
  "dead-deliveries.redelivered": {
    label: "Redelivered failed deliveries",
    group: "Deliveries and e-mail",
    words: (entry) => {
      const details = detailsOf(entry);
      const which =
        details.include === "all"
          ? " (permanent refusals included)"
          : details.include === "temporary"
            ? " (temporary failures only)"
            : "";
      return [`sent ${plural(num(details.count), "failed delivery")} to the CRM again${which}`];
    },
  },
  "mail.viewed": {
    label: "Viewed the e-mail queue",
    group: "Deliveries and e-mail",
    words: (entry) => {
      const details = detailsOf(entry);
      const status = str(details.status);
      return [
        `viewed the e-mail queue${status ? ` (${status})` : ""}, ${plural(num(details.rows), "e-mail")} shown`,
      ];
    },
  },
  "mail.redelivered": {
    label: "Sent an e-mail again",
    group: "Deliveries and e-mail",
    words: (entry) => {
      const from = str(detailsOf(entry).from);
      return [`queued an e-mail to be sent again${from ? ` (it was ${from})` : ""}`];
    },
  },
  "document.fetched-by-crm": {
    label: "The CRM fetched a document",
    group: "Deliveries and e-mail",
    words: (entry) =>
      detailsOf(entry).served
        ? ["fetched an accepted document of application ", APPLICATION, " through its link (the CRM)"]
        : [
            "tried the link to an accepted document of application ",
            APPLICATION,
            " after it expired (the CRM)",
          ],
  },
  "document.redelivered": {
    label: "Redelivered a document",
    group: "Deliveries and e-mail",
    words: (entry) => [
      "sent an accepted document of application ",
      APPLICATION,
      ` to the CRM again${reasonOf(detailsOf(entry))}`,
    ],
  },
  "applications.exported": {
    label: "Exported applications",
    group: "Exports",
    words: exported("applications", "row"),
  },
  "consents.exported": {
    label: "Exported consents",
    group: "Exports",
    words: exported("the consent ledger", "row"),
  },
  "newsletter.exported": {
    label: "Exported the newsletter list",
    group: "Exports",
    words: exported("the newsletter list", "address"),
  },
  "audit.exported": {
    label: "Exported the audit log",
    group: "Exports",
    words: exported("the audit log", "entry"),
  },
  "invitation.created": {
    label: "Invited someone",
    group: "Staff",
    words: (entry) => {
      const details = detailsOf(entry);
      const via = details.via === "cli" ? " (from the command line)" : "";
      if (details.purpose === "setup") return [`made a first-admin setup link${via}`];
      return [`invited ${str(details.email) ?? "someone"} as ${str(details.role) ?? "staff"}${via}`];
    },
  },
  "invitation.revoked": {
    label: "Revoked an invitation",
    group: "Staff",
    words: (entry) => [`revoked the ${invitationKind(entry)} of ${str(detailsOf(entry).email) ?? "someone"}`],
  },
  "invitation.resent": {
    label: "Made an invitation anew",
    group: "Staff",
    words: (entry) => [
      `made a new ${invitationKind(entry)} for ${str(detailsOf(entry).email) ?? "someone"} (the old one stopped working)`,
    ],
  },
  "setup.abandoned-removed": {
    label: "Removed an abandoned setup",
    group: "Staff",
    words: (entry) => [
      `removed the first-admin account ${str(detailsOf(entry).email) ?? ""} that was never confirmed, so setup could start again`,
    ],
  },
  "staff.role-changed": {
    label: "Changed a role",
    group: "Staff",
    words: (entry) => {
      const details = detailsOf(entry);
      return [
        "changed the role of ",
        STAFF,
        ` from ${str(details.from) ?? "?"} to ${str(details.to) ?? "?"}`,
      ];
    },
  },
  "staff.disabled": {
    label: "Disabled an account",
    group: "Staff",
    words: (entry) => ["disabled the account of ", STAFF, returnedWords(detailsOf(entry))],
  },
  "staff.enabled": {
    label: "Enabled an account",
    group: "Staff",
    words: () => ["enabled the account of ", STAFF],
  },
  "second-factor.reset": {
    label: "Reset an authenticator app",
    group: "Staff",
    words: () => ["reset the authenticator app of ", STAFF, " (a new setup link was made)"],
  },
  "staff.duty-changed": {
    label: "Changed who is on duty",
    group: "Staff",
    words: dutyWords,
  },
  "assignment.rules-changed": {
    label: "Changed the routing rules",
    group: "Staff",
    words: (entry) => {
      const rules = detailsOf(entry).rules;
      const count = Array.isArray(rules) ? rules.length : 0;
      return [count ? `set the routing rules (${plural(count, "rule")})` : "removed every routing rule"];
    },
  },
  "ratings.imported": {
    label: "Imported ratings",
    group: "Claims",
    words: (entry) => {
      const details = detailsOf(entry);
      return [
        `imported ${num(details.added)} ratings from ${str(details.source) ?? "a source"} (${num(details.alreadyHeld)} already held; file ${str(details.file) ?? "unknown"}, from the command line)`,
      ];
    },
  },
  ...claimWords(),
  "access.denied": {
    label: "Refused: admins only",
    group: "Refused",
    words: (entry) => {
      const details = detailsOf(entry);
      return [
        `was refused ${str(details.method) ?? ""} ${str(details.route) ?? "a route"}, which is for admins only${repeated(entry)}`,
      ];
    },
  },
};

/** The claims' actions (server/claims): the claim's id, or the role, then the same words as the Claims page's history. */
function claimWords(): Record<ClaimAuditAction, ActionWords> {
  const labels: Record<ClaimAuditAction, string> = {
    "claim-role.assigned": "Gave a claim role",
    "claim-evidence.added": "Added a claim's evidence",
    "claim-evidence.withdrawn": "Withdrew a claim's evidence",
    "claim-evidence.downloaded": "Downloaded a claim's evidence",
    "claim.reviewed": "Recorded a claim's review",
    "claim.owner-alerted": "E-mailed a claim's owner",
  };
  return Object.fromEntries(
    CLAIM_ACTIONS.map((action) => [
      action,
      {
        label: labels[action],
        group: "Claims",
        words: (entry: AuditItem) => [
          `${claimHistoryWords(action, entry.details)}${entry.target && action !== "claim-role.assigned" ? ` on claim ${entry.target}` : ""}`,
        ],
      },
    ]),
  ) as Record<ClaimAuditAction, ActionWords>;
}

/** The words for an action, or undefined for one this desk does not know (an older desk, a newer server). */
export function wordsFor(action: string): ActionWords | undefined {
  return isAuditAction(action) ? AUDIT_WORDS[action] : undefined;
}

/** An entry's sentence; an action the desk has no words for yet is shown by its code. */
export function auditWords(entry: AuditItem): Part[] {
  const known = wordsFor(entry.action);
  return known ? known.words(entry) : [`did “${entry.action}”`];
}
