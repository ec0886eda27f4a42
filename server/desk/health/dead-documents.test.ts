/**
 * Accepted documents whose CRM delivery died, on both engines, over real
 * HTTP: a CRM on loopback answers 503 until the document worker gives up; the
 * health API lists the document with its application, served name, attempts
 * and last error; staff send it again with a reason (audited as
 * document.redelivered), which wakes the worker at once, and the CRM then
 * receives it exactly once. Without a session, before the second factor, from
 * another site, without a reason, for an unknown or a delivered document: refused.
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accept, applyWithFiles, type Filed } from "../../../test/support/accepted-documents";
import { cookiesFrom, deskHeaders, inviteToken, signedInStaff } from "../../../test/support/desk";
import { auditRows } from "../../../test/support/desk-applications";
import { FakeCrm, FAST_DELIVERY, waitFor } from "../../../test/support/fault-harness";
import { ENGINES, testConfig, useTestApp } from "../../../test/support/server";
import { documentKey } from "../../crm-delivery/document-outbox-repository";
import { createDocumentWorker } from "../../crm-delivery/document-worker";
import { keyringFrom } from "../../documents/master-key";
import type { OutboxWorker } from "../../outbox/worker-loop";

const KEY = randomBytes(32).toString("base64");
const keyring = keyringFrom(KEY);
const silent = pino({ level: "silent" });

describe.each(ENGINES)("dead document deliveries on %s", (engine) => {
  const crm = new FakeCrm();
  const ctx = useTestApp(engine, {
    resetEach: false,
    env: { DOCUMENTS_MASTER_KEY: KEY, ...FAST_DELIVERY },
  });
  let base: string;
  let staff: { cookie: string; email: string };
  let file: Filed;
  let worker: OutboxWorker | undefined;

  /** A request over the app's own listening socket, as the desk's page sends it. */
  const send = (method: "GET" | "POST", path: string, cookie?: string, body?: object) =>
    fetch(`${base}${path}`, {
      method,
      headers: {
        ...deskHeaders(ctx.app, cookie),
        ...(body ? { "content-type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
  const redeliver = (documentId: string, cookie?: string, body?: object) =>
    send("POST", `/api/desk/documents/${documentId}/redeliver`, cookie, body);
  const statusOf = async (documentId: string) =>
    (
      await ctx.app.store.query<{ status: string }>(
        "SELECT status FROM document_outbox WHERE document_id = $1",
        [documentId],
      )
    ).rows[0]?.status;
  const startWorker = (env: Record<string, string>) => {
    worker = createDocumentWorker({
      store: ctx.app.store,
      config: testConfig({ ...FAST_DELIVERY, ...env }).delivery,
      url: crm.url,
      siteUrl: ctx.app.config.siteUrl,
      keyring,
      log: silent,
    });
    worker.start();
  };

  beforeAll(async () => {
    await crm.start();
    await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    staff = await signedInStaff(ctx.app, { role: "staff" });
    [file] = await applyWithFiles(ctx.app, keyring, 1);
    // The CRM is down until the worker gives up (three attempts, moments apart).
    crm.answer = () => ({ status: 503 });
    startWorker({ DELIVERY_MAX_ATTEMPTS: "3", DELIVERY_BACKOFF_BASE_MS: "20", DELIVERY_POLL_MS: "20" });
    await accept(ctx.app.store, file);
    await waitFor(async () => (await statusOf(file.documentId)) === "dead", { what: "the delivery dead" });
    await worker!.stop();
    worker = undefined;
  });
  afterAll(async () => {
    await worker?.stop();
    await crm.stop();
  });

  it("lists the dead document beside the dead applications, with a count", async () => {
    const response = await send("GET", "/api/desk/health", staff.cookie);
    expect(response.status).toBe(200);
    const health = await response.json();
    const { rows } = await ctx.app.store.query<{ reference: string }>(
      "SELECT reference FROM applications WHERE id = $1",
      [file.applicationId],
    );
    expect(health.deadDocumentCount).toBe(1);
    expect(health.deadDocuments).toEqual([
      {
        documentId: file.documentId,
        applicationId: file.applicationId,
        reference: rows[0].reference,
        fileName: expect.stringMatching(/-1\.pdf$/),
        kind: expect.any(String),
        label: file.label,
        attempts: 3,
        lastError: 'HTTP 503: {"ok":false}',
        diedAt: expect.any(String),
      },
    ]);
    expect(crm.requests.filter((request) => request.key === documentKey(file.documentId))).toHaveLength(3);
  });

  it("refuses without a session, before the second factor, from another site, and without a reason", async () => {
    const anonymous = await redeliver(file.documentId, undefined, { reason: "CRM back" });
    expect(anonymous.status).toBe(401);

    // An invitation accepted, its authenticator not yet confirmed: a session without the rights.
    const token = await inviteToken(ctx.app, {
      email: `half-${randomUUID().slice(0, 8)}@example.test`,
      role: "staff",
    });
    const accepted = await ctx.app.inject({
      method: "POST",
      url: `/api/desk/invitations/${token}/accept`,
      headers: deskHeaders(ctx.app),
      payload: { password: `desk test ${randomUUID()}` },
    });
    const enrolling = await redeliver(file.documentId, cookiesFrom(accepted), { reason: "CRM back" });
    expect(enrolling.status).toBe(403);

    const crossSite = await fetch(`${base}/api/desk/documents/${file.documentId}/redeliver`, {
      method: "POST",
      headers: { cookie: staff.cookie, origin: "https://evil.example", "content-type": "application/json" },
      body: JSON.stringify({ reason: "CRM back" }),
    });
    expect(crossSite.status).toBe(403);

    for (const body of [undefined, {}, { reason: "  " }, { reason: "x".repeat(501) }]) {
      const refused = await redeliver(file.documentId, staff.cookie, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect((await refused.json()).errors).toHaveProperty("reason");
    }
    expect(await statusOf(file.documentId)).toBe("dead");
    expect(await auditRows(ctx.app.store, undefined, "document.redelivered")).toEqual([]);
  });

  it("answers 404 for a document with no delivery", async () => {
    const unknown = await redeliver(randomUUID(), staff.cookie, { reason: "CRM back" });
    expect(unknown.status).toBe(404);
    expect((await redeliver("not-an-id", staff.cookie, { reason: "CRM back" })).status).toBe(404);
  });

  it("sends it again with a reason: the worker is woken, the CRM receives it once, the audit log has it", async () => {
    crm.requests.length = 0;
    crm.answer = () => ({ status: 200 });
    // Polling once a minute: only the wake-up gets it delivered within the wait.
    startWorker({ DELIVERY_POLL_MS: "60000" });

    const response = await redeliver(file.documentId, staff.cookie, { reason: "The CRM is back up" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ documentId: file.documentId, status: "pending" });
    await waitFor(async () => (await statusOf(file.documentId)) === "delivered", {
      what: "the document delivered",
      timeoutMs: 20_000,
    });
    expect(crm.requests.map((request) => request.key)).toEqual([documentKey(file.documentId)]);

    expect(await auditRows(ctx.app.store, file.applicationId, "document.redelivered")).toEqual([
      expect.objectContaining({
        actor_email: staff.email,
        details: { documentId: file.documentId, reason: "The CRM is back up", from: "dead" },
      }),
    ]);
    const health = await (await send("GET", "/api/desk/health", staff.cookie)).json();
    expect(health.deadDocuments).toEqual([]);
    expect(health.deadDocumentCount).toBe(0);
  });

  it("refuses a document that is not dead with 409, changing nothing", async () => {
    const again = await redeliver(file.documentId, staff.cookie, { reason: "Once more" });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      error: "This document's delivery is not dead: the CRM already has it",
    });
    expect(await statusOf(file.documentId)).toBe("delivered");
    expect(await auditRows(ctx.app.store, file.applicationId, "document.redelivered")).toHaveLength(1);
  });
});
