/**
 * POST /api/desk/opt-outs's body (OptOutInput), validated: each field's
 * problem in words staff can act on. An optional field left empty or null
 * counts as not given. `receivedAt` without an offset is a wall-clock time in
 * the provider's zone (what the desk's form sends). The body parser has
 * already dropped control characters other than tab and line breaks
 * (clean-text.ts); a phone number holds none of those either.
 */
import { z } from "zod";
import { applicationSchema } from "#domain/application/schema";
import { emailAddress } from "#domain/lib/email";
import {
  OPT_OUT_CHANNELS,
  OPT_OUT_NOTE_MAX,
  STAFF_OPT_OUT_SOURCES,
  type OptOutChannel,
  type StaffOptOutSource,
} from "#domain/desk/opt-outs";
import { hasUnsafeText } from "../../clean-text";
import { instantIn } from "../zoned-day";

/** A time a little ahead of the server's clock is the sender's clock, not the future. */
const CLOCK_SKEW_MS = 5 * 60_000;

// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's job
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

/** An optional field: left out, null or empty is not given. */
const optional = <T extends z.ZodType>(field: T) =>
  z.preprocess((value) => (value === "" || value === null ? undefined : value), field.optional());

const RECEIVED_AT =
  "Give the date and time it was received, e.g. 2026-11-24T10:30 (the desk's time zone) or 2026-11-24T15:30:00Z";

const phone = z
  .string({ error: "Enter the phone number as text" })
  .refine((value) => !CONTROL.test(value), { error: "Remove the tabs and line breaks from the phone number" })
  // The application form's rule: 10 to 25 characters, digits, spaces and + ( ) - .
  .pipe(applicationSchema.shape.phone)
  .refine((value) => value.replace(/\D/g, "").length >= 10, {
    error: "Enter the whole number with its area code: at least 10 digits",
  });

const schema = (timeZone: string) =>
  z
    .strictObject(
      {
        channel: z.enum(OPT_OUT_CHANNELS, { error: "Choose what they opted out of: sms or email" }),
        phone: optional(phone),
        email: optional(emailAddress({ lowercase: true, messageWhenMissing: true })),
        receivedVia: z.enum(STAFF_OPT_OUT_SOURCES, {
          error: "Choose how it was received: phone or email",
        }),
        receivedAt: optional(
          z.iso
            .datetime({ offset: true, local: true, error: RECEIVED_AT })
            .transform((value) => instantIn(value, timeZone))
            .refine((value) => Date.parse(value) <= Date.now() + CLOCK_SKEW_MS, {
              error: "The time it was received must not be in the future",
            }),
        ),
        note: optional(
          z
            .string({ error: "Write the note as text" })
            .trim()
            .max(OPT_OUT_NOTE_MAX, {
              error: `Keep the note to ${OPT_OUT_NOTE_MAX.toLocaleString("en-US")} characters`,
            })
            .refine((text) => !hasUnsafeText(text), { error: "Remove the control characters from the note" }),
        ),
      },
      { error: "Send a JSON object" },
    )
    .superRefine((body, ctx) => {
      const problem = (path: "phone" | "email", message: string) =>
        ctx.addIssue({ code: "custom", path: [path], message });
      if (body.channel === "sms") {
        if (!body.phone) problem("phone", "Enter the phone number that must get no more text messages");
        if (body.email)
          problem("email", "An SMS opt-out is for a phone number: leave the e-mail address out");
      } else {
        if (!body.email) problem("email", "Enter the e-mail address that must get no more e-mail");
        if (body.phone) problem("phone", "An e-mail opt-out is for an address: leave the phone number out");
      }
    });

/** The body as the ledger takes it: one of phone or email, as the channel says. */
export interface CheckedOptOut {
  channel: OptOutChannel;
  phone: string | null;
  email: string | null;
  receivedVia: StaffOptOutSource;
  receivedAt: string | null;
  note: string | null;
}

/** The body's schema; a `receivedAt` without an offset is read in `timeZone` (DESK_TIME_ZONE). */
export const optOutBody = (timeZone: string): z.ZodType<CheckedOptOut> =>
  schema(timeZone).transform((body) => ({
    channel: body.channel,
    phone: body.phone ?? null,
    email: body.email ?? null,
    receivedVia: body.receivedVia,
    receivedAt: body.receivedAt ?? null,
    note: body.note || null,
  }));
