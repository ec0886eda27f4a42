/**
 * What the delivery worker records of a CRM's answer: whatever the CRM sends
 * back (a NUL, bytes that are not UTF-8, a body that never ends), the attempt
 * is recorded, with a short, clean excerpt, as soon as the status is known.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { FAST_DELIVERY, waitFor } from "../../test/support/fault-harness";
import { ENGINES, testConfig, useTestApp, validApplication } from "../../test/support/server";
import { hasUnsafeText } from "../clean-text";
import { createDeliveryWorker, type DeliveryWorker } from "./worker";

const TIMEOUT_MS = Number(FAST_DELIVERY.DELIVERY_TIMEOUT_MS);

/** A CRM that answers every request with `status` and what `write` sends (it may never end). */
async function startCrm(status: number, write: (res: http.ServerResponse) => void) {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(status, { "content-type": "text/plain" });
      write(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Writes a chunk every few milliseconds until the client goes away. */
function endless(res: http.ServerResponse) {
  const timer = setInterval(() => res.write("x".repeat(16 * 1024)), 5);
  res.on("close", () => clearInterval(timer));
}

describe.each(ENGINES)("recording a CRM's answer on %s", (engine) => {
  const ctx = useTestApp(engine);
  let worker: DeliveryWorker | undefined;
  let crm: Awaited<ReturnType<typeof startCrm>> | undefined;

  afterEach(async () => {
    await worker?.stop();
    await crm?.close();
    worker = crm = undefined;
  });

  /** Stores one application, starts a worker against `crm`, and returns its first recorded attempt. */
  async function firstAttempt() {
    const stored = await ctx.app.inject({
      method: "POST",
      url: "/api/applications",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(validApplication()),
    });
    expect(stored.statusCode).toBe(201);
    worker = createDeliveryWorker({
      store: ctx.db.store,
      config: testConfig(FAST_DELIVERY).delivery,
      webhookUrl: crm!.url,
      log: pino({ level: "silent" }),
    });
    worker.start();
    return waitFor(
      async () =>
        (
          await ctx.db.store.query<{
            status_code: number;
            error: string | null;
            duration_ms: number;
            outcome: string;
          }>("SELECT status_code, error, duration_ms, outcome FROM delivery_attempts ORDER BY id LIMIT 1")
        ).rows[0],
      { what: "a recorded attempt", timeoutMs: 10_000 },
    );
  }

  it("records a 500 whose body holds a NUL and bytes that are not UTF-8, cleaned", async () => {
    crm = await startCrm(500, (res) =>
      res.end(Buffer.concat([Buffer.from("upstream\u0000 down\u0007 "), Buffer.from([0xff, 0xfe, 0x41])])),
    );
    const attempt = await firstAttempt();

    expect(attempt).toMatchObject({
      status_code: 500,
      outcome: "retry",
      error: "HTTP 500: upstream down \ufffd\ufffdA",
    });
    const { rows } = await ctx.db.store.query<{ last_error: string }>("SELECT last_error FROM outbox");
    expect(rows[0].last_error).toBe(attempt.error);
  });

  it("records a 500 with an endless body at once, with a short excerpt of it", async () => {
    crm = await startCrm(500, endless);
    const attempt = await firstAttempt();

    expect(attempt.status_code).toBe(500);
    expect(attempt.error).toMatch(/^HTTP 500: x{100,}$/);
    expect(attempt.error!.length).toBeLessThanOrEqual(320);
    expect(hasUnsafeText(attempt.error!)).toBe(false);
    expect(attempt.duration_ms).toBeLessThan(TIMEOUT_MS / 2);
  });

  it("counts a 200 with an endless body as delivered, without waiting for the body", async () => {
    crm = await startCrm(200, endless);
    const attempt = await firstAttempt();

    expect(attempt).toMatchObject({ status_code: 200, outcome: "delivered", error: null });
    expect(attempt.duration_ms).toBeLessThan(TIMEOUT_MS / 2);
  });
});
