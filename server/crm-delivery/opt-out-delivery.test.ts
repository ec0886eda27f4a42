/**
 * Opt-outs reach the CRM exactly once through their outbox, on both engines:
 * from the desk and from the texting platform, across a CRM that is down and
 * then answers 503 before it recovers, across a worker stopped and another
 * started (a restart), and across a worker that died holding its claim. The
 * CRM's own reports are never sent back to it. On PostgreSQL, two instances'
 * workers never send one opt-out twice.
 */
import { randomUUID } from "node:crypto";
import pino from "pino";
import { afterEach, beforeAll, afterAll, describe, expect, it } from "vitest";
import { FakeCrm, FAST_DELIVERY, waitFor } from "../../test/support/fault-harness";
import {
  INBOUND_ENV,
  optOutEvent,
  postSigned,
  postWithToken,
  useInboundApp,
} from "../../test/support/inbound";
import { ENGINES, testConfig, useTwoInstances } from "../../test/support/server";
import type { OutboxWorker } from "../outbox/worker-loop";
import type { Store } from "../store/store";
import { createOptOutOutbox, optOutKey } from "./opt-out-outbox";
import { createOptOutWorker } from "./opt-out-worker";

const silent = pino({ level: "silent" });
const delivery = testConfig(FAST_DELIVERY).delivery;
const freshPhone = () => `+1 (718) 555-${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`;

/** The outbox state of these opt-outs. */
async function outboxOf(store: Store, ids: string[]) {
  const { rows } = await store.query<{ opt_out_id: string; status: string; attempts: number }>(
    `SELECT opt_out_id::text AS opt_out_id, status, attempts FROM opt_out_outbox
      WHERE opt_out_id = ANY($1::bigint[]) ORDER BY opt_out_id`,
    [ids],
  );
  return rows;
}

const allDelivered = (store: Store, ids: string[]) => async () =>
  (await outboxOf(store, ids)).filter((row) => row.status === "delivered").length === ids.length;

