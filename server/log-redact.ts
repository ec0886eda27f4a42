/**
 * What the request log must not hold: the bearer tokens some links carry. A
 * request line's `url` (and any `url` a route logs, and a message such as
 * "Route GET:/… not found") keeps its path and parameters, with the token's
 * value replaced by `[redacted]`:
 * - any query parameter whose name contains "token" (the privacy requests'
 *   verification and access-package links, the newsletter's confirm and
 *   unsubscribe links);
 * - the invitation token in the desk's invitation paths (`/desk/invite/<token>`,
 *   `/api/desk/invitations/<token>[/accept]`).
 * The start-up `setupUrl` line is meant for the operator and is left whole.
 */
import type { FastifyRequest } from "fastify";
import type { LoggerOptions } from "pino";

export const REDACTED = "[redacted]";

const TOKEN_PARAM = /([?&][^=&#\s"]*token[^=&#\s"]*=)[^&#\s"]+/gi;
const TOKEN_PATH = /(\/desk\/invite\/|\/api\/desk\/invitations\/)[^/?#\s"]+/g;

/** `text` with every token in a URL inside it replaced by `[redacted]`. */
export function redactTokens(text: string): string {
  return text.replace(TOKEN_PARAM, `$1${REDACTED}`).replace(TOKEN_PATH, `$1${REDACTED}`);
}

/** Fastify's own request serializer, the URL redacted. */
function request(req: FastifyRequest) {
  const version = req.headers?.["accept-version"];
  return {
    method: req.method,
    url: typeof req.url === "string" ? redactTokens(req.url) : req.url,
    version: typeof version === "string" ? version : undefined,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** The logger options that keep tokens out of every line (server/app.ts's loggerOptions). */
export const tokenRedaction = {
  serializers: {
    req: request,
    url: (url: unknown) => (typeof url === "string" ? redactTokens(url) : url),
  },
  hooks: {
    logMethod(args, method) {
      const redacted = args.map((arg) => (typeof arg === "string" ? redactTokens(arg) : arg));
      return method.apply(this, redacted as Parameters<typeof method>);
    },
  },
} satisfies Pick<LoggerOptions, "serializers" | "hooks">;
