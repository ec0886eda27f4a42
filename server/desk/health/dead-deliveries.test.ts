/**
 * Dead deliveries as the health page shows them, on both engines: a CRM on
 * loopback refuses one application for good (422 "duplicate contact") and is down
 * for another (503) until the worker gives up; the health API says which is
 * which and why, and "redeliver all dead" sends only the temporary failures
 * again unless staff ask for the refusals too.
 */
import { createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDeliveryWorker } from "../../crm-delivery/worker";
import { signedInStaff } from "../../../test/support/desk";
import { auditRows, deskClient, submit } from "../../../test/support/desk-applications";
import { listenOnLoopback, type Listening } from "../../../test/support/loopback";
import { ENGINES, testConfig, useTestApp } from "../../../test/support/server";

/** The CRM's answer per company: a refusal, an outage, or accepted. */
const ANSWERS: Record<string, { status: number; body: string }> = {
  "Duplicate Contact Co": { status: 422, body: '{"error":"duplicate contact"}' },
  "Outage Co": { status: 503, body: "Service Unavailable" },
};

async function loopbackCrm(): Promise<Listening & { url: string }> {
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      const answer = ANSWERS[JSON.parse(body).companyName] ?? { status: 200, body: "{}" };
      response.writeHead(answer.status, { "content-type": "application/json" }).end(answer.body);
    });
  });
  const listening = await listenOnLoopback(server, 0);
  return { ...listening, url: `http://127.0.0.1:${listening.port}/leads` };
}

describe.each(ENGINES)("dead deliveries on %s", (engine) => {
  const ctx = useTestApp(engine, { resetEach: false, env: { LEAD_WEBHOOK_URL: "http://127.0.0.1:9/crm" } });
  let staff: { cookie: string };
  const client = deskClient(
    () => ctx.app,
    () => staff.cookie,
  );
  let crm: Listening & { url: string };
  const ids: Record<string, string> = {};
  const statusOf = async (id: string) =>
    (
      await ctx.db.store.query<{ status: string }>("SELECT status FROM outbox WHERE application_id = $1", [
        id,
      ])
    ).rows[0].status;

  beforeAll(async () => {
    staff = await signedInStaff(ctx.app, { role: "staff" });
    crm = await loopbackCrm();
    for (const companyName of ["Duplicate Contact Co", "Outage Co", "Fine Co"]) {
      ids[companyName] = await submit(ctx.app, { companyName });
    }
    // Two attempts, moments apart: the outage is given up on within a second.
    const config = testConfig({
      DELIVERY_MAX_ATTEMPTS: "2",
      DELIVERY_BACKOFF_BASE_MS: "20",
      DELIVERY_BACKOFF_MAX_MS: "50",
      DELIVERY_POLL_MS: "20",
    }).delivery;
    const worker = createDeliveryWorker({
      store: ctx.db.store,
      config,
      webhookUrl: crm.url,
      log: ctx.app.log,
    });
    worker.start();
    try {
      for (let i = 0; i < 200; i++) {
        const states = await Promise.all(Object.values(ids).map(statusOf));
        if (states.every((state) => state === "dead" || state === "delivered")) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    } finally {
      await worker.stop();
    }
  });
  afterAll(() => crm?.close());

  it("lists each dead delivery with its last error, and counts refusals apart from temporary failures", async () => {
    const health = (await client.get("/api/desk/health")).json();
    expect(health.counts).toMatchObject({ delivered: 1, dead: 2 });
    expect(health.deadKinds).toEqual({ temporary: 1, permanent: 1 });
    const byCompany = Object.fromEntries(
      health.dead.map((item: { companyName: string }) => [item.companyName, item]),
    );
    expect(byCompany["Duplicate Contact Co"].lastAttempt).toEqual({
      at: expect.any(String),
      statusCode: 422,
      error: 'HTTP 422: {"error":"duplicate contact"}',
      permanent: true,
    });
    expect(byCompany["Outage Co"].lastAttempt).toEqual({
      at: expect.any(String),
      statusCode: 503,
      error: "HTTP 503: Service Unavailable",
      permanent: false,
    });
  });

  it("refuses a body it does not understand, with the error shape", async () => {
    for (const payload of [{ include: "everything" }, { only: "temporary" }]) {
      const response = await client.post("/api/desk/deliveries/redeliver-dead", payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'include must be "temporary" or "all"',
        errors: { include: 'include must be "temporary" or "all"' },
      });
    }
    expect(await statusOf(ids["Outage Co"])).toBe("dead");
  });

  it("sends only the temporary failures again by default, and the refusals too when asked", async () => {
    const temporary = await client.post("/api/desk/deliveries/redeliver-dead");
    expect(temporary.statusCode).toBe(200);
    expect(temporary.json()).toEqual({ redelivered: 1, permanentLeft: 1 });
    expect(await statusOf(ids["Outage Co"])).toBe("pending");
    expect(await statusOf(ids["Duplicate Contact Co"])).toBe("dead");
    expect((await client.get("/api/desk/health")).json().deadKinds).toEqual({ temporary: 0, permanent: 1 });

    const all = await client.post("/api/desk/deliveries/redeliver-dead", { include: "all" });
    expect(all.json()).toEqual({ redelivered: 1, permanentLeft: 0 });
    expect(await statusOf(ids["Duplicate Contact Co"])).toBe("pending");
    expect(await auditRows(ctx.db.store, undefined, "dead-deliveries.redelivered")).toEqual([
      expect.objectContaining({ details: { count: 1, include: "temporary" } }),
      expect.objectContaining({ details: { count: 1, include: "all" } }),
    ]);
  });
});
