/**
 * A desk request's audit entries, written to the audit log
 * (server/audit/audit-repository.ts): `auditRecord` says who made the request
 * and from where. Events that repeat (a list of personal data paged through, a
 * request refused for the role sent again) count in one row per session, what
 * was done and a short window (the repository's `repeat`), so paging or a
 * loop cannot flood the log, while a new filter or route starts a new row.
 */
import type { FastifyRequest } from "fastify";
import { REPEATED_ACTIONS, type AuditAction } from "#domain/desk/audit-actions";
import type { StaffPrincipal } from "../auth/principal";
import { DENIAL_WINDOW_SECONDS, READ_WINDOW_SECONDS, type AuditRecord } from "../../audit/audit-repository";

/**
 * The query's filter as the request gave it, for the audit row: the page's
 * position and size left out (the size is kept apart), empty values dropped.
 */
export function listedFilter(query: unknown, omit: string[] = ["cursor", "limit"]): Record<string, string> {
  return Object.fromEntries(
    Object.entries((query ?? {}) as Record<string, unknown>)
      .filter(([key, value]) => !omit.includes(key) && typeof value === "string" && value.trim() !== "")
      .map(([key, value]) => [key, String(value).trim()])
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** A signed-in member read a list of applicants: the filter, the page size and the rows this page returned. */
export function auditRead(
  request: FastifyRequest,
  action: (typeof REPEATED_ACTIONS)["applicationsListed" | "deadListed"],
  details: { filter: Record<string, string>; pageSize: number },
  rows: number,
): Promise<void> {
  return request.server.desk.audit.repeat(auditRecord(request, action, undefined, details), {
    windowSeconds: READ_WINDOW_SECONDS,
    rows,
  });
}

/** A signed-in member was refused a route for their role: who, the method and the route's pattern. */
export function auditDenied(request: FastifyRequest, staff: StaffPrincipal): Promise<void> {
  const details = { method: request.method, route: request.routeOptions.url ?? request.url.split("?")[0] };
  return request.server.desk.audit.repeat(
    auditRecord(request, REPEATED_ACTIONS.accessDenied, undefined, details, staff),
    { windowSeconds: DENIAL_WINDOW_SECONDS },
  );
}

/** The record of a request: the signed-in staff member (if any), the client address, the user agent. */
export function auditRecord(
  request: FastifyRequest,
  action: AuditAction,
  target?: string,
  details?: Record<string, unknown>,
  staff: StaffPrincipal | undefined = request.staff,
): AuditRecord {
  const userAgent = request.headers["user-agent"];
  return {
    actorId: staff?.userId ?? null,
    actorEmail: staff?.email ?? null,
    action,
    target,
    details,
    ip: request.ip,
    userAgent: typeof userAgent === "string" ? userAgent : undefined,
    sessionId: staff?.sessionId,
  };
}
