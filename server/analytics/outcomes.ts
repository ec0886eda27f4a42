/**
 * The server's own record of what became of each application request, tied
 * to the visitor's funnel by the same daily key (computed from the same
 * address and user agent), never by a cookie: stored (accepted, or
 * quarantined, as the stored row says), a repeat, or refused with a 400 (once, and
 * once per field and zod issue code its schema found, never a value). Recorded after the
 * response is sent, into the buffer, so the applicant never waits for it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { applicationRequestSchema } from "#domain/application/schema";
import { invalidInputOfRequest } from "../plugins/input-schemas";
import type { EventRow } from "./events-repository";

/** The route this watches (server/intake/intake-routes.ts). */
export const APPLICATIONS_ROUTE = "/api/applications";
/** A body with more problems than this records the first ones. */
const MAX_FIELD_ERRORS = 40;

const REQUEST_KEYS = new Set(Object.keys(applicationRequestSchema.shape));

declare module "fastify" {
  interface FastifyRequest {
    /** POST /api/applications: the id the response carried. */
    analyticsApplicationId?: string;
  }
}

function isApplicationRequest(request: FastifyRequest) {
  return request.method === "POST" && request.routeOptions.url === APPLICATIONS_ROUTE;
}

/** The rows for one answered application request (none for 413, 415, 429 or 5xx). */
export function outcomeRows(
  request: FastifyRequest,
  statusCode: number,
  base: Pick<EventRow, "at" | "visitorKey" | "device">,
): EventRow[] {
  if (statusCode === 201 && request.analyticsApplicationId)
    return [{ ...base, name: "application_stored", applicationId: request.analyticsApplicationId }];
  if (statusCode === 200) return [{ ...base, name: "application_duplicate" }];
  if (statusCode !== 400) return [];
  const rows: EventRow[] = [{ ...base, name: "application_rejected" }];
  // What the route's schema found (none when the body was not a JSON object).
  const seen = new Set<string>();
  for (const problem of invalidInputOfRequest(request)?.problems ?? []) {
    const top = problem.path[0];
    const field = top !== undefined && REQUEST_KEYS.has(top) ? top : "_form";
    const key = `${field}:${problem.code}`;
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push({ ...base, name: "server_field_error", field, code: problem.code });
    if (seen.size >= MAX_FIELD_ERRORS) break;
  }
  return rows;
}

/** Hooks that watch POST /api/applications and hand its outcome to `record`. */
export function watchApplications(
  app: FastifyInstance,
  record: (request: FastifyRequest, reply: FastifyReply) => Promise<void>,
) {
  app.addHook("onSend", async (request, reply, payload) => {
    if (isApplicationRequest(request) && reply.statusCode === 201 && typeof payload === "string") {
      try {
        const id = (JSON.parse(payload) as { id?: unknown }).id;
        if (typeof id === "string") request.analyticsApplicationId = id;
      } catch {
        // Not ours to judge: no id, nothing recorded.
      }
    }
    return payload;
  });
  app.addHook("onResponse", async (request, reply) => {
    if (isApplicationRequest(request)) await record(request, reply);
  });
}
