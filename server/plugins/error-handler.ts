import type { FastifyError } from "fastify";
import fp from "fastify-plugin";
import { StoreBusyError } from "../store/store";
import { badRequest, invalidInputOf, rememberInvalidInput } from "./input-schemas";

/** The answer to a request the database had no connection for in time (503, Retry-After). */
export const BUSY_MESSAGE = "We're busy for a moment. Please try again in a few seconds.";
export const BUSY_RETRY_AFTER_S = 2;

// Short, stable messages for the framework's own client errors.
export const MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: "Request body is too large",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Content-Type must be application/json",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "Content-Length does not match the body",
  FST_ERR_CTP_EMPTY_JSON_BODY: "Request body is empty",
  FST_ERR_CTP_INVALID_JSON_BODY: "Request body is not valid JSON",
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * One error handler: 4xx answers carry a short message, a database with no
 * free connection in time is a 503 with Retry-After (StoreBusyError), anything
 * else is a 500 with no detail (the log has it). Unknown /api paths answer JSON; every
 * other unknown path gets the site's 404 page. Every JSON 4xx has the one
 * shape `{"error": "...", "errors"?: {field: message}}`: a route that answers
 * field errors alone gets its first field's message as the `error` here, and
 * input that fails its route's schema is answered in it too, worded by
 * input-schemas.ts (the schema's messages, the route's `config.invalidInput`).
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const status =
        error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
      if (error instanceof StoreBusyError) {
        request.log.warn({ method: request.method, url: request.url }, error.message);
        return reply
          .code(503)
          .header("retry-after", String(BUSY_RETRY_AFTER_S))
          .send({ error: BUSY_MESSAGE });
      }
      if (status >= 500) {
        request.log.error({ err: error, method: request.method, url: request.url }, "request failed");
        return reply.code(500).send({ error: "Internal Server Error" });
      }
      const invalid = invalidInputOf(error);
      if (invalid) {
        rememberInvalidInput(request, invalid);
        const answer = badRequest(invalid, request.routeOptions.config.invalidInput);
        request.log.info({ code: error.code, status: answer.status, url: request.url }, answer.body.error);
        return reply.code(answer.status).send(answer.body);
      }
      request.log.info({ code: error.code, status, url: request.url }, error.message);
      const message =
        MESSAGES[error.code] ??
        (error instanceof SyntaxError ? MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY : error.message.slice(0, 200));
      return reply.code(status).send({ error: message });
    });

    app.addHook("preSerialization", async (_request, reply, payload) => {
      if (reply.statusCode < 400 || reply.statusCode >= 500) return payload;
      if (!isRecord(payload) || typeof payload.error === "string" || !isRecord(payload.errors))
        return payload;
      const first = Object.values(payload.errors).find((message) => typeof message === "string");
      return { error: first ?? "Some fields are not valid", ...payload };
    });

    app.setNotFoundHandler((request, reply) => {
      if (
        request.url === "/api" ||
        request.url.startsWith("/api/") ||
        typeof reply.sendNotFoundPage !== "function"
      ) {
        return reply.code(404).send({ error: "Not Found" });
      }
      return reply.sendNotFoundPage();
    });
  },
  { name: "error-handler" },
);
