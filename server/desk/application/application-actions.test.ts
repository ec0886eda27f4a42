/**
 * One application as staff open it and act on it, on both engines: every
 * field, the consent record, the delivery timeline; redeliver, release and
 * quarantine with their audit rows; what the CRM then receives (or not).
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { smsConsentText } from "#domain/application/schema";
import { createOutboxRepository } from "../../crm-delivery/outbox-repository";
import { createDeliveryWorker } from "../../crm-delivery/worker";
import { sha256 } from "./views";
import { signedInStaff } from "../../../test/support/desk";
import {
  auditRows,
  deliveryHistory,
  deskClient,
  lastTouch,
  submit,
} from "../../../test/support/desk-applications";
import { ENGINES, testConfig, useTestApp } from "../../../test/support/server";
import { sampleApplication } from "../../../test/support/sample-application";

/** A CRM on loopback that answers 200 and keeps what it was sent. */
async function fakeCrm() {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server: Server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/leads`;
  return { url, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** The timeline's CRM attempts and desk actions, without the application's e-mails. */
const withoutMail = (timeline: { kind: string }[]) =>
  timeline.filter((entry) => entry.kind === "attempt" || entry.kind === "action");

describe.each(ENGINES)("desk application detail and actions on %s", (engine) => {
  const ctx = useTestApp(engine, { resetEach: false });
  let staff: { cookie: string; email: string };
  const client = deskClient(
    () => ctx.app,
    () => staff.cookie,
  );
  const store = () => ctx.db.store;
  const outboxOf = async (id: string) =>
    (
      await store().query<{ status: string; due: boolean; attempts: number }>(
        "SELECT status, next_attempt_at <= now() AS due, attempts FROM outbox WHERE application_id = $1",
        [id],
      )
    ).rows[0];

  const mailOf = async (id: string) =>
    (
      await store().query<{ kind: string; status: string }>(
        "SELECT kind, status FROM mail_outbox WHERE application_id = $1 ORDER BY id",
        [id],
      )
    ).rows;

  beforeAll(async () => {
    staff = await signedInStaff(ctx.app, { role: "staff" });
  });
  beforeEach(() => ctx.db.reset());

  it("shows every field, the attribution, the consent with its SHA-256, and the delivery timeline", async () => {
    const id = await submit(ctx.app, { companyName: "Timeline Tools", ...lastTouch("google", "spring") });
    await deliveryHistory(store(), id, "delivered", [
      { at: "2030-01-01T10:00:00.000Z", status: 503, error: "HTTP 503", outcome: "retry", durationMs: 40 },
      { at: "2030-01-01T10:00:10.000Z", status: null, error: "timeout after 10000 ms", outcome: "retry" },
      { at: "2030-01-01T10:00:40.000Z", status: 200, outcome: "delivered", durationMs: 31 },
    ]);
    const response = await client.get(`/api/desk/applications/${id}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail.application).toEqual({ ...sampleApplication, companyName: "Timeline Tools" });
    expect(detail).toMatchObject({
      id,
      state: "received",
      quarantineReason: null,
      attribution: {
        firstTouch: { utm_source: "first-source" },
        lastTouch: { utm_source: "google", utm_campaign: "spring" },
      },
      consent: {
        text: smsConsentText,
        version: "sms-consent-2024-01",
        sha256: sha256(smsConsentText),
        ip: "127.0.0.1",
        userAgent: "TestBrowser/1.0",
        phone: sampleApplication.phone,
      },
      delivery: { state: "delivered", attempts: 3, deliveredAt: "2030-01-01T10:00:40.000Z" },
    });
    expect(detail.consent.sha256).toMatch(/^[0-9a-f]{64}$/);
    // Its e-mails are in the timeline too (applications-mail.test.ts); here, the CRM's side, newest first.
    expect(withoutMail(detail.timeline)).toEqual([
      {
        at: "2030-01-01T10:00:40.000Z",
        kind: "attempt",
        status: 200,
        error: null,
        durationMs: 31,
        outcome: "delivered",
      },
      {
        at: "2030-01-01T10:00:10.000Z",
        kind: "attempt",
        status: null,
        error: "timeout after 10000 ms",
        durationMs: 25,
        outcome: "retry",
      },
      {
        at: "2030-01-01T10:00:00.000Z",
        kind: "attempt",
        status: 503,
        error: "HTTP 503",
        durationMs: 40,
        outcome: "retry",
      },
    ]);
    // Opening it is audited: who looked at whose application.
    expect(await auditRows(store(), id)).toEqual([
      expect.objectContaining({ action: "application.viewed", actor_email: staff.email, target: id }),
    ]);
  });

  it("answers 404 for an id that is not a uuid or not there, on every route", async () => {
    for (const id of ["not-a-uuid", "00000000-0000-0000-0000-000000000000", "1%27%20OR%201=1"]) {
      expect((await client.get(`/api/desk/applications/${id}`)).statusCode, id).toBe(404);
      expect((await client.get(`/api/desk/applications/${id}/evidence`)).statusCode, id).toBe(404);
      for (const action of ["redeliver", "quarantine"]) {
        expect(
          (await client.post(`/api/desk/applications/${id}/${action}`, { reason: "x" })).statusCode,
        ).toBe(404);
      }
      expect((await client.post(`/api/desk/applications/${id}/release`)).statusCode).toBe(404);
    }
  });

  it("quarantines with a reason: the waiting delivery is cancelled and never claimed", async () => {
    const id = await submit(ctx.app, { companyName: "Looks Fake Ltd" });
    expect((await client.post(`/api/desk/applications/${id}/quarantine`, {})).statusCode).toBe(400);
    expect((await client.post(`/api/desk/applications/${id}/quarantine`, { reason: "   " })).json()).toEqual({
      error: "Give a reason",
      errors: { reason: "Give a reason" },
    });
    const response = await client.post(`/api/desk/applications/${id}/quarantine`, {
      reason: "Test submission",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      state: "quarantined",
      quarantineReason: "Test submission",
      delivery: null,
    });
    expect(withoutMail(response.json().timeline)).toEqual([
      expect.objectContaining({
        kind: "action",
        action: "application.quarantined",
        by: staff.email,
        reason: "Test submission",
      }),
    ]);
    expect(await outboxOf(id)).toMatchObject({ status: "cancelled" });
    // Its receipt, not sent yet, will not be either.
    expect(await mailOf(id)).toEqual([{ kind: "receipt", status: "cancelled" }]);
    expect(await createOutboxRepository(store()).claim("test-worker", 10, 60_000)).toEqual([]);
    expect(await auditRows(store(), id, "application.quarantined")).toEqual([
      expect.objectContaining({
        actor_email: staff.email,
        details: { reason: "Test submission", deliveryCancelled: true, mailCancelled: 1 },
      }),
    ]);
    // Already there: 409, and no second audit row.
    expect(
      (await client.post(`/api/desk/applications/${id}/quarantine`, { reason: "again" })).statusCode,
    ).toBe(409);
    expect(await auditRows(store(), id, "application.quarantined")).toHaveLength(1);
    // Redelivering spam is refused.
    const refused = await client.post(`/api/desk/applications/${id}/redeliver`, { reason: "please" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/quarantine/);
  });

  it("releases from quarantine into the normal path: a new outbox row the worker delivers", async () => {
    const crm = await fakeCrm();
    const worker = createDeliveryWorker({
      store: store(),
      config: testConfig().delivery,
      webhookUrl: crm.url,
      log: ctx.app.log,
    });
    try {
      const id = await submit(ctx.app, { companyName: "Honest Mistake Inc", companyWebsite: "autofill" });
      expect(await outboxOf(id)).toBeUndefined();
      expect(await mailOf(id)).toEqual([]);
      expect((await client.post(`/api/desk/applications/${id}/redeliver`, { reason: "x" })).statusCode).toBe(
        409,
      );
      const released = await client.post(`/api/desk/applications/${id}/release`);
      expect(released.statusCode).toBe(200);
      expect(released.json()).toMatchObject({
        state: "received",
        quarantineReason: null,
        delivery: { state: "pending" },
      });
      expect(await outboxOf(id)).toMatchObject({ status: "pending", due: true });
      // The applicant gets the receipt any application gets.
      expect(await mailOf(id)).toEqual([{ kind: "receipt", status: "pending" }]);
      expect(await auditRows(store(), id, "application.released")).toEqual([
        expect.objectContaining({ actor_email: staff.email, details: { queued: true, mailQueued: 1 } }),
      ]);
      expect((await client.post(`/api/desk/applications/${id}/release`)).statusCode).toBe(409);

      worker.start();
      for (let i = 0; i < 100 && (await outboxOf(id)).status !== "delivered"; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await outboxOf(id)).toMatchObject({ status: "delivered" });
      expect(crm.received).toHaveLength(1);
      expect(crm.received[0].headers["idempotency-key"]).toBe(id);
      expect(JSON.parse(crm.received[0].body)).toMatchObject({
        companyName: "Honest Mistake Inc",
        applicationId: id,
      });
    } finally {
      await worker.stop();
      await crm.close();
    }
  });

  it("releases a quarantined application whose delivery was cancelled: pending again, fresh schedule", async () => {
    const id = await submit(ctx.app);
    await deliveryHistory(store(), id, "dead", [
      { at: "2024-01-01T00:00:00Z", status: 422, error: "HTTP 422", outcome: "dead" },
    ]);
    await client.post(`/api/desk/applications/${id}/quarantine`, { reason: "duplicate" });
    expect(await outboxOf(id)).toMatchObject({ status: "cancelled" });
    // Redelivering every dead row leaves the quarantined one alone.
    expect((await client.post("/api/desk/deliveries/redeliver-dead", { include: "all" })).json()).toEqual({
      redelivered: 0,
      permanentLeft: 0,
    });
    const released = await client.post(`/api/desk/applications/${id}/release`);
    expect(released.json().delivery).toMatchObject({ state: "pending", attempts: 0 });
    expect(await outboxOf(id)).toMatchObject({ status: "pending", due: true, attempts: 0 });
    const actions = released.json().timeline.filter((entry: { kind: string }) => entry.kind === "action");
    // Newest first.
    expect(actions.map((entry: { action: string }) => entry.action)).toEqual([
      "application.released",
      "application.quarantined",
    ]);
  });

  it("redelivers with a reason: a dead or delivered row is due again; one in flight is refused", async () => {
    const dead = await submit(ctx.app);
    await deliveryHistory(store(), dead, "dead", [
      { at: "2024-01-01T00:00:00Z", status: 400, error: "HTTP 400", outcome: "dead" },
    ]);
    expect((await client.post(`/api/desk/applications/${dead}/redeliver`)).statusCode).toBe(400);
    expect(
      (await client.post(`/api/desk/applications/${dead}/redeliver`, { reason: "x".repeat(501) })).statusCode,
    ).toBe(400);

    const response = await client.post(`/api/desk/applications/${dead}/redeliver`, {
      reason: "CRM field fixed",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().delivery).toMatchObject({ state: "pending", attempts: 0 });
    expect(await outboxOf(dead)).toMatchObject({ status: "pending", due: true });
    expect(await auditRows(store(), dead, "application.redelivered")).toEqual([
      expect.objectContaining({
        actor_email: staff.email,
        details: { reason: "CRM field fixed", from: "dead" },
      }),
    ]);
    expect(response.json().timeline[0]).toMatchObject({
      kind: "action",
      action: "application.redelivered",
      by: staff.email,
      reason: "CRM field fixed",
    });

    const delivered = await submit(ctx.app);
    await deliveryHistory(store(), delivered, "delivered", [
      { at: "2024-01-01T00:00:00Z", status: 200, outcome: "delivered" },
    ]);
    expect(
      (await client.post(`/api/desk/applications/${delivered}/redeliver`, { reason: "CRM lost it" }))
        .statusCode,
    ).toBe(200);
    expect(await outboxOf(delivered)).toMatchObject({ status: "pending" });

    const sending = await submit(ctx.app);
    await deliveryHistory(store(), sending, "sending", []);
    const busy = await client.post(`/api/desk/applications/${sending}/redeliver`, { reason: "now" });
    expect(busy.statusCode).toBe(409);
    expect(await auditRows(store(), sending, "application.redelivered")).toEqual([]);
  });

  it("refuses an action from another site (no matching Origin)", async () => {
    const id = await submit(ctx.app);
    const response = await ctx.app.inject({
      method: "POST",
      url: `/api/desk/applications/${id}/quarantine`,
      headers: { cookie: staff.cookie, origin: "https://evil.example" },
      payload: { reason: "csrf" },
    });
    expect(response.statusCode).toBe(403);
    expect(await outboxOf(id)).toMatchObject({ status: "pending" });
  });
});
