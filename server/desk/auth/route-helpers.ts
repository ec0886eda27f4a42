import type { FastifyReply } from "fastify";
import type { Store } from "../../store/store";

export type { Desk } from "./desk-context";

/**
 * True once an enabled admin account with a confirmed authenticator app exists
 * (then setup links stop working; setup.ts).
 */
export async function adminExists(store: Store): Promise<boolean> {
  const { rows } = await store.query(
    `SELECT 1 FROM desk_user WHERE role = 'admin' AND banned IS NOT TRUE AND "twoFactorEnabled" IS TRUE LIMIT 1`,
  );
  return rows.length > 0;
}

/** 429 with the seconds to wait. */
export function tooManyAttempts(reply: FastifyReply, waitMs: number) {
  return reply
    .code(429)
    .header("retry-after", String(Math.max(1, Math.ceil(waitMs / 1000))))
    .send({ error: "Too many attempts. Wait a moment and try again." });
}
