/**
 * Test helpers for the desk's applications API: applications submitted the
 * way visitors submit them (POST /api/applications), then placed in time or
 * given a delivery history directly in the store, and a signed-in client.
 */
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, beforeEach } from "vitest";
import type { App } from "../../server/app";
import type { Store } from "../../server/store/store";
import { deskHeaders, signedInStaff } from "./desk";
import { useTestApp, validApplication, type Engine } from "./server";

/** Submits an application through the public endpoint; returns its id once its owner is chosen. */
export async function submit(app: App, overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await app.inject({
    method: "POST",
    url: "/api/applications",
    headers: { "content-type": "application/json", "user-agent": "TestBrowser/1.0" },
    payload: validApplication(overrides),
  });
  if (response.statusCode !== 201) throw new Error(`submit: ${response.statusCode} ${response.body}`);
  // Its owner is chosen just after the 201: tests read it once that is done.
  await app.intake.settled();
  return response.json().id;
}

/** A last touch with these UTM values, as the browser sends attribution. */
export const lastTouch = (utm_source: string, utm_campaign: string) => ({
  attribution: {
    firstTouch: { utm_source: "first-source", landingPage: "/" },
    lastTouch: { utm_source, utm_campaign, landingPage: "/products/sba-loans" },
  },
});

/** Moves an application (and its consent and outbox row) to another time. */
export async function placeAt(store: Store, id: string, at: string): Promise<void> {
  await store.query("UPDATE applications SET created_at = $2::timestamptz WHERE id = $1", [id, at]);
  await store.query("UPDATE outbox SET created_at = $2::timestamptz WHERE application_id = $1", [id, at]);
}

/** Gives an application's delivery a history: attempts, then a final state. */
export async function deliveryHistory(
  store: Store,
  id: string,
  state: "pending" | "delivered" | "dead" | "sending",
  attempts: { at: string; status: number | null; error?: string; outcome: string; durationMs?: number }[],
): Promise<void> {
  const { rows } = await store.query<{ id: string }>(
    `UPDATE outbox SET status = $2, attempts = $3,
            delivered_at = CASE WHEN $2 = 'delivered' THEN $4::timestamptz END,
            last_error = $5, locked_by = CASE WHEN $2 = 'sending' THEN 'test-worker' END
      WHERE application_id = $1 RETURNING id::text AS id`,
    [id, state, attempts.length, attempts.at(-1)?.at ?? null, attempts.at(-1)?.error ?? null],
  );
  for (const [i, attempt] of attempts.entries()) {
    await store.query(
      `INSERT INTO delivery_attempts (outbox_id, attempt, attempted_at, status_code, error, duration_ms, outcome, worker)
       VALUES ($1, $2, $3::timestamptz, $4, $5, $6, $7, 'test-worker')`,
      [
        rows[0].id,
        i + 1,
        attempt.at,
        attempt.status,
        attempt.error ?? null,
        attempt.durationMs ?? 25,
        attempt.outcome,
      ],
    );
  }
}

/** The audit rows about one target, oldest first. */
export async function auditRows(store: Store, target?: string, action?: string) {
  const { rows } = await store.query<{
    action: string;
    actor_email: string | null;
    target: string | null;
    details: Record<string, unknown> | null;
  }>(
    `SELECT action, actor_email, target, details FROM desk_audit_log
      WHERE ($1::text IS NULL OR target = $1) AND ($2::text IS NULL OR action = $2) ORDER BY id`,
    [target ?? null, action ?? null],
  );
  return rows;
}

/** A staff member's requests: GET, POST (with the desk's Origin) and the JSON body. */
export function deskClient(app: () => App, cookie: () => string | undefined) {
  return {
    get: (url: string): Promise<LightMyRequestResponse> =>
      app().inject({ method: "GET", url, headers: cookie() ? { cookie: cookie()! } : {} }),
    post: (url: string, payload?: object): Promise<LightMyRequestResponse> =>
      app().inject({
        method: "POST",
        url,
        headers: deskHeaders(app(), cookie()),
        ...(payload ? { payload } : {}),
      }),
  };
}

/**
 * The set-up most desk route tests share: a test app on `engine`, one staff
 * member signed in before the tests, the database emptied before each, and
 * that member's client. `staff()` is the member (cookie and e-mail).
 */
export function useStaffDesk(engine: Engine) {
  const ctx = useTestApp(engine, { resetEach: false });
  let staff: { cookie: string; email: string };
  const client = deskClient(
    () => ctx.app,
    () => staff.cookie,
  );
  beforeAll(async () => {
    staff = await signedInStaff(ctx.app, { role: "staff" });
  });
  beforeEach(() => ctx.db.reset());
  return { ctx, client, staff: () => staff };
}
