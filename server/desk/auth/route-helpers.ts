import type { FastifyReply } from "fastify";

export type { Desk } from "./desk-context";

/** 429 with the seconds to wait. */
export function tooManyAttempts(reply: FastifyReply, waitMs: number) {
  return reply
    .code(429)
    .header("retry-after", String(Math.max(1, Math.ceil(waitMs / 1000))))
    .send({ error: "Too many attempts. Wait a moment and try again." });
}
