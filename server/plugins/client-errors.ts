/**
 * Requests that fail before Fastify routes them, answered in the one error
 * shape (`{"error": "..."}`) with the security headers, like every other 4xx:
 * - `frameworkErrors`: a URL that is not UTF-8 (FST_ERR_BAD_URL), a path
 *   segment over the router's limit;
 * - `clientErrorHandler`: what Node's HTTP parser refuses (a Content-Length
 *   that is not a number, given twice or not what the body holds, a header
 *   that is not HTTP, headers too large, a request too slow). Fastify's own
 *   handler would write `{"error","message","statusCode"}`.
 * Both are Fastify constructor options (server/app.ts).
 */
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config";
import { MESSAGES } from "./error-handler";
import { baseSecurityHeaders } from "./security-headers";

type ClientError = Error & { code?: string };

/** Status and message for an error of Node's HTTP parser (llhttp's HPE_* codes). */
export function parserRefusal(error: ClientError): { status: number; message: string } {
  switch (error.code) {
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return { status: 408, message: "The request took too long" };
    case "HPE_HEADER_OVERFLOW":
      return { status: 431, message: "Request headers are too large" };
    case "HPE_INVALID_CONTENT_LENGTH":
    case "HPE_UNEXPECTED_CONTENT_LENGTH":
      return { status: 400, message: "Content-Length is not valid" };
    case "HPE_INVALID_EOF_STATE":
      // The connection ended before the body had the bytes its Content-Length promised.
      return { status: 400, message: MESSAGES.FST_ERR_CTP_INVALID_CONTENT_LENGTH };
    default:
      return { status: 400, message: "Malformed request" };
  }
}

/** Fastify's `clientErrorHandler`: one raw HTTP answer in our shape, then the connection closes. */
export function clientErrorHandler(config: Pick<Config, "bookingUrl">) {
  const headers = Object.entries(baseSecurityHeaders(config))
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  return function (this: FastifyInstance, error: ClientError, socket: Socket) {
    // A reset or already closed connection has no one to answer.
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    const { status, message } = parserRefusal(error);
    this.log.info({ code: error.code, status }, `client error: ${message}`);
    if (socket.writable) {
      const body = JSON.stringify({ error: message });
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
          `content-type: application/json; charset=utf-8\r\n` +
          `content-length: ${Buffer.byteLength(body)}\r\n` +
          `cache-control: no-store\r\n${headers}connection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy();
  };
}

/** Fastify's `frameworkErrors`: malformed URLs and over-long path segments, before routing (and its hooks). */
export function frameworkErrors(config: Pick<Config, "bookingUrl">) {
  const headers = baseSecurityHeaders(config);
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    const tooLong = error.code === "FST_ERR_MAX_PARAM_LENGTH";
    reply
      .code(tooLong ? 414 : 400)
      .headers(headers)
      .send({
        error: tooLong
          ? "URL is too long"
          : error.code === "FST_ERR_BAD_URL"
            ? "Malformed URL"
            : "Bad Request",
      });
  };
}
