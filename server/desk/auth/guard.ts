/**
 * Who may call a desk route. Every request is checked on the server: a live
 * session (idle and absolute timeouts, not ended, account not disabled), a
 * confirmed second factor, and the role.
 */
import type { Role } from "#domain/desk/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import { auditDenied } from "../audit/audit-request";
import "./desk-context";
import "./principal";

export type { StaffPrincipal } from "./principal";

export const SIGN_IN_TO_CONTINUE = { error: "Sign in to continue" };
export const ENROL_FIRST = { error: "Set up your authenticator app first" };
export const ADMINS_ONLY = { error: "Only an admin can do this" };

/**
 * preValidation: 401 without a live full session, 403 below the role (or before
 * enrolment), before the route's schema reads its input (a caller who may not
 * call it learns nothing of what it takes). A refusal for the role is audited (who, method, route), at most
 * one row per session, route and minute.
 */
export function requireRole(role: Role) {
  return async function guard(request: FastifyRequest, reply: FastifyReply) {
    const session = await request.server.desk.sessions.resolve(request);
    if (!session) return reply.code(401).send(SIGN_IN_TO_CONTINUE);
    if (!session.enrolled) return reply.code(403).send(ENROL_FIRST);
    if (role === "admin" && session.principal.role !== "admin") {
      await auditDenied(request, session.principal);
      return reply.code(403).send(ADMINS_ONLY);
    }
    request.staff = session.principal;
  };
}

/** preValidation for the enrolment step: a live session whose second factor is not confirmed yet. */
export async function requireEnrolling(request: FastifyRequest, reply: FastifyReply) {
  const session = await request.server.desk.sessions.resolve(request);
  if (!session) return reply.code(401).send(SIGN_IN_TO_CONTINUE);
  if (session.enrolled) return reply.code(409).send({ error: "Your authenticator app is already set up" });
  request.staff = session.principal;
}
