/**
 * Setup, invitation links and enrolment (shapes: #domain/desk/contract):
 *   GET  /api/desk/setup                       SetupStatus
 *   GET  /api/desk/invitations/:token          Invitation | 404 | 410
 *   POST /api/desk/invitations/:token/accept   {password, email?, name?} -> 201 EnrolmentStarted
 *   POST /api/desk/enrolment/confirm           {code} -> 200 BackupCodes
 * Accepting sets the password and opens an enrolling session, which can only
 * confirm the authenticator app; confirming makes it a full session (new id).
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { BackupCodes, EnrolmentStarted, Invitation, SetupStatus } from "#domain/desk/contract";
import { STAFF_NAME_MAX } from "#domain/desk/limits";
import { PASSWORD_MESSAGES } from "#domain/desk/passwords";
import { isUniqueViolation } from "../../store/store";
import { auditRecord } from "../audit/audit-request";
import { requireEnrolling } from "../auth/guard";
import { cookieFromResponse, libraryErrorCode, libraryHeaders } from "../auth/library";
import { passwordProblem } from "../../staff/passwords";
import { setCookie } from "../auth/cookies";
import { accountKey, addressKey } from "../../staff/sign-in-throttle";
import { tooManyAttempts, type Desk } from "../auth/route-helpers";
import { fieldsBody } from "../body";
import { removeAbandoned, setupState } from "../../staff/setup-repository";

const NOT_VALID = { error: "This invitation link is not valid" };
const GONE = { error: "This invitation link has expired or was already used" };
const SETUP_PENDING = {
  error:
    "Someone is setting up the first admin account with another setup link. If they do not finish, the server logs a new link.",
};

/**
 * {password, email?, name?}: the password's strength and the e-mail address
 * a link without one needs are judged after, with the invitation.
 */
const acceptSchema = fieldsBody(
  z.object({
    password: z.string({ error: PASSWORD_MESSAGES.missing }),
    email: z.email({ error: "Enter a valid e-mail address." }).max(254).optional(),
    name: z.string().trim().min(1).max(STAFF_NAME_MAX).optional(),
  }),
);

const WRONG_CODE = "That code is not right. Check your app and try again.";
/** {code}: six digits; anything else is a wrong code. */
const codeSchema = fieldsBody(
  z.object({
    code: z
      .string({ error: WRONG_CODE })
      .trim()
      .regex(/^\d{6}$/, { error: WRONG_CODE }),
  }),
);

const tokenParams = z.object({ token: z.string() });

const invitationRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const desk: Desk = app.desk;

  const ttlMs = desk.config.desk.inviteTtlMs;
  /** An admin that never confirmed an authenticator app does not count (setup.ts). */
  app.get(
    "/api/desk/setup",
    async () =>
      ({
        needsSetup: (await setupState(desk.store, ttlMs)) !== "done",
      }) satisfies SetupStatus,
  );

  type Found = NonNullable<Awaited<ReturnType<Desk["invitations"]["find"]>>>;
  /** Why a link cannot be used now, or null. A setup link waits while another first admin may finish. */
  const refusal = async (invitation: Found) => {
    if (!desk.invitations.usable(invitation)) return GONE;
    if (invitation.purpose !== "setup") return null;
    const state = await setupState(desk.store, ttlMs);
    return state === "done" ? GONE : state === "pending" ? SETUP_PENDING : null;
  };

  app.get("/api/desk/invitations/:token", { schema: { params: tokenParams } }, async (request, reply) => {
    const invitation = await desk.invitations.find(request.params.token);
    if (!invitation) return reply.code(404).send(NOT_VALID);
    const refused = await refusal(invitation);
    if (refused) return reply.code(410).send(refused);
    return {
      email: invitation.email,
      role: invitation.role,
      expiresAt: invitation.expiresAt.toISOString(),
    } satisfies Invitation;
  });

  /** The link's invitation, found (and judged usable) before its body is read. */
  const usable = new WeakMap<FastifyRequest, Found>();

  /** preValidation: 404 for a link that names no invitation, 410 for one that cannot be used now. */
  async function requireUsableInvitation(request: FastifyRequest, reply: FastifyReply) {
    const { token } = request.params as { token: string };
    const invitation = await desk.invitations.find(token);
    if (!invitation) return reply.code(404).send(NOT_VALID);
    const refused = await refusal(invitation);
    if (refused) return reply.code(410).send(refused);
    usable.set(request, invitation);
  }

  const accept = {
    preValidation: requireUsableInvitation,
    schema: { params: tokenParams, body: acceptSchema },
  };
  app.post("/api/desk/invitations/:token/accept", accept, async (request, reply) => {
    const invitation = usable.get(request)!;
    const given = request.body;
    const errors: Record<string, string> = {};
    const password = given.password;
    const email = invitation.email ?? given.email?.toLowerCase();
    if (!email) errors.email = "Enter your e-mail address.";
    const lib = await desk.library();
    // A second factor reset keeps the account's name; a new account takes the one typed in.
    const existing = email ? await lib.context.internalAdapter.findUserByEmail(email) : null;
    const name = given.name ?? existing?.user.name ?? email?.split("@")[0];
    if (email) {
      const problem = passwordProblem(password, { email, name });
      if (problem) errors.password = problem;
    }
    if (Object.keys(errors).length || !email || !name) return reply.code(400).send({ errors });

    if (invitation.purpose === "setup") {
      for (const abandoned of await removeAbandoned(desk.store, ttlMs, email)) {
        await desk.audit.record(
          auditRecord(request, "setup.abandoned-removed", undefined, { email: abandoned }),
        );
      }
    }
    const current = await lib.context.internalAdapter.findUserByEmail(email);
    if (current && invitation.purpose !== "reset-second-factor") {
      return reply.code(409).send({ error: "An account with this e-mail address already exists" });
    }
    // A reset link for an account disabled since: it stays closed.
    if (
      invitation.purpose === "reset-second-factor" &&
      (!current || (current.user as { banned?: boolean | null }).banned === true)
    ) {
      return reply.code(410).send(GONE);
    }
    if (!(await desk.invitations.claim(invitation.id))) return reply.code(410).send(GONE);

    let userId: string;
    try {
      if (invitation.purpose === "reset-second-factor" && invitation.userId) {
        userId = invitation.userId;
        await lib.context.internalAdapter.updatePassword(userId, await lib.context.password.hash(password));
      } else {
        const created = await lib.auth.api.createUser({
          body: { email, password, name, role: invitation.role },
        });
        userId = created.user.id;
      }
    } catch (error) {
      await desk.invitations.release(invitation.id);
      if (isUniqueViolation(error) || libraryErrorCode(error) === "USER_ALREADY_EXISTS") {
        return reply.code(409).send({ error: "An account with this e-mail address already exists" });
      }
      throw error;
    }

    // The enrolling session: signed in with the new password, no second factor yet.
    const signIn = await lib.auth.api.signInEmail({
      body: { email, password },
      headers: libraryHeaders(lib, request),
      returnHeaders: true,
    });
    const session = cookieFromResponse(signIn.headers, lib.names.session);
    if (!session) throw new Error("The authentication library opened no session");
    const enable = await lib.auth.api.enableTwoFactor({
      body: { password },
      headers: libraryHeaders(lib, request, { session }),
    });
    if (!("totpURI" in enable) || !enable.totpURI)
      throw new Error("The authentication library gave no TOTP URI");
    const secret = new URL(enable.totpURI).searchParams.get("secret") ?? "";

    setCookie(request, reply, "session", session, desk.config.desk.sessionMaxMs / 1000);
    await desk.audit.record({
      ...auditRecord(request, "invitation.accepted", userId, {
        purpose: invitation.purpose,
        role: invitation.role,
      }),
      actorId: userId,
      actorEmail: email,
    });
    return reply
      .code(201)
      .send({ enrolment: { totpUri: enable.totpURI, secret } } satisfies EnrolmentStarted);
  });

  const confirm = { preValidation: requireEnrolling, schema: { body: codeSchema } };
  app.post("/api/desk/enrolment/confirm", confirm, async (request, reply) => {
    const staff = request.staff!;
    const account = accountKey(staff.email);
    const address = addressKey(request.ip);
    const wait = await desk.throttle.consume([account, address]);
    if (wait > 0) return tooManyAttempts(reply, wait);

    const lib = await desk.library();
    const session = (await desk.sessions.resolve(request))!;
    let verified;
    try {
      verified = await lib.auth.api.verifyTOTP({
        body: { code: request.body.code },
        headers: libraryHeaders(lib, request, { session: session.cookie }),
        returnHeaders: true,
      });
    } catch (error) {
      if (libraryErrorCode(error) !== "INVALID_CODE") throw error;
      await desk.throttle.failed([account, address]);
      await desk.audit.record(auditRecord(request, "second-factor.enrol-failed", staff.userId));
      return reply.code(400).send({ errors: { code: WRONG_CODE } });
    }
    // The library replaced the session (a new id once the factor is confirmed).
    const fresh = cookieFromResponse(verified.headers, lib.names.session);
    if (!fresh) throw new Error("The authentication library opened no session");
    setCookie(request, reply, "session", fresh, desk.sessions.maxAgeSeconds(session));
    const { backupCodes } = await lib.auth.api.viewBackupCodes({ body: { userId: staff.userId } });
    await desk.throttle.reset(account);
    await desk.throttle.refund([address]);
    await desk.audit.record(auditRecord(request, "second-factor.enrolled", staff.userId));
    return { backupCodes } satisfies BackupCodes;
  });
};

export default invitationRoutes;
