/**
 * One application as the desk's API answers it: rows from the store shaped
 * into the contract's ApplicationDetail and ConsentEvidence
 * (#domain/desk/contract). No SQL here.
 */
import { createHash } from "node:crypto";
import type {
  ApplicationDetail,
  ApplicationState,
  ConsentEvidence,
  ConsentRecord,
  DecisionClockState,
  DeliveryInfo,
  DeliveryState,
  OptOut,
  TimelineAction,
  TimelineActivity,
  TimelineAttempt,
  TimelineEntry,
  TimelineMail,
  TimelineMailAttempt,
  WorkState,
} from "#domain/desk/contract";
import type { Touch } from "#domain/application/schema";
import type { CloseReason, WorkStatus } from "#domain/desk/work";
import { APPLICATION_FIELDS } from "../../crm-delivery/crm-payload";
import type { InboxRepository } from "../../inbox/inbox-repository";
import { zonedIso } from "../zoned-day";
import type { ActionRow, ApplicationMailRow } from "../../work/application-repository";

export type Shown = NonNullable<Awaited<ReturnType<InboxRepository["show"]>>>;

/** The SHA-256 of the exact consent text the applicant saw (UTF-8), hex. */
export const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

const str = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** The stored CRM payload: the submission as received, keys in their order. */
const payloadOf = (shown: Shown) => shown.application.payload as Record<string, unknown>;

function consentOf(shown: Shown): ConsentRecord | null {
  const c = shown.consent;
  if (!c) return null;
  const text = String(c.consent_text);
  return {
    text,
    version: String(c.consent_version),
    sha256: sha256(text),
    consentedAt: str(c.consented_at),
    ip: str(c.ip),
    userAgent: str(c.user_agent),
    pageUrl: str(c.page_url),
    phone: str(c.phone),
  };
}

/** The CRM delivery, or null when there is none (quarantined) or the desk cancelled it. */
function deliveryOf(shown: Shown): DeliveryInfo | null {
  const d = shown.delivery;
  if (!d || d.status === "cancelled") return null;
  return {
    state: d.status as DeliveryState,
    attempts: Number(d.attempts),
    nextAttemptAt: d.status === "pending" || d.status === "sending" ? str(d.next_attempt_at) : null,
    lastError: str(d.last_error),
    deliveredAt: str(d.delivered_at),
  };
}

const attemptsOf = (shown: Shown) =>
  shown.attempts.map((attempt) => ({
    at: String(attempt.attempted_at),
    attempt: attempt.attempt === null ? null : Number(attempt.attempt),
    status: attempt.status_code === null ? null : Number(attempt.status_code),
    error: str(attempt.error),
    durationMs: attempt.duration_ms === null ? null : Number(attempt.duration_ms),
    outcome: str(attempt.outcome),
  }));

/**
 * The application's e-mails in the timeline: each when it was stored (what it
 * is, to whom, where it stands now, its Message-ID), then each attempt to
 * send it (the SMTP server's reply code or the error).
 */
const mailEntries = (mails: ApplicationMailRow[]): TimelineEntry[] =>
  mails.flatMap((mail) => [
    {
      at: mail.createdAt,
      kind: "mail",
      mailId: mail.id,
      mailKind: mail.kind,
      to: mail.to,
      subject: mail.subject,
      status: mail.status,
      messageId: mail.messageId,
    } satisfies TimelineMail,
    ...mail.attempts.map((attempt): TimelineMailAttempt => ({
      at: attempt.at,
      kind: "mail-attempt",
      mailId: mail.id,
      mailKind: mail.kind,
      to: mail.to,
      attempt: attempt.attempt,
      smtpCode: attempt.smtpCode,
      error: attempt.error,
      durationMs: attempt.durationMs,
      outcome: attempt.outcome,
    })),
  ]);

/** Where the team stands with it: owner, work status, the review clock. */
function workOf(shown: Shown): WorkState {
  const a = shown.application;
  return {
    owner: a.owner_id
      ? { id: String(a.owner_id), name: String(a.owner_name ?? ""), email: String(a.owner_email ?? "") }
      : null,
    workStatus: a.work_status as WorkStatus,
    closeReason: (a.close_reason ?? null) as CloseReason | null,
    fundedAmount: str(a.funded_amount),
    reviewDueAt: str(a.review_due_at),
    firstTouchedAt: str(a.first_touched_at),
    followUpAt: str(a.follow_up_at),
    bookedCallAt: str(a.booked_call_at),
  };
}

