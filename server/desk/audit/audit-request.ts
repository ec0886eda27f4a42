/**
 * A desk request's audit entries, written to the audit log
 * (server/audit/audit-repository.ts): `auditRecord` says who made the request
 * and from where. Events that repeat (a list of personal data paged through, a
 * request refused for the role sent again) count in one row per session, what
 * was done and a short window (the repository's `repeat`), so paging or a
 * loop cannot flood the log, while a new filter or route starts a new row.
 */
import type { FastifyRequest } from "fastify";
import {
  REPEATED_ACTIONS,
  type AuditAction,
  type AuditDetails,
  type ListedDetails,
} from "#domain/audit/actions";
import type { StaffPrincipal } from "../auth/principal";
import {
  DENIAL_WINDOW_SECONDS,
  READ_WINDOW_SECONDS,
  type AuditActor,
  type AuditRecord,
} from "../../audit/audit-repository";

/** The details an action takes: none may be given where it records none; required where it does. */
export type DetailsArgs<A extends AuditAction> = undefined extends AuditDetails[A]
  ? [details?: AuditDetails[A]]
  : [details: AuditDetails[A]];

/** Who made the request (the signed-in staff member, if any), the client address, the user agent. */
export function requestActor(
  request: FastifyRequest,
  staff: StaffPrincipal | undefined = request.staff,
): AuditActor {
  const userAgent = request.headers["user-agent"];
  return {
    actorId: staff?.userId ?? null,
    actorEmail: staff?.email ?? null,
    ip: request.ip,
    userAgent: typeof userAgent === "string" ? userAgent : undefined,
    sessionId: staff?.sessionId,
  };
}

/**
 * The record of a request: `action` on `target` with that action's details
 * (AuditDetails, #domain/audit/actions), by the signed-in staff member (if
 * any), from the client's address and user agent.
 */
export function auditRecord<A extends AuditAction>(
  request: FastifyRequest,
  action: A,
  target?: string,
  ...[details]: DetailsArgs<A>
): AuditRecord {
  return { ...requestActor(request, request.staff), target, action, details } as AuditRecord;
}

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
  details: ListedDetails,
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
    { ...requestActor(request, staff), action: REPEATED_ACTIONS.accessDenied, details },
    { windowSeconds: DENIAL_WINDOW_SECONDS },
  );
}
