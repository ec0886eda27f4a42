/**
 * The event types the inbound webhook takes, by the body's `type`: each its
 * `data` schema and what it does (inbound-event.ts says what a type is).
 * sources.ts says which source may send which. A new kind of report (an
 * opt-out a texting platform relays, say) is a new file and a row here.
 */
import { applicationStage } from "./application-stage";
import { callBooked } from "./call-booked";
import { contactOptedOut } from "./contact-opted-out";
import type { EventType } from "./inbound-event";

export const EVENT_TYPES = {
  "application.stage": applicationStage,
  "call.booked": callBooked,
  "contact.opted_out": contactOptedOut,
} as const satisfies Record<string, EventType>;

export type EventTypeName = keyof typeof EVENT_TYPES;
