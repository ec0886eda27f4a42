/**
 * Every route's input is a zod schema declared on the route itself
 * (`schema: { body, querystring, params }`), checked before its handler by
 * fastify-type-provider-zod's validator: the handler gets the parsed value,
 * typed (`app.withTypeProvider<ZodTypeProvider>()`), and parses nothing
 * itself. A request that fails its schema is answered by the one error
 * handler (error-handler.ts) in the one 4xx shape, `{"error", "errors"?}`,
 * worded here (`badRequest`):
 *
 * - a body: each field's first problem under its name (an unknown field:
 *   "“name” is not a field of this request"); `error` is a problem with the
 *   body as a whole (not an object), else the first field's message;
 * - a query string: each parameter's first problem under its name, unknown
 *   parameters first ("is not a parameter here"), one about the query as a
 *   whole under `query`; `error` is "<name> <message>" (the messages are
 *   predicates: "must be at most 200 characters");
 * - path parameters: 404 `{"error": "Not Found"}`: a path that names nothing.
 *
 * A route that words its problems otherwise says how in `config.invalidInput`
 * (InvalidInputWording): one fixed answer, its first message alone, a field
 * for problems with the whole body, whole paths as names, its own headline.
 * Whatever the wording, the messages are the schema's own.
 */
import type { FastifyError, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors, validatorCompiler } from "fastify-type-provider-zod";

/** How a route words a request that fails its schema (see the module's comment for the default). */
export interface InvalidInputWording {
  /** One answer whatever the problem: `{"error": error}`. */
  error?: string;
  /** `{"error"}` alone: the first problem's message, naming no field. */
  messageOnly?: boolean;
  /** Problems with the body as a whole (not an object, unknown fields) go under this field, with their own message. */
  rootField?: string;
  /** Names each problem by its whole path ("items.2.maxAmount"), not its first part ("items"). */
  fullPath?: boolean;
  /** The headline (`error`) from the first named problem (by default its message). */
  headline?: (field: string, message: string) => string;
  /** The 404's message for path parameters that name nothing. */
  notFound?: string;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** How this route words input that fails its schema (server/plugins/input-schemas.ts). */
    invalidInput?: InvalidInputWording;
  }
}

/** One problem the schema found: where (the path within the part), zod's issue code, its message. */
export interface InputProblem {
  path: string[];
  code: string;
  message: string;
  /** For unrecognized_keys: the unknown names. */
  keys: string[];
}

/** Which part of the request failed (fastify's validationContext). */
export type InputPart = "body" | "querystring" | "params" | "headers";

export interface InvalidInput {
  part: InputPart;
  problems: InputProblem[];
}

/** The request's input problems, when `error` is its schema's refusal. */
export function invalidInputOf(error: unknown): InvalidInput | undefined {
  if (!hasZodFastifySchemaValidationErrors(error)) return undefined;
  const part = ((error as FastifyError).validationContext ?? "body") as InputPart;
  const problems = error.validation.map((item): InputProblem => {
    const keys = (item.params as { keys?: unknown }).keys;
    return {
      path: item.instancePath === "/" ? [] : item.instancePath.slice(1).split("/"),
      code: item.keyword,
      message: item.message ?? "is not valid",
      keys: Array.isArray(keys) ? keys.map(String) : [],
    };
  });
  return { part, problems };
}

const refused = new WeakMap<FastifyRequest, InvalidInput>();

/** Remembers why the request's input was refused, for what watches its outcome (analytics/outcomes.ts). */
export function rememberInvalidInput(request: FastifyRequest, invalid: InvalidInput) {
  refused.set(request, invalid);
}

/** Why the request's input was refused by its schema, if it was. */
export function invalidInputOfRequest(request: FastifyRequest): InvalidInput | undefined {
  return refused.get(request);
}

const UNKNOWN_PARAMETER = "is not a parameter here";
const unknownField = (key: string) => `“${key}” is not a field of this request`;

export interface BadRequest {
  status: 400 | 404;
  body: { error: string; errors?: Record<string, string> };
}

/** The answer to input that failed its schema, in the one 4xx shape. */
export function badRequest({ part, problems }: InvalidInput, wording: InvalidInputWording = {}): BadRequest {
  if (part === "params") return { status: 404, body: { error: wording.notFound ?? "Not Found" } };
  if (wording.error !== undefined) return { status: 400, body: { error: wording.error } };
  if (wording.messageOnly) {
    return { status: 400, body: { error: problems[0]?.message ?? "The request was not valid" } };
  }

  const query = part !== "body";
  // A query's unknown parameters are named first.
  const ordered = query
    ? [
        ...problems.filter((problem) => problem.code === "unrecognized_keys"),
        ...problems.filter((problem) => problem.code !== "unrecognized_keys"),
      ]
    : problems;
  const errors: Record<string, string> = {};
  let whole: string | undefined;
  for (const problem of ordered) {
    if (problem.path.length > 0) {
      errors[wording.fullPath ? problem.path.join(".") : problem.path[0]] ??= problem.message;
    } else if (wording.rootField !== undefined) {
      errors[wording.rootField] ??= problem.message;
    } else if (problem.code === "unrecognized_keys") {
      for (const key of problem.keys) errors[key] ??= query ? UNKNOWN_PARAMETER : unknownField(key);
    } else if (query) {
      errors.query ??= problem.message;
    } else {
      whole ??= problem.message;
    }
  }

  const first = Object.entries(errors)[0];
  const headline =
    wording.headline ?? (query ? (field: string, message: string) => `${field} ${message}` : undefined);
  const error =
    whole ??
    (first
      ? headline
        ? headline(first[0], first[1])
        : first[1]
      : query
        ? "query is not valid"
        : "The request was not valid");
  return { status: 400, body: { error, errors } };
}

/** Sets zod as the app's validator (before any route is registered). */
export default fp(
  async (app) => {
    app.setValidatorCompiler(validatorCompiler);
  },
  { name: "input-schemas" },
);
