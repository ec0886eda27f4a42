import type { FastifyReply, FastifyRequest, RouteShorthandOptions } from "fastify";
import fp from "fastify-plugin";
import { cleanJson } from "../clean-text";

/** Sixteen short fields fit in a few KB; 16 KiB is generous. */
export const BODY_LIMIT = 16 * 1024;

/**
 * JSON only: a form post (urlencoded, multipart, text/plain) is a "simple"
 * cross-site request; requiring application/json forces a CORS preflight.
 */
export async function requireJson(request: FastifyRequest, reply: FastifyReply) {
  const type = request.headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") {
    return reply.code(415).send({ error: "Content-Type must be application/json" });
  }
}

/** Options shared by the public POST endpoints: JSON only, small bodies, rate-limited. */
export const jsonPostOptions = {
  bodyLimit: BODY_LIMIT,
  onRequest: requireJson,
  config: { rateLimit: {} },
} satisfies RouteShorthandOptions;

/**
 * preValidation for the public JSON endpoints: a body that is JSON but not an
 * object (null, an array, a string …) is a 400 before its schema reads it.
 */
export async function requireJsonObject(request: FastifyRequest, reply: FastifyReply) {
  if (!isJsonObject(request.body)) {
    return reply.code(400).send({ error: "Request body must be a JSON object" });
  }
}

/** Is the parsed body a JSON object (not null, an array, a string …)? */
export function isJsonObject(body: unknown): body is Record<string, unknown> {
  return typeof body === "object" && body !== null && !Array.isArray(body);
}

export default fp(
  async (app) => {
    // Fastify parses text/plain by default; nothing here accepts it.
    app.removeContentTypeParser("text/plain");
    // Every route's parsed body, before validation: control characters dropped,
    // lone surrogates replaced (clean-text.ts). A field left empty then fails
    // its own "required" or length rule, with its own message.
    app.addHook("preValidation", async (request) => {
      request.body = cleanJson(request.body);
    });
  },
  { name: "json-body" },
);
