/**
 * What POST /api/events accepts: a JSON array of at most 50 events, each one
 * of a closed list of names with a closed list of properties (anything else
 * is refused whole). Validation errors carry a field's name and zod's issue
 * code, never a value.
 */
import { z } from "zod";
import { applicationFields, TOTAL_STEPS, type ApplicationField } from "../application/steps";
import { VALIDATION_CODES, type BrowserEvent } from "./events";

export const MAX_EVENTS_PER_REQUEST = 50;
/** An event older than this when it arrives is dated this old. */
export const MAX_AGE_MS = 60 * 60 * 1000;

/** Where it happened (path and query) and the page before (a full address); added by the sender to every event. */
const context = {
  // A path on this site: "/x", never "//host/x" (which a URL parser reads as another host).
  page: z
    .string()
    .max(1000)
    .regex(/^\/(?![/\\])/),
  referrer: z.string().max(1000).optional(),
  /** How long ago it happened, by the browser's clock (ms). */
  age: z.number().int().min(0).max(86_400_000).optional(),
};

const step = z.number().int().min(1).max(TOTAL_STEPS);

const event = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("pageview"), ...context }),
  z.strictObject({ type: z.literal("step_viewed"), step, ...context }),
  z.strictObject({ type: z.literal("step_completed"), step, ...context }),
  z.strictObject({
    type: z.literal("field_error"),
    field: z.enum(applicationFields as [ApplicationField, ...ApplicationField[]]),
    code: z.enum(VALIDATION_CODES),
    ...context,
  }),
  z.strictObject({ type: z.literal("submit_pressed"), ...context }),
  z.strictObject({ type: z.literal("consultation_opened"), ...context }),
  z.strictObject({ type: z.literal("booking_loaded"), ...context }),
  z.strictObject({ type: z.literal("newsletter_subscribed"), ...context }),
]);

export const incomingEventsSchema = z.array(event).min(1).max(MAX_EVENTS_PER_REQUEST);

export type IncomingEvent = z.infer<typeof event>;

// The list above and the shared vocabulary name the same events.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const SAME_EVENT_NAMES: Same<IncomingEvent["type"], BrowserEvent> = true;
