/**
 * "contact.opted_out": the texting platform relays a STOP reply, or the CRM
 * reports an opt-out it was told of. It is appended to the opt-out ledger as
 * staff's are (recordOptOut, server/opt-outs): an e-mail opt-out stops our
 * own marketing e-mail at once, and the opt-out goes to the CRM through its
 * outbox, unless the CRM is who reported it. It names a number or an
 * address, not an application: it is recorded whether or not any
 * application has them, and a repeated event id is one row (the webhook's
 * claim on the id, plugin.ts).
 */
import { z } from "zod";
import { applicationSchema } from "#domain/application/schema";
import { OPT_OUT_CHANNELS, OPT_OUT_NOTE_MAX, type OptOutSource } from "#domain/desk/opt-outs";
import { emailAddress } from "#domain/lib/email";
import { hasUnsafeText } from "../clean-text";
import { notifyOptOutQueued } from "../crm-delivery/opt-out-outbox";
import { optOutAuditDetails, recordOptOut } from "../opt-outs/record-opt-out";
import { eventType, isoTime, nullish } from "./inbound-event";

/** The longest keyword kept ("STOP", "UNSUBSCRIBE", "ARRET" …). */
const KEYWORD_MAX = 40;

// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's job
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

const phone = z
  .string({ error: "must be the phone number, as text" })
  .refine((value) => !CONTROL.test(value), { error: "must not hold control characters" })
  // The application form's rule: 10 to 25 characters, digits, spaces and + ( ) - .
  .pipe(applicationSchema.shape.phone)
  .refine((value) => value.replace(/\D/g, "").length >= 10, {
    error: "must be the whole number with its area code: at least 10 digits",
  });

/** The site's one rule for an address, lower-cased as the ledger keeps it. */
const email = emailAddress({ lowercase: true, messageWhenMissing: true });

const text = (max: number) =>
  z
    .string({ error: "must be text" })
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .refine((value) => !hasUnsafeText(value), { error: "must not hold control characters" });

const optOutData = z
  .object(
    {
      channel: z.enum(OPT_OUT_CHANNELS, { error: `must be one of ${OPT_OUT_CHANNELS.join(", ")}` }),
      phone: nullish(phone),
      email: nullish(email),
      receivedAt: nullish(isoTime),
      keyword: nullish(text(KEYWORD_MAX)),
      note: nullish(text(OPT_OUT_NOTE_MAX)),
    },
    { error: "must be an object" },
  )
  .superRefine((data, context) => {
    const problem = (path: string, message: string) =>
      context.addIssue({ code: "custom", path: [path], message });
    if (data.channel === "sms") {
      if (data.phone === undefined) problem("phone", "is required for the channel sms");
      if (data.email !== undefined) problem("email", "goes only with the channel email");
    } else {
      if (data.email === undefined) problem("email", "is required for the channel email");
      if (data.phone !== undefined) problem("phone", "goes only with the channel sms");
    }
  });

/** How an opt-out from each sender reached us, in the ledger's words. */
const RECEIVED_VIA: Record<string, OptOutSource> = { sms: "sms-reply", crm: "crm" };

/** The keyword and the note as one note for the ledger: `Replied "STOP"`, then the sender's note. */
function noteOf(keyword: string | undefined, note: string | undefined): string | null {
  const parts = [keyword ? `Replied "${keyword}"` : "", note ?? ""].filter(Boolean);
  return parts.length === 0 ? null : parts.join(": ").slice(0, OPT_OUT_NOTE_MAX);
}

export const contactOptedOut = eventType({
  data: optOutData,
  async handle(tx, { source, id: eventId, occurredAt, data }, { optOuts }) {
    const recorded = await recordOptOut(tx, optOuts, {
      channel: data.channel,
      phone: data.phone ?? null,
      email: data.email ?? null,
      receivedVia: RECEIVED_VIA[source] ?? "crm",
      note: noteOf(data.keyword, data.note),
      recordedBy: null,
      // Received when the sender says, else when the event happened; never ahead of now (the ledger's default).
      receivedAt: new Date(Math.min(Date.parse(data.receivedAt ?? occurredAt), Date.now())).toISOString(),
    });
    return {
      applicationId: null,
      outcome: "recorded",
      audit: {
        action: "consent.opt-out-recorded",
        details: { source, eventId, ...optOutAuditDetails(recorded) },
      },
      afterCommit: recorded.queued ? notifyOptOutQueued : undefined,
    };
  },
});