/** The funding decision's clock: running from documents complete until decided (migration 039). */
function decisionOf(shown: Shown): DecisionClockState | null {
  const a = shown.application;
  const completeAt = str(a.documents_complete_at);
  const dueAt = str(a.decision_due_at);
  if (!completeAt || !dueAt) return null;
  return { documentsCompleteAt: completeAt, dueAt, decidedAt: str(a.decided_at) };
}

export function toDetail(
  shown: Shown,
  actions: ActionRow[],
  mails: ApplicationMailRow[],
  activities: TimelineActivity[] = [],
  smsOptOuts: OptOut[] = [],
): ApplicationDetail {
  const a = shown.application;
  const payload = payloadOf(shown);
  const attribution = a.attribution as { firstTouch?: Touch; lastTouch?: Touch } | null;
  const timeline: TimelineEntry[] = [
    ...attemptsOf(shown).map(({ at, status, error, durationMs, outcome }): TimelineAttempt => ({
      at,
      kind: "attempt",
      status,
      error,
      durationMs,
      outcome,
    })),
    ...actions.map(({ at, action, by, reason, item }): TimelineAction => ({
      at,
      kind: "action",
      action,
      by,
      reason,
      ...(item && { item }),
    })),
    ...mailEntries(mails),
    ...activities,
  ]
    // Oldest first (entries at the same moment in the order above), then
    // turned round: a rep reads the latest work first.
    .sort((x, y) => x.at.localeCompare(y.at))
    .reverse();
  return {
    // Every field by its schema name, as submitted.
    application: Object.fromEntries(
      APPLICATION_FIELDS.map((field) => [field, payload[field]]),
    ) as ApplicationDetail["application"],
    id: String(a.id),
    submissionId: String(a.submission_id),
    // The number on the applicant's receipt (none for one held as spam at intake until released).
    reference: str(a.reference),
    createdAt: String(a.created_at),
    state: a.status as ApplicationState,
    quarantineReason: str(a.quarantine_reason),
    attribution: attribution
      ? { firstTouch: attribution.firstTouch ?? null, lastTouch: attribution.lastTouch ?? null }
      : null,
    consent: consentOf(shown),
    delivery: deliveryOf(shown),
    smsOptOuts: smsOptOuts.filter((optOut) => optOut.channel === "sms"),
    decision: decisionOf(shown),
    ...workOf(shown),
    timeline,
  };
}

/**
 * The consent evidence file: the exact consent text with its version and
 * SHA-256, when, from where and on which page it was given, the submission as
 * received, what the CRM was sent and answered, and the opt-outs of its
 * phone number (sms) and e-mail address (email). Its times are ISO 8601
 * with the offset of the provider's zone (`timeZone`) at that moment.
 */
export function toEvidence(
  shown: Shown,
  exported: { at: string; by: string | null },
  timeZone: string,
  optOuts: OptOut[],
): ConsentEvidence {
  const a = shown.application;
  const delivery = deliveryOf(shown);
  const consent = consentOf(shown);
  const at = (value: string | null | undefined) => zonedIso(value, timeZone);
  return {
    applicationId: String(a.id),
    timeZone,
    exportedAt: at(exported.at),
    exportedBy: exported.by,
    consent: consent && { ...consent, consentedAt: at(consent.consentedAt) },
    submission: {
      submittedAt: at(str(a.submitted_at)),
      receivedAt: at(str(a.created_at)),
      ip: str(a.client_ip),
      userAgent: str(a.user_agent),
      state: String(a.status),
      quarantineReason: str(a.quarantine_reason),
      // Exactly what was stored and is sent to the CRM.
      payload: payloadOf(shown),
    },
    crmDelivery: {
      // The CRM webhook receives the application id as its Idempotency-Key.
      idempotencyKey: String(a.id),
      state: delivery?.state ?? null,
      deliveredAt: at(delivery?.deliveredAt),
      attempts: attemptsOf(shown).map((attempt) => ({ ...attempt, at: at(attempt.at) })),
    },
    optOuts: optOuts.map((optOut) => ({
      ...optOut,
      receivedAt: at(optOut.receivedAt)!,
      recordedAt: at(optOut.recordedAt)!,
    })),
  };
}
