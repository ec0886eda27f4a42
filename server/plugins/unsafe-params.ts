/**
 * Query strings and path parameters nobody types: control characters (a NUL
 * among them, which PostgreSQL `text` refuses: the query fails and the request
 * was a 500), lone surrogates, and percent-encodings that are not UTF-8 (the
 * query parser keeps those as raw `%C0` text). `refuseUnsafeParams` answers
 * such a request 400 naming the parameter, before any route reads it.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { hasUnsafeText } from "../clean-text";

export interface UnsafeParam {
  name: string;
  message: string;
}

const CONTROL_MESSAGE = "must not contain control characters";
const ENCODING_MESSAGE = "is not valid percent-encoded UTF-8 text";

/**
 * Control characters or lone surrogates. Tab and line breaks pass: a search
 * pasted from a spreadsheet cell carries them, the store takes them, and the
 * routes' own checks trim them or refuse the value.
 */
const isUnsafe = (value: string) => hasUnsafeText(value);

/** A query string's name or value as the query parser reads it; null when it is not UTF-8. */
function decoded(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replaceAll("+", " "));
  } catch {
    return null;
  }
}

const BAD_NAME = (why: string) => ({ name: "query", message: `has a parameter name that ${why}` });

/** The first parameter of this request's query string or path that no route should see, if any. */
export function findUnsafeParam(request: FastifyRequest): UnsafeParam | null {
  const url = request.raw.url ?? "";
  const search = url.includes("?") ? url.slice(url.indexOf("?") + 1) : "";
  for (const pair of search.split("&")) {
    const at = pair.indexOf("=");
    const name = decoded(at === -1 ? pair : pair.slice(0, at));
    if (name === null) return BAD_NAME(ENCODING_MESSAGE);
    if (isUnsafe(name)) return BAD_NAME(CONTROL_MESSAGE);
    if (at !== -1 && decoded(pair.slice(at + 1)) === null) {
      return { name: name.slice(0, 100), message: ENCODING_MESSAGE };
    }
  }
  // The path's own wildcard (an unknown path) is left to the not-found answer.
  const { "*": _rest, ...params } = (request.params ?? {}) as Record<string, unknown>;
  for (const source of [(request.query ?? {}) as Record<string, unknown>, params]) {
    for (const [name, value] of Object.entries(source)) {
      if (isUnsafe(name)) return BAD_NAME(CONTROL_MESSAGE);
      const values = Array.isArray(value) ? value : [value];
      if (values.some((item) => typeof item === "string" && isUnsafe(item))) {
        return { name: name.slice(0, 100), message: CONTROL_MESSAGE };
      }
    }
  }
  return null;
}

/** onRequest hook: 400 `{"error": "<name> <message>", "errors": {<name>: <message>}}` for an unsafe parameter. */
export async function refuseUnsafeParams(request: FastifyRequest, reply: FastifyReply) {
  const found = findUnsafeParam(request);
  if (found) {
    return reply
      .code(400)
      .send({ error: `${found.name} ${found.message}`, errors: { [found.name]: found.message } });
  }
}
