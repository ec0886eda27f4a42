/**
 * The application's fields and validation rules as staff read them: the
 * form's own labels (app/features/application/copy.ts, the one definition)
 * instead of schema names, and zod's rule codes in words.
 */
import { fieldCopy } from "#domain/application/copy";
import type { AnswerField } from "#domain/application/steps";

/** "annualRevenue" -> "Annual Revenue", as the form labels it; a name the form does not have stays as it is. */
export function formFieldLabel(field: string): string {
  if (field === "smsConsent") return "SMS consent";
  return Object.hasOwn(fieldCopy, field) ? fieldCopy[field as AnswerField].label : field;
}

const RULES: Record<string, string> = {
  invalid_type: "Missing or not text",
  too_small: "Missing or too short",
  too_big: "Too long or too large",
  invalid_format: "Not in the right format",
  invalid_value: "Not one of the choices",
  not_multiple_of: "Not a whole amount",
  unrecognized_keys: "Unexpected field",
  custom: "Failed the form's check",
};

/** A zod issue code in words ("too_small" -> "Missing or too short"); an unknown one stays as it is. */
export const ruleLabel = (code: string) => RULES[code] ?? code;
