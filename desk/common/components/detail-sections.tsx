import type { ReactNode } from "react";
import { fieldCopy } from "#domain/application/copy";
import { applicationSteps, isChoiceField, type ApplicationField } from "#domain/application/schema";
import type { ApplicationAction } from "#domain/audit/actions";
import type { ApplicationDetail, BookedBy, TimelineActivity, TimelineEntry } from "#domain/desk/contract";
import { Badge } from "#ui/badge";
import {
  CLOSE_REASON_LABELS,
  CONTACT_OUTCOME_LABELS,
  CRM_STAGE_LABELS,
  WORK_STATUS_LABELS,
} from "#domain/desk/work";
import { formatAmount, formatDateTime, optionLabel } from "../lib/format";
import { mailKindLabel, mailStatusLabel } from "./mail-badges";
import { Section } from "./page";
import { deliveryLabel } from "./state-badges";

/** A list of label/value pairs; empty values read "Not given". */
export function Facts({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[minmax(6.5rem,35%)_1fr] gap-x-4 gap-y-2.5 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr] sm:gap-x-6">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-muted-foreground">{label}</dt>
          <dd className="min-w-0 break-words whitespace-pre-line">
            {value === null || value === undefined || value === "" ? (
              <span className="text-muted-foreground italic">Not given</span>
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const fieldLabel = (field: Exclude<ApplicationField, "smsConsent">) =>
  fieldCopy[field].summaryLabel ?? fieldCopy[field].label;

function fieldValue(field: ApplicationField, value: unknown): ReactNode {
  if (field === "fundingAmount") return formatAmount(value as string);
  if (isChoiceField(field)) return optionLabel(field, value);
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return value === undefined || value === null ? "" : String(value);
}

/** The application's answers, grouped by the wizard's steps, under the wizard's labels. */
export function ApplicationFields({ application }: { application: ApplicationDetail["application"] }) {
  return (
    <>
      {applicationSteps.map((step) => {
        const fields = step.fields.filter((field) => field !== "smsConsent");
        if (!fields.length) return null;
        return (
          <Section key={step.title} title={step.title}>
            <Facts rows={fields.map((field) => [fieldLabel(field), fieldValue(field, application[field])])} />
          </Section>
        );
      })}
    </>
  );
}

const TOUCH_KEYS = [
  ["utm_source", "utm_source"],
  ["utm_medium", "utm_medium"],
  ["utm_campaign", "utm_campaign"],
  ["utm_term", "utm_term"],
  ["utm_content", "utm_content"],
  ["gclid", "gclid"],
  ["fbclid", "fbclid"],
  ["msclkid", "msclkid"],
  ["landingPage", "Landing page"],
  ["referrer", "Referrer"],
  ["at", "Seen at"],
] as const;

function Touch({ title, touch }: { title: string; touch: Record<string, unknown> | null | undefined }) {
  const rows = TOUCH_KEYS.filter(([key]) => touch?.[key]).map(([key, label]): [string, ReactNode] => [
    label,
    key === "at" ? formatDateTime(String(touch?.[key])) : String(touch?.[key]),
  ]);
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      {rows.length ? (
        <Facts rows={rows} />
      ) : (
        <p className="text-sm text-muted-foreground">Nothing recorded.</p>
      )}
    </div>
  );
}

export function AttributionSection({ attribution }: { attribution: ApplicationDetail["attribution"] }) {
  return (
    <Section
      title="Attribution"
      description="Where the applicant came from: the first and the last visit with campaign tags."
    >
      {attribution ? (
        <div className="grid gap-5">
          <Touch title="First touch" touch={attribution.firstTouch} />
          <Touch title="Last touch" touch={attribution.lastTouch} />
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">No attribution was recorded.</p>
      )}
    </Section>
  );
}

export function ConsentFacts({ consent }: { consent: NonNullable<ApplicationDetail["consent"]> }) {
  return (
    <>
      <blockquote className="rounded-lg border-l-4 border-primary bg-muted px-4 py-3 text-sm leading-relaxed">
        {consent.text}
      </blockquote>
      <Facts
        rows={[
          ["Consented at", formatDateTime(consent.consentedAt)],
          ["Phone", consent.phone],
          ["Text version", consent.version],
          ["SHA-256 of the text", <code className="font-mono text-xs break-all">{consent.sha256}</code>],
          ["IP address", consent.ip],
          ["Browser", consent.userAgent],
          ["Page", consent.pageUrl],
        ]}
      />
    </>
  );
}

export function DeliveryFacts({ delivery }: { delivery: ApplicationDetail["delivery"] }) {
  if (!delivery) {
    return (
      <p className="text-sm text-muted-foreground">Not delivered: the application is quarantined as spam.</p>
    );
  }
  const rows: [string, ReactNode][] = [
    ["State", deliveryLabel(delivery.state)],
    ["Attempts", String(delivery.attempts)],
    ["Next attempt", formatDateTime(delivery.nextAttemptAt)],
    ["Delivered at", formatDateTime(delivery.deliveredAt)],
    ["Last error", delivery.lastError],
  ];
  // Only what applies: a delivered one has no next attempt, a waiting one no delivery time.
  return <Facts rows={rows.filter(([, value]) => value)} />;
}

/** The desk's actions by their audit names (docs/desk-api.md). */
const ACTION_WORDS: Record<ApplicationAction, string> = {
  "application.redelivered": "Sent again to the CRM",
  "application.released": "Released from quarantine",
  "application.quarantined": "Quarantined",
  "document-item.accepted": "Document accepted",
  "document-item.flagged": "Document marked as needing attention",
  "document.requested": "Document asked for",
};

/** An attempt's outcome in words (the CRM's and the e-mails'). */
const OUTCOME_WORDS: Record<string, string> = {
  delivered: "delivered",
  sent: "sent",
  retry: "failed, will retry",
  dead: "failed, gave up",
};
/** ": failed, will retry", or nothing for an attempt recorded without its outcome. */
const outcomeWords = (outcome: string | null) => (outcome ? `: ${OUTCOME_WORDS[outcome] ?? outcome}` : "");

/** "SMTP 250 in 31 ms", "HTTP 503 in 40 ms", "No answer in 10000 ms". */
function answerLine(answer: string | null, durationMs: number | null | undefined) {
  const duration = durationMs === null || durationMs === undefined ? "" : ` in ${durationMs} ms`;
  return `${answer ?? "No answer"}${duration}`;
}

/** "Closed: No response", "Qualified". */
const statusWords = (entry: TimelineActivity) =>
  entry.workStatus === "closed" && entry.closeReason
    ? `Closed: ${CLOSE_REASON_LABELS[entry.closeReason]}`
    : entry.workStatus
      ? WORK_STATUS_LABELS[entry.workStatus]
      : "";

/**
 * An activity in words: what happened, who did it (by name; the system, the
 * CRM or the booking service when nobody did), and a note's text apart.
 */
/** Who booked a call: their name and e-mail as the booking page took them. */
function bookerLine(booker: BookedBy | null): string {
  const who = [booker?.name, booker?.email && `<${booker.email}>`].filter(Boolean).join(" ");
  return who ? `Booked by ${who}` : "Who booked it was not reported";
}

/** An entry in words; `badge`: a warning beside its title. */
interface Described {
  title: string;
  lines: string[];
  note?: string;
  badge?: string;
}

function describeActivity(entry: TimelineActivity): Described {
  const by = (fallback: string) => (entry.by ? `By ${entry.by}` : fallback);
  const outcome = entry.outcome ? `: ${CONTACT_OUTCOME_LABELS[entry.outcome] ?? entry.outcome}` : "";
  const note = entry.body ?? undefined;
  // What a logged contact caused in the same step: the status it moved, the follow-up it set.
  const caused = [
    entry.workStatus ? `Status set to ${statusWords(entry)}` : "",
    entry.followUpAt ? `Call back ${formatDateTime(entry.followUpAt)}` : "",
  ];
  switch (entry.activity) {
    case "status":
      return { title: `Status set to ${statusWords(entry)}`, lines: [by("")] };
    case "note":
      return { title: "Note", lines: [by("")], note };
    case "call":
      return { title: `Call logged${outcome}`, lines: [...caused, by("")], note };
    case "email":
      return { title: `E-mail logged${outcome}`, lines: [...caused, by("")], note };
    case "follow_up":
      return {
        title: entry.followUpAt
          ? `Follow-up: call back ${formatDateTime(entry.followUpAt)}`
          : "Follow-up cleared",
        lines: [by("")],
      };
    case "assignment":
      return {
        title: entry.ownerName ? `Assigned to ${entry.ownerName}` : "Put back for assignment",
        lines: [by("By the round-robin")],
      };
    case "stage": {
      const stage = entry.stage ? (CRM_STAGE_LABELS[entry.stage] ?? entry.stage) : "a stage";
      const amount = entry.amount ? `, ${formatAmount(entry.amount)}` : "";
      return {
        title: `CRM reported: ${stage}${amount}`,
        lines: [
          entry.workStatus
            ? `Status set to ${statusWords(entry)}`
            : entry.overtakenBy
              ? `Arrived after a later CRM report (${formatDateTime(entry.overtakenBy)}): not applied`
              : "Nothing moved: it was already this far along",
          by("From the CRM"),
        ],
      };
    }
    case "booking":
      return {
        title: entry.scheduledAt ? `Call booked for ${formatDateTime(entry.scheduledAt)}` : "Call booked",
        lines: [bookerLine(entry.booker), by("From the booking service")],
        badge: entry.booker?.applicant === false ? "Booked by someone else" : undefined,
      };
    default:
      return { title: String(entry.activity), lines: [by("")], note };
  }
}

function describeEntry(entry: TimelineEntry): Described {
  switch (entry.kind) {
    case "action":
      return {
        title: ACTION_WORDS[entry.action] ?? entry.action,
        lines: [
          entry.item ?? "",
          entry.by ? `By ${entry.by}` : "",
          entry.reason ? `Reason: ${entry.reason}` : "",
        ],
      };
    case "mail":
      return {
        title: `E-mail queued: ${mailKindLabel(entry.mailKind)}`,
        lines: [
          `To ${entry.to}`,
          `Now: ${mailStatusLabel(entry.status)}`,
          `Subject: ${entry.subject}`,
          `Message-ID: ${entry.messageId}`,
        ],
      };
    case "mail-attempt":
      return {
        title: `E-mail attempt${outcomeWords(entry.outcome)}`,
        lines: [
          `${mailKindLabel(entry.mailKind)} to ${entry.to}`,
          answerLine(entry.smtpCode ? `SMTP ${entry.smtpCode}` : null, entry.durationMs),
          entry.error ?? "",
        ],
      };
    case "activity":
      return describeActivity(entry);
    default:
      return {
        title: `Delivery attempt${outcomeWords(entry.outcome)}`,
        lines: [
          answerLine(entry.status ? `HTTP ${entry.status}` : null, entry.durationMs),
          entry.error ?? "",
        ],
      };
  }
}

const DOT: Record<TimelineEntry["kind"], string> = {
  action: "bg-gold",
  attempt: "bg-primary",
  mail: "bg-card ring-2 ring-success",
  "mail-attempt": "bg-success",
  activity: "bg-foreground",
};

/** An entry's dot: the CRM's reports and bookings stand apart from what staff did. */
const dotOf = (entry: TimelineEntry) =>
  entry.kind !== "activity"
    ? DOT[entry.kind]
    : entry.activity === "stage"
      ? "bg-gold"
      : entry.activity === "booking"
        ? "bg-card ring-2 ring-gold"
        : DOT.activity;

/**
 * Everything that happened to the application, newest first (as the server orders it): what staff did
 * (status, notes, calls and e-mails logged, owner changes, desk actions), the
 * CRM's delivery attempts and stage reports, calls booked, and its e-mails.
 */
export function Timeline({ entries }: { entries: TimelineEntry[] }) {
  if (!entries.length) return <p className="text-sm text-muted-foreground">Nothing has happened yet.</p>;
  return (
    <ol className="flex flex-col gap-0 border-l-2 border-border pl-4">
      {entries.map((entry, index) => {
        const { title, lines, note, badge } = describeEntry(entry);
        return (
          <li key={`${entry.at}-${index}`} className="relative pb-4 last:pb-0">
            <span
              aria-hidden="true"
              className={`absolute top-1.5 -left-[1.4rem] size-2.5 rounded-full ${dotOf(entry)}`}
            />
            <p className="text-sm font-semibold">{title}</p>
            {badge && (
              <Badge variant="bad" className="my-0.5">
                {badge}
              </Badge>
            )}
            <p className="text-xs text-muted-foreground">
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            </p>
            {lines.filter(Boolean).map((line, n) => (
              <p key={n} className="text-sm break-words">
                {line}
              </p>
            ))}
            {note && (
              <p className="mt-1.5 rounded-lg bg-muted px-3 py-2 text-sm break-words whitespace-pre-wrap">
                {note}
              </p>
            )}
          </li>
        );
      })}
    </ol>
  );
}
