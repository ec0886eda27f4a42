/**
 * Test helpers for the inbound webhook (server/inbound): requests signed the
 * Standard Webhooks way with the `standardwebhooks` library, as a CRM or a
 * booking service using it sends them, and token requests as a sender that
 * can only add a header sends them.
 */
import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { Webhook } from "standardwebhooks";
import { beforeAll, beforeEach } from "vitest";
import type { App } from "../../server/app";
import type { Store } from "../../server/store/store";
import { signedInStaff } from "./desk";
import { deskClient, placeAt, submit } from "./desk-applications";
import { type Engine, useTestApp } from "./server";

/** Secrets and tokens of the test configuration (random bytes, base64). */
export const CRM_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
export const BOOKING_SECRET = "whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD";
export const CRM_TOKEN = "crm-token-4f1b2c9d8e7a6b5c";
export const BOOKING_TOKEN = "booking-token-0a9b8c7d6e5f4a3b";
export const SMS_SECRET = "whsec_6qjq5WeZrqlE2Plv9jy3WVqxw0yk/3Y2";
export const SMS_TOKEN = "sms-token-7c6d5e4f3a2b1c0d";

export const INBOUND_ENV = {
  CRM_WEBHOOK_SECRET: CRM_SECRET,
  CRM_WEBHOOK_TOKEN: CRM_TOKEN,
  BOOKING_WEBHOOK_SECRET: BOOKING_SECRET,
  BOOKING_WEBHOOK_TOKEN: BOOKING_TOKEN,
  SMS_WEBHOOK_SECRET: SMS_SECRET,
  SMS_WEBHOOK_TOKEN: SMS_TOKEN,
};

export type InboundSender = "crm" | "booking" | "sms";
const SECRETS: Record<InboundSender, string> = { crm: CRM_SECRET, booking: BOOKING_SECRET, sms: SMS_SECRET };
const TOKENS: Record<InboundSender, string> = { crm: CRM_TOKEN, booking: BOOKING_TOKEN, sms: SMS_TOKEN };

export interface SignedOptions {
  secret?: string;
  /** The webhook-id (a fresh one by default). */
  id?: string;
  /** When it was signed (now by default). */
  sentAt?: Date;
  /** Headers to add, or (undefined) to leave out. */
  headers?: Record<string, string | undefined>;
  /** The body's bytes as sent, when not JSON.stringify(body). */
  raw?: string;
}

/** The three Standard Webhooks headers for this body, signed by the library. */
export function signedHeaders(secret: string, id: string, sentAt: Date, raw: string) {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(id, sentAt, raw),
  };
}

const withoutUndefined = (headers: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== undefined)) as Record<
    string,
    string
  >;

/** POSTs a signed event to /api/inbound/<source>. */
export function postSigned(
  app: App,
  source: InboundSender,
  body: unknown,
  options: SignedOptions = {},
): Promise<LightMyRequestResponse> {
  const raw = options.raw ?? JSON.stringify(body);
  const secret = options.secret ?? SECRETS[source];
  const headers = {
    "content-type": "application/json",
    ...signedHeaders(secret, options.id ?? `msg_${randomUUID()}`, options.sentAt ?? new Date(), raw),
    ...options.headers,
  };
  return app.inject({
    method: "POST",
    url: `/api/inbound/${source}`,
    headers: withoutUndefined(headers),
    payload: raw,
  });
}

/** POSTs an event with a token (`Authorization: Bearer …`). */
export function postWithToken(
  app: App,
  source: InboundSender,
  body: unknown,
  token = TOKENS[source],
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "POST",
    url: `/api/inbound/${source}`,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    payload: JSON.stringify(body),
  });
}

/** A stage report's body. */
export const stageEvent = (data: Record<string, unknown>, timestamp = new Date().toISOString()) => ({
  type: "application.stage",
  timestamp,
  data,
});

/** An opt-out's body ("contact.opted_out"). */
export const optOutEvent = (data: Record<string, unknown>, timestamp = new Date().toISOString()) => ({
  type: "contact.opted_out",
  timestamp,
  data,
});

/** The application's work state and clock as stored. */
export async function workOf(store: Store, id: string) {
  const { rows } = await store.query<{
    work_status: string;
    close_reason: string | null;
    funded_amount: string | null;
    first_touched_at: Date | string | null;
    stage_reported_at: Date | string | null;
  }>(
    `SELECT work_status, close_reason, funded_amount::text AS funded_amount, first_touched_at, stage_reported_at
       FROM applications WHERE id = $1`,
    [id],
  );
  const row = rows[0];
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  return {
    workStatus: row.work_status,
    closeReason: row.close_reason,
    fundedAmount: row.funded_amount === null ? null : Number(row.funded_amount),
    firstTouchedAt: iso(row.first_touched_at),
    stageReportedAt: iso(row.stage_reported_at),
  };
}

/** Counts of what events leave behind: received events, activities, audit rows (of one application when given). */
export async function traces(store: Store, applicationId?: string) {
  const count = async (sql: string) =>
    Number((await store.query<{ n: string }>(sql, applicationId ? [applicationId] : [])).rows[0].n);
  const where = (column: string) => (applicationId ? ` WHERE ${column} = $1` : "");
  return {
    events: await count(`SELECT count(*)::text AS n FROM inbound_events${where("application_id::text")}`),
    activities: await count(
      `SELECT count(*)::text AS n FROM application_activities${where("application_id::text")}`,
    ),
    audit: await count(
      `SELECT count(*)::text AS n FROM desk_audit_log WHERE action IN ('application.stage-reported', 'application.call-booked')${
        applicationId ? " AND target = $1" : ""
      }`,
    ),
  };
}

export const MINUTE = 60_000;

/** Now plus `offsetMs`, as ISO 8601. */
export const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

/**
 * The set-up the inbound webhook's HTTP tests share: an app on `engine` with
 * every sender's secret and token set, the database emptied before each
 * test, applications submitted an hour ago, and the timeline a signed-in
 * staff member reads.
 */
export function useInboundApp(engine: Engine) {
  const ctx = useTestApp(engine, { env: INBOUND_ENV, resetEach: false });
  const store = () => ctx.db.store;
  let staff: { cookie: string };
  const desk = deskClient(
    () => ctx.app,
    () => staff.cookie,
  );
  beforeAll(async () => {
    staff = await signedInStaff(ctx.app, { role: "staff" });
  });
  beforeEach(() => ctx.db.reset());

  /** An application a visitor submitted an hour ago: its id, reference and booking link's token. */
  async function application(overrides: Record<string, unknown> = {}) {
    const id = await submit(ctx.app, overrides);
    await placeAt(store(), id, at(-60 * MINUTE));
    const { rows } = await store().query<{ reference: string; booking_token: string }>(
      "SELECT reference, booking_token FROM applications WHERE id = $1",
      [id],
    );
    return { id, reference: rows[0].reference, bookingToken: rows[0].booking_token };
  }

  /** The activities on the application's timeline, as GET /api/desk/applications/:id answers them. */
  async function timeline(id: string) {
    const response = await desk.get(`/api/desk/applications/${id}`);
    if (response.statusCode !== 200) throw new Error(`detail: ${response.statusCode} ${response.body}`);
    return (response.json().timeline as { kind: string; activity?: string }[]).filter(
      (entry) => entry.kind === "activity",
    );
  }

  return { ctx, store, desk, application, timeline };
}
