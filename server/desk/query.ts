/**
 * A desk route's query string, validated: every parameter checked, unknown
 * ones refused, a bad one named in a 400 ({error, errors}), never a 500.
 * The inbox, the audit log, the consent and opt-out look-ups and the exports use it.
 */
import { z } from "zod";

export interface BadQuery {
  error: string;
  errors: Record<string, string>;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: BadQuery };

// A form that leaves a field empty sends `?q=`: empty means "not given".
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/** The store's text cannot hold a NUL character: such input is a 400, not a 500. */
export const NO_NUL = [
  (value: string) => !value.includes("\0"),
  { error: "must not contain a NUL character" },
] as const;

export const text = (max: number) =>
  z
    .string({ error: "must be given once, as text" })
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .refine(...NO_NUL);

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

/** Validates a query string against `shape`; unknown parameters are errors too. */
export function parseQuery<S extends z.ZodRawShape>(
  shape: S,
  query: unknown,
  refine?: (value: z.infer<z.ZodObject<S>>) => Record<string, string> | undefined,
): Parsed<z.infer<z.ZodObject<S>>> {
  const input = (query ?? {}) as Record<string, unknown>;
  const errors: Record<string, string> = {};
  for (const key of Object.keys(input)) {
    if (!(key in shape)) errors[key] = "is not a parameter here";
  }
  const parsed = z.object(shape).safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "query")] ??= issue.message;
  }
  if (parsed.success) Object.assign(errors, refine?.(parsed.data));
  if (Object.keys(errors).length > 0 || !parsed.success) {
    const [field, message] = Object.entries(errors)[0] ?? ["query", "is not valid"];
    return { ok: false, error: { error: `${field} ${message}`, errors } };
  }
  return { ok: true, value: parsed.data };
}

export const datesInOrder = (value: { from?: string; to?: string }) =>
  value.from && value.to && value.from > value.to ? { to: "must not be before from" } : undefined;