describe.each(ENGINES)("opt-outs to the CRM on %s", (engine) => {
  const { ctx, store, desk } = useInboundApp(engine);
  const crm = new FakeCrm();
  let workers: OutboxWorker[] = [];
  const startWorker = (workerId?: string) => {
    const worker = createOptOutWorker({
      store: store(),
      config: delivery,
      url: crm.url,
      log: silent,
      workerId,
    });
    workers.push(worker);
    worker.start();
    return worker;
  };

  beforeAll(() => crm.start());
  afterAll(() => crm.stop());
  afterEach(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    workers = [];
    crm.requests.length = 0;
    crm.answer = () => ({ status: 200 });
    await crm.stop();
    await crm.start();
  });

  /** One opt-out recorded by staff, one relayed by the texting platform, one sent on the site's form. */
  async function oneFromEachChannel() {
    const recorded = await desk.post("/api/desk/opt-outs", {
      channel: "email",
      email: `desk-${randomUUID().slice(0, 8)}@shop.example`,
      receivedVia: "phone",
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const phone = freshPhone();
    const relayed = await postSigned(ctx.app, "sms", optOutEvent({ channel: "sms", phone, keyword: "STOP" }));
    expect(relayed.statusCode, relayed.body).toBe(200);
    const { rows } = await store().query<{ id: string }>(
      "SELECT id::text AS id FROM opt_outs WHERE phone = $1",
      [phone],
    );
    const formPhone = freshPhone();
    const form = await ctx.app.inject({
      method: "POST",
      url: "/api/opt-out",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ phone: formPhone }).toString(),
    });
    expect(form.statusCode).toBe(303);
    const fromForm = await store().query<{ id: string }>(
      "SELECT id::text AS id FROM opt_outs WHERE phone = $1",
      [formPhone],
    );
    return { deskOptOut: recorded.json(), webhookId: rows[0].id, formId: fromForm.rows[0].id };
  }

  it("sends each (desk, texting platform, site form) once across an outage: the CRM down, then 503, then back", async () => {
    const { deskOptOut, webhookId, formId } = await oneFromEachChannel();
    const ids = [deskOptOut.id, webhookId, formId];
    const ledgerBefore = (await store().query("SELECT * FROM opt_outs ORDER BY id")).rows;
    await crm.stop();
    startWorker();
    // Down: attempts fail with no answer and are retried.
    await waitFor(async () => (await outboxOf(store(), ids)).every((row) => row.attempts >= 2), {
      what: "failed attempts while the CRM is down",
    });
    // Back, but overloaded for a while: 503 twice per opt-out, then taken.
    crm.answer = (_request, seen) => (seen < 2 ? { status: 503 } : { status: 200 });
    await crm.start();
    await waitFor(allDelivered(store(), ids), { what: "all three delivered" });

    const keys = ids.map(optOutKey);
    for (const key of keys) expect(crm.accepted().get(key)).toBe(1);
    expect(crm.seen().get(keys[0])).toBe(3);
    const sent = crm.requests.find(
      (request) => request.key === optOutKey(deskOptOut.id) && request.answered === 200,
    );
    expect(sent?.body).toEqual({
      type: "contact.opted_out",
      optOutId: deskOptOut.id,
      channel: "email",
      phone: null,
      email: deskOptOut.email,
      receivedVia: "phone",
      receivedAt: deskOptOut.receivedAt,
      honourBy: deskOptOut.honourBy,
    });
    expect(sent?.contentType).toBe("application/json");
    // Delivery state lives in the outbox: the ledger rows are as they were written.
    expect((await store().query("SELECT * FROM opt_outs ORDER BY id")).rows).toEqual(ledgerBefore);
    const attempts = await store().query<{ outcome: string }>(
      `SELECT a.outcome FROM opt_out_delivery_attempts a JOIN opt_out_outbox o ON o.id = a.outbox_id
        WHERE o.opt_out_id = $1::bigint ORDER BY a.id`,
      [deskOptOut.id],
    );
    expect(attempts.rows.at(-1)?.outcome).toBe("delivered");
    expect(attempts.rows.filter((row) => row.outcome === "retry").length).toBeGreaterThanOrEqual(4);
  });

  it("sends each once across a restart, and after a worker that died holding the claim", async () => {
    const first = await oneFromEachChannel();
    // A worker claims them and dies before it sends anything (its lease runs out).
    const claims = createOptOutOutbox(store());
    const taken = await claims.claim("killed-worker", 100, 300);
    expect(taken.map((claim) => claim.optOutId)).toEqual(
      expect.arrayContaining([first.deskOptOut.id, first.webhookId, first.formId]),
    );
    // A worker runs while the CRM is down, then is stopped (a shutdown gives back what it holds).
    await crm.stop();
    const before = startWorker("before-restart");
    const second = await oneFromEachChannel();
    const ids = [
      first.deskOptOut.id,
      first.webhookId,
      first.formId,
      second.deskOptOut.id,
      second.webhookId,
      second.formId,
    ];
    await waitFor(async () => (await outboxOf(store(), [second.webhookId]))[0].attempts >= 1, {
      what: "an attempt before the restart",
    });
    await before.stop();
    // The restarted process's worker, with the CRM back.
    await crm.start();
    startWorker("after-restart");
    await waitFor(allDelivered(store(), ids), { what: "all delivered after the restart" });
    for (const id of ids) expect(crm.accepted().get(optOutKey(id))).toBe(1);
    for (const id of ids) expect(crm.seen().get(optOutKey(id))).toBe(1);
  });

  it("never sends the CRM an opt-out the CRM reported", async () => {
    const email = `from-crm-${randomUUID().slice(0, 8)}@shop.example`;
    const response = await postWithToken(ctx.app, "crm", {
      id: `crm-${randomUUID()}`,
      ...optOutEvent({ channel: "email", email }),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { rows } = await store().query<{ id: string }>(
      "SELECT id::text AS id FROM opt_outs WHERE email = $1",
      [email],
    );
    expect(rows).toHaveLength(1);
    expect(await outboxOf(store(), [rows[0].id])).toEqual([]);
  });
});

describe("opt-outs to the CRM from two instances (PostgreSQL)", () => {
  const ctx = useTwoInstances({ env: INBOUND_ENV });
  const crm = new FakeCrm();
  const workers: OutboxWorker[] = [];
  beforeAll(() => crm.start());
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    await crm.stop();
  });

  it("sends each of many opt-outs once while both instances' workers claim at once", async () => {
    const phones = Array.from({ length: 40 }, freshPhone);
    const answers = await Promise.all(
      phones.map((phone, i) =>
        postSigned(i % 2 ? ctx.first : ctx.second, "sms", optOutEvent({ channel: "sms", phone })),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const { rows } = await ctx.first.store.query<{ id: string }>(
      "SELECT id::text AS id FROM opt_outs WHERE phone = ANY($1::text[])",
      [phones],
    );
    const ids = rows.map((row) => row.id);
    expect(new Set(ids).size).toBe(40);
    // The CRM is a little slow, so claims overlap in time.
    crm.answer = () => ({ status: 200, delayMs: 15 });
    for (const app of [ctx.first, ctx.second]) {
      const worker = createOptOutWorker({ store: app.store, config: delivery, url: crm.url, log: silent });
      workers.push(worker);
      worker.start();
    }
    await waitFor(allDelivered(ctx.first.store, ids), { what: "all 40 delivered" });
    for (const id of ids) expect(crm.seen().get(optOutKey(id))).toBe(1);
    const byWorker = await ctx.first.store.query<{ worker: string; n: string }>(
      `SELECT a.worker, count(*)::text AS n FROM opt_out_delivery_attempts a
         JOIN opt_out_outbox o ON o.id = a.outbox_id WHERE o.opt_out_id = ANY($1::bigint[]) GROUP BY a.worker`,
      [ids],
    );
    expect(byWorker.rows.reduce((sum, row) => sum + Number(row.n), 0)).toBe(40);
    // Both took part: each holds at most DELIVERY_CONCURRENCY at a time.
    expect(byWorker.rows).toHaveLength(2);
  });
});
