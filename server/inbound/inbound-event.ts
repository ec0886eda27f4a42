/**
 * What every event type of the inbound webhook is (event-types.ts lists
 * them): the schema of its `data`, and what it does with an event that was
 * accepted (authentic, fresh, well-formed, not seen before), inside the
 * transaction that also records the event's id.
 */
import { z } from "zod";
import "#domain/lib/zod-config";
import type { AuditEntry } from "#domain/audit/actions";
import { parseReference } from "../mail/reference";
import type { BookedCallAlerts } from "../booked-calls/booked-call-alerts";
import type { OptOutRepository } from "../opt-outs/opt-out-repository";
import { isUuid } from "../store/row-values";
import type { Queryable } from "../store/store";

/** One accepted event, as its handler sees it. */
export interface InboundEvent<D> {
  source: string;
  /** The sender's id for it: the webhook-id header, or the body's `id`. */
  id: string;
  /** When it happened (the body's `timestamp`, ISO 8601 as sent). */
  occurredAt: string;
  data: D;
}

/** What it did: stored with the event, answered to the sender, and written to the audit log. */
export interface EventResult {
  /** The application it was about; null for an event about a person (an opt-out). */
  applicationId: string | null;
  /** "applied", "not_applied", "booked", "recorded" … (inbound_events.outcome). */
  outcome: string;
  audit: AuditEntry;
  /** Run once the event's transaction has committed (wakes a worker for what it queued). */
  afterCommit?: () => void;
}

export interface EventType<S extends z.ZodType = z.ZodType> {
  /** The `data` object's schema (unknown keys are ignored: senders add their own). */
  data: S;
  /** Applies the event; throws UnknownApplication (a 404, nothing kept) when it names none. */
  handle(tx: Queryable, event: InboundEvent<z.output<S>>, context: HandlerContext): Promise<EventResult>;
}

/** What the handlers share, made once by the plugin. */
export interface HandlerContext {
  /** The opt-out ledger (its honour-by days in DESK_TIME_ZONE). */
  optOuts: OptOutRepository;
  /** A booked call as the lead's current one, and its owner's e-mail. */
  bookedCalls: BookedCallAlerts;
}

export const eventType = <S extends z.ZodType>(type: EventType<S>): EventType<S> => type;

/** The event names no application we have: 404, and the transaction (its id too) is rolled back. */
export class UnknownApplication extends Error {
  constructor(readonly field: string) {
    super(`No application matches ${field}`);
  }
}

// ---------------------------------------------------------------------------
// Fields the event types share. A field sent as null counts as not sent, as
// many senders write their empty fields.

export const nullish = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === null ? undefined : value), schema.optional());

/** An application's id, as the CRM received it (the payload's `id`). */
export const applicationId = z
  .string({ error: "must be the application's id (a UUID), as text" })
  .trim()
  .refine(isUuid, { error: "must be the application's id (a UUID)" })
  .transform((id) => id.toLowerCase());

/** The receipt's reference number ("HL-" and 8 characters; any case, spaces and hyphens ignored). */
export const reference = z
  .string({ error: "must be the application's reference number, as text" })
  .max(40, { error: "must be the application's reference number, such as HL-7K2M9QXD" })
  .transform((text, context) => {
    const parsed = parseReference(text);
    if (parsed) return parsed;
    context.addIssue({
      code: "custom",
      message: "must be the application's reference number, such as HL-7K2M9QXD",
    });
    return z.NEVER;
  });

const EARLIEST = Date.UTC(2000, 0, 1);

/** A time as ISO 8601 with its offset ("2026-11-24T15:04:05Z"), from 2000 on. */
export const isoTime = z
  .string({ error: "must be an ISO 8601 time with its offset, such as 2026-11-24T15:04:05Z" })
  .pipe(
    z.iso.datetime({
      offset: true,
      error: "must be an ISO 8601 time with its offset, such as 2026-11-24T15:04:05Z",
    }),
  )
  .refine((text) => Date.parse(text) >= EARLIEST, { error: "must be a time after the year 2000" });
