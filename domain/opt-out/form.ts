/**
 * The site's public opt-out form (/opt-out): where it posts, where it leads,
 * its fields and the one rule for them, shared by the prerendered page and
 * the server that records it (server/opt-outs/opt-out-form-routes.ts).
 */
import { z } from "zod";
import { applicationSchema } from "../application/schema";
import { emailAddress } from "../lib/email";

export const OPT_OUT_PAGE_PATH = "/opt-out";
/** The page every accepted request leads to, known number or not. */
export const OPT_OUT_RECEIVED_PATH = "/opt-out/received";
/** A plain form POST (application/x-www-form-urlencoded), no JavaScript needed. */
export const OPT_OUT_FORM_ACTION = "/api/opt-out";

export const OPT_OUT_FIELDS = { phone: "phone", email: "email" } as const;

export const OPT_OUT_MESSAGES = {
  nothing:
    "Enter the mobile number that should get no more texts, the e-mail address that should get no more marketing e-mail, or both.",
  phone: "Enter the whole mobile number with its area code, such as (555) 123-4567.",
} as const;

// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's job
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

/** Left empty is not given. */
const optional = <T extends z.ZodType>(field: T) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    field.optional(),
  );

const phone = z
  .string({ error: OPT_OUT_MESSAGES.phone })
  .refine((value) => !CONTROL.test(value), { error: OPT_OUT_MESSAGES.phone })
  // The application form's rule: 10 to 25 characters, digits, spaces and + ( ) - .
  .pipe(applicationSchema.shape.phone)
  .refine((value) => value.replace(/\D/g, "").length >= 10, { error: OPT_OUT_MESSAGES.phone });

export const optOutFormSchema = z
  .object({
    phone: optional(phone),
    email: optional(emailAddress({ lowercase: true, messageWhenMissing: true })),
  })
  .refine((form) => form.phone !== undefined || form.email !== undefined, {
    error: OPT_OUT_MESSAGES.nothing,
    path: ["form"],
  });

export type OptOutForm = z.output<typeof optOutFormSchema>;
