/**
 * An accepted application sets its delivery and its e-mails going at once:
 * workers asleep until a poll a minute away take the new rows as soon as the
 * intake has stored them (outbox/notifier.ts), on both engines. A honeypot
 * hit wakes neither (nothing of it is ever sent).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../../test/support/fault-harness";
import { submit } from "../../test/support/desk-applications";
import { ENGINES, testConfig, useTestApp } from "../../test/support/server";
import { TestSmtpServer } from "../../test/support/smtp";
import { createDeliveryWorker } from "../crm-delivery/worker";
import { createMailWorker } from "../mail/worker";
import type { OutboxWorker } from "../outbox/worker-loop";
import type { Store } from "../store/store";

const STAFF = "ops@harborline.test";
/** A poll the test never reaches: only a notification can wake the workers in time. */
const ASLEEP = { ...testConfig().delivery, timeoutMs: 2_000, leaseMs: 10_000, pollMs: 60_000 };
/** Well under the poll; generous for a slow machine. */
const AT_ONCE_MS = 5_000;

/** A CRM that answers 200 and notes when each application came. */
async function startCrm() {
  const received: { applicationId: string; at: number }[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      received.push({ applicationId: String(req.headers["idempotency-key"]), at: Date.now() });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    received,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The store, counting how often each outbox was asked when its next row falls due (a worker about to sleep). */
function watched(store: Store) {
  const sleeps = { outbox: 0, mail_outbox: 0 };
  const query: Store["query"] = (sql, params) => {
    const asked = /min\(next_attempt_at\)[\s\S]*FROM (\w+)/.exec(sql)?.[1];
    if (asked === "outbox" || asked === "mail_outbox") sleeps[asked]++;
    return store.query(sql, params);
  };
  const get = (target: Store, key: string | symbol) => {
    if (key === "query") return query;
    const value = Reflect.get(target, key);
    return typeof value === "function" ? value.bind(target) : value;
  };
  return { store: new Proxy(store, { get }), sleeps };
}

describe.each(ENGINES)("the intake's notification on %s", (engine) => {
  const ctx = useTestApp(engine, { env: { STAFF_ALERT_EMAILS: STAFF } });
  const smtp = new TestSmtpServer();
  let crm: Awaited<ReturnType<typeof startCrm>>;
  let workers: OutboxWorker[] = [];

  beforeAll(async () => {
    await smtp.start();
    crm = await startCrm();
  });
  afterAll(async () => {
    await smtp.stop();
    await crm.close();
  });
  afterEach(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    workers = [];
  });

  /** Both workers started and gone to sleep with nothing due. */
  async function sleepingWorkers() {
    const { store, sleeps } = watched(ctx.db.store);
    const log = pino({ level: "silent" });
    workers = [
      createDeliveryWorker({ store, config: ASLEEP, webhookUrl: crm.url, log }),
      createMailWorker({ store, config: ASLEEP, smtpUrl: smtp.url, log }),
    ];
    for (const worker of workers) worker.start();
    await waitFor(() => sleeps.outbox > 0 && sleeps.mail_outbox > 0, { what: "both workers asleep" });
    return sleeps;
  }

  it("delivers a new application to the CRM and sends its receipt and staff alert at once, not at the next poll", async () => {
    await sleepingWorkers();
    const email = `at-once-${engine}@example.com`;
    const stored = Date.now();
    const id = await submit(ctx.app, { email });

    const sent = await waitFor(() => crm.received.find((entry) => entry.applicationId === id), {
      what: "the application at the CRM",
      timeoutMs: AT_ONCE_MS,
    });
    const receipt = await waitFor(() => smtp.to(email)[0], {
      what: "the receipt",
      timeoutMs: AT_ONCE_MS,
    });
    const alert = await waitFor(() => smtp.to(STAFF).find((mail) => mail.receivedAt >= stored), {
      what: "the staff alert",
      timeoutMs: AT_ONCE_MS,
    });
    expect(sent.at - stored).toBeLessThan(AT_ONCE_MS);
    expect(receipt.receivedAt - stored).toBeLessThan(AT_ONCE_MS);
    expect(alert.receivedAt - stored).toBeLessThan(AT_ONCE_MS);
  });

  it("wakes neither worker for a honeypot hit", async () => {
    const sleeps = await sleepingWorkers();
    const before = { ...sleeps };
    await submit(ctx.app, { companyWebsite: "https://spam.example" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sleeps).toEqual(before);
  });
});
