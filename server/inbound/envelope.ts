/**
 * An inbound request's body, read: JSON, an object, the envelope every event
 * shares (`type`, `timestamp`, `data`, and `id` from a token sender), a type
 * this source may send, a time within the tolerance, and the type's own
 * `data`. Anything else is a 400 naming the field (`data.stage`), before the
 * store is touched.
 */
import { z } from "zod";
import "#domain/lib/zod-config";
import { cleanJson } from "../clean-text";
import { isJsonObject } from "../plugins/json-body";
import { EVENT_TYPES, type EventTypeName } from "./event-types";
import { isoTime, nullish } from "./inbound-event";
import type { InboundSource } from "./sources";
import { outsideTolerance, type Sender } from "./verify";

/** The longest event id kept (Standard Webhooks ids are about 30 characters). */
const MAX_ID = 255;

export interface ReadEvent {
  type: EventTypeName;
  id: string;
  occurredAt: string;
  data: unknown;
}

export interface BadBody {
  error: string;
  errors?: Record<string, string>;
}

export type Read = { ok: true; event: ReadEvent } | { ok: false; body: BadBody };

const envelope = z.object({
  id: nullish(
    z
      .string({ error: "must be the event's id, as text" })
      .trim()
      .min(1, { error: "must not be empty" })
      .max(MAX_ID, { error: `must be at most ${MAX_ID} characters` }),
  ),
  type: z.string({ error: "must be the event's type, as text" }),
  timestamp: isoTime,
  data: z.unknown(),
});

/** `{error: "<field> <what is wrong>", errors: {<field>: …}}` from zod's issues, fields under `prefix`. */
function fieldErrors(error: z.ZodError, prefix?: string): BadBody {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = [prefix, ...issue.path.map(String)].filter(Boolean).join(".") || "body";
    errors[field] ??= issue.message;
  }
  return refused(errors);
}

function refused(errors: Record<string, string>): BadBody {
  const [field, message] = Object.entries(errors)[0];
  return { error: `${field} ${message}`, errors };
}

/** Reads the raw body sent to `source` by `sender`, at `now` (ms). */
export function readEvent(
  raw: Buffer,
  source: InboundSource,
  sender: Sender,
  now: number,
  toleranceMs: number,
): Read {
  const text = raw.toString("utf8");
  if (text.trim() === "") return { ok: false, body: { error: "Request body is empty" } };
  let body: unknown;
  try {
    body = cleanJson(JSON.parse(text));
  } catch {
    return { ok: false, body: { error: "Request body is not valid JSON" } };
  }
  if (!isJsonObject(body)) return { ok: false, body: { error: "The body must be a JSON object" } };

  const parsed = envelope.safeParse(body);
  if (!parsed.success) return { ok: false, body: fieldErrors(parsed.error) };
  const { type, timestamp } = parsed.data;
  if (!(source.events as readonly string[]).includes(type)) {
    return { ok: false, body: refused({ type: `must be one of ${source.events.join(", ")}` }) };
  }
  const id = sender.way === "signed" ? sender.id : parsed.data.id;
  if (id === undefined) return { ok: false, body: refused({ id: "is required: the event's own id" }) };
  if (id.length > MAX_ID) {
    return { ok: false, body: refused({ "webhook-id": `must be at most ${MAX_ID} characters` }) };
  }

  // A token sender's event is as fresh as its own time; a signed one is as
  // fresh as its signature, and its time may be older (a report made late)
  // but not ahead of the clock, where it would hold back every later report.
  const at = Date.parse(timestamp);
  const off = outsideTolerance("timestamp", at, now, toleranceMs);
  if (off && (sender.way === "token" || at > now)) {
    return { ok: false, body: refused({ timestamp: off.slice("timestamp ".length) }) };
  }

  const data = EVENT_TYPES[type as EventTypeName].data.safeParse(parsed.data.data);
  if (!data.success) return { ok: false, body: fieldErrors(data.error, "data") };
  return { ok: true, event: { type: type as EventTypeName, id, occurredAt: timestamp, data: data.data } };
}
