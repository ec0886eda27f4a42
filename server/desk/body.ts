/**
 * A desk route's JSON body, read with its zod schema: every field's first
 * problem by name (an unknown field named as such), the first message as
 * `error`, in a 400; never a 500. The work routes and the opt-out ledger use it.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";

/** The body as `schema` reads it, or undefined after answering 400 with each field's message. */
export function bodyOf<T>(schema: z.ZodType<T>, request: FastifyRequest, reply: FastifyReply): T | undefined {
  const parsed = schema.safeParse(request.body ?? {});
  if (parsed.success) return parsed.data;
  const errors: Record<string, string> = {};
  let error: string | undefined;
  for (const issue of parsed.error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) errors[key] ??= `“${key}” is not a field of this request`;
    } else if (issue.path.length > 0) {
      errors[String(issue.path[0])] ??= issue.message;
    } else {
      error ??= issue.message;
    }
  }
  reply.code(400).send({ error: error ?? Object.values(errors)[0] ?? "The request was not valid", errors });
  return undefined;
}
