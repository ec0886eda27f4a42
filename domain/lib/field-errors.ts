import type { z } from "zod";

/** Turns zod issues into `{ field: message }`, first message per field; issues about the whole object go under `_form`. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "_form");
    errors[field] ??= issue.message;
  }
  return errors;
}
