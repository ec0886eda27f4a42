/**
 * One's own account (any signed-in staff member; shapes: #domain/desk/contract):
 *   POST /api/desk/account/password      {currentPassword, newPassword} -> 200 {} + new session cookie
 *   POST /api/desk/account/backup-codes  {password} -> 200 BackupCodes (ten new ones; the old stop working)
 * Both need the current password: a wrong one is counted like a sign-in
 * failure (server/staff/sign-in-throttle.ts, per account and address) and
 * audited. A new password meets the same rule as at enrolment
 * (server/staff/passwords.ts). Changing it ends every other session of the
 * account.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { BackupCodes } from "#domain/desk/contract";
import { PASSWORD_MAX } from "#domain/desk/passwords";
import { auditRecord } from "../audit/audit-request";
import { setCookie } from "../auth/cookies";
import { requireRole } from "../auth/guard";
import { cookieFromResponse, libraryErrorCode, libraryHeaders } from "../auth/library";
import { passwordProblem } from "../../staff/passwords";
import { tooManyAttempts, type Desk } from "../auth/route-helpers";
import { accountKey, addressKey } from "../../staff/sign-in-throttle";
import { fieldsBody } from "../body";

const WRONG_PASSWORD = "That is not your current password.";
// Longer than any password can be: wrong without asking the library (which would throw).
const password = z
  .string({ error: "Enter your current password." })
  .min(1, "Enter your current password.")
  .max(PASSWORD_MAX, WRONG_PASSWORD);
const changeSchema = fieldsBody(
  z.object({
    currentPassword: password,
    newPassword: z.string({ error: "Choose a new password." }),
  }),
);
const codesSchema = fieldsBody(z.object({ password }));

const accountRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const desk: Desk = app.desk;
  const staffOnly = { preValidation: requireRole("staff") };

  /**
   * Runs `verify` with the current password counted against the account and
   * the address first; a wrong one answers 400 on `field`, too many 429.
   */
  async function withCurrentPassword<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    field: string,
    failedAction: "password.change-failed" | "backup-codes.regenerate-failed",
    verify: () => Promise<T>,
  ): Promise<T | null> {
    const staff = request.staff!;
    const keys = [accountKey(staff.email), addressKey(request.ip)];
    const wait = await desk.throttle.consume(keys);
    if (wait > 0) {
      await desk.audit.record(auditRecord(request, failedAction, staff.userId, { reason: "throttled" }));
      await tooManyAttempts(reply, wait);
      return null;
    }
    try {
      const result = await verify();
      await desk.throttle.refund(keys);
      return result;
    } catch (error) {
      if (libraryErrorCode(error) !== "INVALID_PASSWORD") throw error;
      await desk.throttle.failed(keys);
      await desk.audit.record(auditRecord(request, failedAction, staff.userId, { reason: "password" }));
      await reply.code(400).send({ errors: { [field]: WRONG_PASSWORD } });
      return null;
    }
  }

  const withBody = <T extends z.ZodType>(body: T) => ({ ...staffOnly, schema: { body } });

  app.post("/api/desk/account/password", withBody(changeSchema), async (request, reply) => {
    const staff = request.staff!;
    const { currentPassword, newPassword } = request.body;
    const problem =
      newPassword === currentPassword
        ? "Choose a password different from your current one."
        : passwordProblem(newPassword, { email: staff.email, name: staff.name });
    if (problem) return reply.code(400).send({ errors: { newPassword: problem } });

    const lib = await desk.library();
    const session = (await desk.sessions.resolve(request))!;
    const changed = await withCurrentPassword(
      request,
      reply,
      "currentPassword",
      "password.change-failed",
      () =>
        lib.auth.api.changePassword({
          body: { currentPassword, newPassword, revokeOtherSessions: true },
          headers: libraryHeaders(lib, request, { session: session.cookie }),
          returnHeaders: true,
        }),
    );
    if (!changed) return reply;
    // Every session of the account was ended, this one included; the library opened a new one.
    await desk.sessions.announceEnded(staff.userId);
    const fresh = cookieFromResponse(changed.headers, lib.names.session);
    if (!fresh) throw new Error("The authentication library opened no session");
    setCookie(request, reply, "session", fresh, desk.config.desk.sessionMaxMs / 1000);
    await desk.audit.record(
      auditRecord(request, "password.changed", staff.userId, { otherSessionsEnded: true }),
    );
    return {};
  });

  app.post("/api/desk/account/backup-codes", withBody(codesSchema), async (request, reply) => {
    const staff = request.staff!;
    const lib = await desk.library();
    const session = (await desk.sessions.resolve(request))!;
    const made = await withCurrentPassword(request, reply, "password", "backup-codes.regenerate-failed", () =>
      lib.auth.api.generateBackupCodes({
        body: { password: request.body.password },
        headers: libraryHeaders(lib, request, { session: session.cookie }),
      }),
    );
    if (!made) return reply;
    await desk.audit.record(auditRecord(request, "backup-codes.regenerated", staff.userId));
    return { backupCodes: made.backupCodes } satisfies BackupCodes;
  });
};

export default accountRoutes;
