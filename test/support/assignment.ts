/**
 * Test helpers for assignment: staff going on duty through the desk's API,
 * the desk's PATCH and PUT requests, owners read back, and the duty and
 * rules emptied between tests (the shared reset leaves staff tables alone).
 */
import type { LightMyRequestResponse } from "fastify";
import type { App } from "../../server/app";
import type { Store } from "../../server/store/store";
import { deskHeaders } from "./desk";

/** A desk request with a body and the desk's Origin (PATCH, PUT, POST). */
export function send(
  app: App,
  method: "PATCH" | "PUT" | "POST",
  url: string,
  cookie: string | undefined,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: deskHeaders(app, cookie),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** Puts a signed-in member on (or off) duty through PATCH /api/desk/me/duty. */
export async function goOnDuty(app: App, cookie: string, onDuty = true): Promise<void> {
  const response = await send(app, "PATCH", "/api/desk/me/duty", cookie, { onDuty });
  if (response.statusCode !== 200) throw new Error(`duty: ${response.statusCode} ${response.body}`);
}

/** Nobody on duty, in no group, no turns taken, no rules (between tests). */
export async function resetAssignment(store: Store): Promise<void> {
  await store.query("UPDATE desk_duty SET on_duty = false, groups = '{}', last_assigned_at = NULL");
  await store.query("DELETE FROM assignment_rules");
}

/** Each application's owner id (null: unassigned), by application id. */
export async function ownersOf(store: Store, ids: string[]): Promise<Map<string, string | null>> {
  const { rows } = await store.query<{ id: string; owner_id: string | null }>(
    "SELECT id::text AS id, owner_id FROM applications WHERE id = ANY($1::uuid[])",
    [ids],
  );
  return new Map(rows.map((row) => [row.id, row.owner_id]));
}

/** How many applications each owner has (unassigned under "none"). */
export async function countsByOwner(store: Store): Promise<Record<string, number>> {
  const { rows } = await store.query<{ owner: string; n: number }>(
    "SELECT coalesce(owner_id, 'none') AS owner, count(*)::int AS n FROM applications GROUP BY 1",
  );
  return Object.fromEntries(rows.map((row) => [row.owner, Number(row.n)]));
}
