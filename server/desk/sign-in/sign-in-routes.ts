/**
 * Signing in and out (shapes: #domain/desk/contract):
 *   POST   /api/desk/sign-in         {email, password} -> 200 SignInNext + pending cookie | 401 | 429
 *   POST   /api/desk/sign-in/code    {code} | {backupCode} -> 200 SignedIn + session cookie | 401 | 429
 *   POST   /api/desk/sign-out        204, the session ended on the server
 *   GET    /api/desk/me              Me: who is signed in, and the provider's time zone
 * Every password and code attempt is counted before it is checked
 * (server/staff/sign-in-throttle.ts); every failed or refused one is written to the audit log,
 * repeats folded into one row per address, account, reason and minute with
 * their count (`times`), so a flood of guesses cannot flood the log. Each step
 * is also under the shared per-IP rate limit (DESK_SIGN_IN_RATE_LIMIT_MAX per
 * RATE_LIMIT_WINDOW, over all instances), generous enough for a whole office
 * behind one address; past it, a 429 before anything is checked or written.
 */
import { createHash } from "node:crypto";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Me, SignedIn, SignInNext } from "#domain/desk/contract";
import { createAssignmentRepository } from "../../assignment/assignment-repository";
import { createCountersRepository } from "../../store/counters-repository";
import { SIGN_IN_FAILURE_WINDOW_SECONDS } from "../../audit/audit-repository";
import { auditRecord } from "../audit/audit-request";
import type { SignInFailure } from "#domain/audit/actions";
import { PENDING_SIGN_IN_SECONDS } from "../auth/better-auth";
import { clearCookie, readCookie, setCookie } from "../auth/cookies";
import { requireRole, SIGN_IN_TO_CONTINUE } from "../auth/guard";
import { cookieFromResponse, libraryErrorCode, libraryHeaders } from "../auth/library";
import { endOtherChallenges } from "../../staff/challenge-repository";
import { accountKey, addressKey } from "../../staff/sign-in-throttle";
import { tooManyAttempts, type Desk } from "../auth/route-helpers";
import { fieldsBody } from "../body";

const WRONG_PASSWORD = { error: "Email or password is not right" };
const WRONG_CODE = { error: "That code is not right" };

const signInSchema = fieldsBody(z.object({ email: z.string().max(254), password: z.string().max(1024) }));
const codeSchema = fieldsBody(
  z.union([
    z.object({ code: z.string().trim().max(20) }),
    z.object({ backupCode: z.string().trim().max(40) }),
  ]),
);

/** A TOTP code stays valid for about 90 s; one that worked may not be used again in that time. */
const CODE_REUSE_WINDOW_MS = 120_000;

type Library = Awaited<ReturnType<Desk["library"]>>;
type Challenge = NonNullable<
  Awaited<ReturnType<Library["context"]["internalAdapter"]["findVerificationValue"]>>
>;
type ChallengeUser = NonNullable<Awaited<ReturnType<Library["context"]["internalAdapter"]["findUserById"]>>>;

const signInRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const desk: Desk = app.desk;
  const usedCodes = createCountersRepository(desk.store);
  const assignment = createAssignmentRepository(desk.store);

  // One row per address, account and reason a minute, counting the repeats.
  const failed = (
    request: FastifyRequest,
    reason: SignInFailure,
    email: string | null,
    userId: string | null,
  ) =>
    desk.audit.repeat(
      {
        ...auditRecord(request, "sign-in.failed", userId ?? undefined, { reason }),
        actorId: userId,
        actorEmail: email,
      },
      {
        windowSeconds: SIGN_IN_FAILURE_WINDOW_SECONDS,
        scope: `sign-in:${createHash("sha256")
          .update(JSON.stringify([request.ip, email]))
          .digest("base64url")}`,
      },
    );

  const rateLimit = {
    max: app.config.desk.signInRateLimitMax,
    errorResponseBuilder: (_request: FastifyRequest, context: { statusCode: number; after: string }) =>
      Object.assign(
        new Error(`Too many sign-in attempts from your network. Wait ${context.after} and try again.`),
        { statusCode: context.statusCode },
      ),
  };

  const signIn = {
    schema: { body: signInSchema },
    config: { rateLimit, invalidInput: { error: "Enter your e-mail address and password" } },
  };
  app.post("/api/desk/sign-in", signIn, async (request, reply) => {
    const credentials = request.body;
    const email = credentials.email.trim().toLowerCase();
    const account = accountKey(email);
    const address = addressKey(request.ip);
    // Counted before the password is checked, right or wrong: each password
    // step opens a code challenge, so opening challenges costs attempts too.
    const wait = await desk.throttle.consume([account, address]);
    if (wait > 0) {
      await failed(request, "throttled", email, null);
      return tooManyAttempts(reply, wait);
    }

    const lib = await desk.library();
    let result;
    try {
      result = await lib.auth.api.signInEmail({
        body: { email, password: credentials.password },
        headers: libraryHeaders(lib, request),
        returnHeaders: true,
      });
    } catch (error) {
      const code = libraryErrorCode(error);
      if (code === null) throw error;
      // A disabled account is told the same as a wrong password.
      await desk.throttle.failed([account, address]);
      await failed(request, code === "BANNED_USER" ? "disabled" : "password", email, null);
      return reply.code(401).send(WRONG_PASSWORD);
    }
    await desk.throttle.refund([address]);

    const pending = cookieFromResponse(result.headers, lib.names.pending);
    if (!pending) {
      // Password right but no confirmed second factor: the account never finished enrolling.
      const session = cookieFromResponse(result.headers, lib.names.session);
      if (session) {
        await lib.auth.api.signOut({ headers: libraryHeaders(lib, request, { session }) });
      }
      await failed(request, "not-enrolled", email, null);
      return reply
        .code(403)
        .send({ error: "This account has no authenticator app yet. Ask an admin for a new link." });
    }
    // One live code challenge per account: this one ends any opened before it.
    await endOtherChallenges(desk.store, pending);
    setCookie(request, reply, "pending", pending, PENDING_SIGN_IN_SECONDS);
    return { next: "code" } satisfies SignInNext;
  });

  /** The code step's sign-in, found before its body is read. */
  const challenges = new WeakMap<FastifyRequest, { pending: string; user: ChallengeUser; lib: Library }>();

  /**
   * preValidation: a live code challenge (the pending cookie, its sign-in
   * not expired), or 401 before the body is read.
   */
  async function requireChallenge(request: FastifyRequest, reply: FastifyReply) {
    const pending = readCookie(request, "pending");
    if (!pending) return reply.code(401).send(SIGN_IN_TO_CONTINUE);
    const lib = await desk.library();
    // Whose sign-in this is, to count failures against the account. The
    // library checks the cookie's signature itself when verifying.
    const identifier = pending.split(".")[0];
    const challenge: Challenge | null = await lib.context.internalAdapter.findVerificationValue(identifier);
    const user = challenge ? await lib.context.internalAdapter.findUserById(challenge.value) : null;
    if (!user || !challenge || new Date(challenge.expiresAt).getTime() <= Date.now()) {
      clearCookie(request, reply, "pending");
      return reply.code(401).send(SIGN_IN_TO_CONTINUE);
    }
    challenges.set(request, { pending, user, lib });
  }

  const code = {
    preValidation: requireChallenge,
    schema: { body: codeSchema },
    config: { rateLimit, invalidInput: { error: "Enter the code from your app or a backup code" } },
  };
  app.post("/api/desk/sign-in/code", code, async (request, reply) => {
    const { pending, user, lib } = challenges.get(request)!;
    const entered = request.body;
    const account = accountKey(user.email);
    const address = addressKey(request.ip);
    const wait = await desk.throttle.consume([account, address]);
    if (wait > 0) {
      await failed(request, "throttled", user.email, user.id);
      return tooManyAttempts(reply, wait);
    }

    const wrongCode = async (reason: SignInFailure) => {
      await desk.throttle.failed([account, address]);
      await failed(request, reason, user.email, user.id);
      return reply.code(401).send(WRONG_CODE);
    };
    const headers = libraryHeaders(lib, request, { pending });
    let result;
    try {
      if ("code" in entered) {
        const reuse = await usedCodes.hit(`desk:totp-used:${user.id}:${entered.code}`, CODE_REUSE_WINDOW_MS);
        if (reuse.count > 1) return await wrongCode("code-reused");
        result = await lib.auth.api.verifyTOTP({
          body: { code: entered.code },
          headers,
          returnHeaders: true,
        });
      } else {
        result = await lib.auth.api.verifyBackupCode({
          body: { code: entered.backupCode },
          headers,
          returnHeaders: true,
        });
      }
    } catch (error) {
      const code = libraryErrorCode(error);
      if (code === "INVALID_CODE" || code === "INVALID_BACKUP_CODE") {
        return await wrongCode("code" in entered ? "code" : "backup-code");
      }
      if (code === null) throw error;
      // The challenge is used up or no longer valid: start again from the password.
      clearCookie(request, reply, "pending");
      await failed(request, "challenge-ended", user.email, user.id);
      return reply.code(401).send(SIGN_IN_TO_CONTINUE);
    }

    const session = cookieFromResponse(result.headers, lib.names.session);
    if (!session) throw new Error("The authentication library opened no session");
    clearCookie(request, reply, "pending");
    setCookie(request, reply, "session", session, desk.config.desk.sessionMaxMs / 1000);
    await desk.throttle.reset(account);
    await desk.throttle.refund([address]);
    await desk.audit.record({
      ...auditRecord(request, "sign-in.succeeded", user.id, {
        method: "code" in entered ? "totp" : "backup-code",
      }),
      actorId: user.id,
      actorEmail: user.email,
    });
    const role = (user as { role?: string | null }).role === "admin" ? "admin" : "staff";
    return { user: { id: user.id, email: user.email, name: user.name, role } } satisfies SignedIn;
  });

  app.post("/api/desk/sign-out", async (request, reply) => {
    const session = await desk.sessions.resolve(request);
    clearCookie(request, reply, "session");
    if (!session) return reply.code(401).send(SIGN_IN_TO_CONTINUE);
    request.staff = session.principal;
    await desk.sessions.end(session.token);
    await desk.audit.record(auditRecord(request, "session.signed-out", session.principal.sessionId));
    return reply.code(204).send();
  });

  app.get("/api/desk/me", { preValidation: requireRole("staff") }, async (request) => {
    const { userId, email, name, role } = request.staff!;
    const member = await assignment.member(userId);
    // The provider's zone, in which the desk shows every time and reads every day.
    return {
      id: userId,
      email,
      name,
      role,
      timeZone: app.config.desk.timeZone,
      onDuty: member?.onDuty === true,
    } satisfies Me;
  });
};

export default signInRoutes;
