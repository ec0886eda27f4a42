/**
 * A desk route's query string as the schema its route declares
 * (`schema: { querystring: deskQuery(shape) }`, plugins/input-schemas.ts):
 * every parameter checked, unknown ones refused, a bad one named in a 400
 * (`{"error": "<name> <message>", "errors": {<name>: <message>}}`), never a 500.
 * The inbox, the audit log, the consent and opt-out look-ups, the legal holds,
 * the privacy queue, the work metrics and the exports use it.
 */
import { z } from "zod";
import { NO_NUL, optional, text } from "#domain/desk/inputs";

export { NO_NUL, optional, text };

/**
 * The query string's schema: `shape`'s parameters and no others. `refine`
 * judges the parameters together ({name: message}) once each one is right.
 */
export function deskQuery<S extends z.ZodRawShape>(
  shape: S,
  refine?: (value: z.output<z.ZodObject<S>>) => Record<string, string> | undefined,
) {
  return z.strictObject(shape).superRefine(
    (value, ctx) => {
      for (const [field, message] of Object.entries(refine?.(value) ?? {})) {
        ctx.addIssue({ code: "custom", path: [field], message });
      }
    },
    // As each parameter alone: only once every one is right (an unknown one aside).
    { when: (payload) => payload.issues.every((issue) => issue.code === "unrecognized_keys") },
  );
}

/**
 * A phone number (however it is written: matched by its last ten digits, at
 * least 7 given) and/or an e-mail address (any case): the consent lookup's
 * and the opt-out ledger's parameters.
 */
export const CONTACT_LOOKUP = {
  phone: z
    .string({ error: "must be given once" })
    .trim()
    .max(40, { error: "must be at most 40 characters" })
    .refine((value) => value.replace(/\D/g, "").length >= 7, { error: "must have at least 7 digits" })
    .refine(...NO_NUL)
    .optional(),
  email: z
    .string({ error: "must be given once" })
    .trim()
    .min(3, { error: "must be an e-mail address" })
    .max(254, { error: "must be at most 254 characters" })
    .refine((value) => value.includes("@"), { error: "must be an e-mail address" })
    .refine(...NO_NUL)
    .optional(),
};

export const datesInOrder = (value: { from?: string; to?: string }) =>
  value.from && value.to && value.from > value.to ? { to: "must not be before from" } : undefined;
