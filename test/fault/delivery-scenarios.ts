/**
 * The fault scenarios, run against real server processes on one engine
 * (delivery-pglite.test.ts, delivery-postgres.test.ts). What "exactly once"
 * means here: the fake CRM answers 2xx exactly once per application id,
 * except where the server was SIGKILLed while a delivery was in flight; there
 * a second 2xx for the same id (same Idempotency-Key, same body) is allowed,
 * at most one per delivery that was in flight, and counted.
 */
import { describe, expect, it } from "vitest";
import { CRM_PAYLOAD_KEYS } from "../../server/crm-delivery/crm-payload";
import type { Engine } from "../support/server";
import {
  FAST_DELIVERY,
  FakeCrm,
  attemptsFor,
  deliveryLogs,
  killMidStream,
  newSubmission,
  newSubmissions,
  runCli,
  startServer,
  storedApplications,
  submit,
  submitAcross,
  submitAll,
  waitFor,
  type ServerProcess,
} from "../support/fault-harness";
import { useFaultSuite } from "../support/fault-suite";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const CONCURRENCY = Number(FAST_DELIVERY.DELIVERY_CONCURRENCY);
const TIMEOUT_ERROR = `timeout after ${FAST_DELIVERY.DELIVERY_TIMEOUT_MS} ms`;

type LogLine = Record<string, unknown>;

/** `server` logged a delivery line matching `match` for every id. */
const loggedForEach = (server: ServerProcess, ids: string[], match: (line: LogLine) => boolean) =>
  ids.every((id) => deliveryLogs(server).some((line) => line.applicationId === id && match(line)));

export function defineFaultSuite(engine: Engine) {
  // Generous per-test limit: a busy CI machine slows process start-up, not the logic.
  describe(`delivery faults on ${engine} (real processes)`, { timeout: 120_000 }, () => {
    const suite = useFaultSuite(engine, {
      peer: () => new FakeCrm(),
      env: (crm) => ({ LEAD_WEBHOOK_URL: crm.url }),
    });
    const { start, stopAndOpen } = suite;

    /** The CRM answered 2xx and a server recorded it (its log line follows the store write). */
    const delivered = (id: string) =>
      suite.peer.accepted().has(id) &&
      suite.servers.some((server) => loggedForEach(server, [id], (l) => l.outcome === "delivered"));
    const waitDelivered = (ids: string[], what = "every application delivered and recorded") =>
      waitFor(() => ids.every(delivered), { what, timeoutMs: 40_000 });

    /**
     * After a kill: once the CRM has every id, stop the servers and read the store. A row the
     * killed process had claimed may still wait for its lease (or a row recorded just before the
     * kill has no log line), so until the store shows every row delivered, run a server again.
     */
    const settle = async (ids: string[]) => {
      await waitFor(() => ids.every((id) => suite.peer.accepted().has(id)), {
        what: "every application at the CRM",
      });
      for (let round = 0; round < 5; round++) {
        const waiting = (await storedApplications(await stopAndOpen())).filter(
          (row) => row.delivery !== "delivered",
        );
        if (waiting.length === 0) return;
        await suite.store!.close();
        suite.store = undefined;
        const server = await start();
        await waitFor(
          () =>
            loggedForEach(
              server,
              waiting.map((row) => row.id),
              (l) => l.outcome === "delivered",
            ),
          { what: "the applications left by the killed process", timeoutMs: 40_000 },
        );
      }
      throw new Error("rows still undelivered after five restarts");
    };

    const expectDeliveredOnce = (ids: string[]) => {
      const accepted = suite.peer.accepted();
      for (const id of ids) expect(accepted.get(id), `2xx answers for ${id}`).toBe(1);
      // Nothing reached the CRM that the store does not know.
      for (const key of suite.peer.seen().keys()) expect(ids).toContain(key);
    };

    const expectAllDeliveredInStore = async (ids: string[]) => {
      const stored = await storedApplications(await stopAndOpen());
      expect(stored.map((row) => row.id).sort()).toEqual([...ids].sort());
      for (const row of stored) {
        expect(row).toMatchObject({ delivery: "delivered", consent: true });
      }
      return stored;
    };

    it("sends the stored payload with an Idempotency-Key, after the CRM answered 500 for a while", async () => {
      const crm = suite.peer;
      // "A while": until every application has met a 500 (the early ones twice), whatever the machine's speed.
      let failing = true;
      crm.answer = () => (failing ? { status: 500 } : { status: 200 });
      const server = await start();
      const failures = (id: string) => crm.requests.filter((r) => r.key === id && r.answered === 500).length;

      const early = await submitAll(server.port, newSubmissions(6));
      await waitFor(() => early.every((id) => failures(id) >= 2), {
        what: "two 500s for the early applications",
      });
      const late = await submitAll(server.port, newSubmissions(6, 100));
      await waitFor(() => late.every((id) => failures(id) >= 1), { what: "a 500 for the late applications" });
      failing = false;
      const ids = [...early, ...late];
      await waitDelivered(ids);

      expectDeliveredOnce(ids);
      const request = crm.requests.find((r) => r.answered === 200)!;
      expect(request.contentType).toBe("application/json");
      expect(request.body.applicationId).toBe(request.key);
      expect(Object.keys(request.body)).toEqual([...CRM_PAYLOAD_KEYS, "applicationId", "attribution"]);

      await expectAllDeliveredInStore(ids);
      const attempts = await attemptsFor(suite.store!, early[0]);
      expect(attempts.at(-1)).toMatchObject({ status_code: 200, outcome: "delivered" });
      expect(attempts.slice(0, -1).every((a) => a.status_code === 500 && a.outcome === "retry")).toBe(true);
      expect(attempts.map((a) => a.attempt)).toEqual(attempts.map((_, i) => i + 1));
      // The structured log names the application, the attempt, the status and the next attempt.
      const logged = deliveryLogs(suite.servers[0]).find(
        (l) => l.applicationId === early[0] && l.outcome === "retry",
      );
      expect(logged).toMatchObject({ attempt: 1, status: 500, nextAttemptAt: expect.any(String) });
    });

    it("times out a CRM that hangs, and retries until it answers", async () => {
      const crm = suite.peer;
      let hanging = true;
      crm.answer = () => (hanging ? "hang" : { status: 200 });
      const server = await start();

      const ids = await submitAll(server.port, newSubmissions(8));
      await waitFor(() => loggedForEach(server, ids, (l) => l.error === TIMEOUT_ERROR), {
        what: "a timed-out attempt for every application",
        timeoutMs: 15_000,
      });
      hanging = false;
      await waitDelivered(ids);
      expectDeliveredOnce(ids);

      await expectAllDeliveredInStore(ids);
      const attempts = await attemptsFor(suite.store!, ids[0]);
      expect(attempts[0]).toMatchObject({
        status_code: null,
        error: TIMEOUT_ERROR,
        outcome: "retry",
      });
      expect(attempts.at(-1)).toMatchObject({ status_code: 200, outcome: "delivered" });
    });

    it("keeps retrying while the CRM refuses connections, and delivers once it is back", async () => {
      const crm = suite.peer;
      await crm.stop();
      const server = await start();
      const ids = await submitAll(server.port, newSubmissions(8));
      await waitFor(() => loggedForEach(server, ids, (l) => /ECONNREFUSED/.test(String(l.error))), {
        what: "a refused attempt for every application",
      });
      await crm.start(); // same port
      await waitDelivered(ids);
      expectDeliveredOnce(ids);
      await expectAllDeliveredInStore(ids);
    });

    it("loses nothing when SIGKILLed mid-stream; every application reaches the CRM, a second 2xx only for in-flight sends", async () => {
      const crm = suite.peer;
      // A slow CRM keeps deliveries in flight when the kill lands.
      crm.answer = () => ({ status: 200, delayMs: 25 });
      const submissions = await killMidStream(await start(), {
        clients: 4,
        enough: (sent) => sent.filter((s) => s.status === 201).length >= 40,
        what: "40 acknowledgements",
      });

      const acknowledged = submissions.filter((s) => s.id);
      const unacknowledged = submissions.filter((s) => !s.id);
      // Only the requests in flight at the kill (one per client) went unanswered.
      expect(unacknowledged.length).toBeLessThanOrEqual(4);

      // Anything the CRM saw before the second process started came from the first one.
      const secondStartedAt = Date.now();
      const second = await start();
      // The visitor's browser retries with the same submission id.
      for (const submission of unacknowledged) await submit(second.port, submission);
      expect(unacknowledged.every((s) => s.status === 200 || s.status === 201)).toBe(true);
      const ids = submissions.map((s) => s.id!);
      expect(new Set(ids).size).toBe(submissions.length);
      await settle(ids);

      // Every acknowledged application is stored, once, and delivered.
      const stored = await storedApplications(suite.store!);
      expect(stored.map((row) => row.id).sort()).toEqual([...ids].sort());
      for (const row of stored) expect(row).toMatchObject({ delivery: "delivered", consent: true });
      expect(stored.map((row) => row.submission_id).sort()).toEqual(
        submissions.map((s) => s.submissionId).sort(),
      );
      for (const s of acknowledged) expect(stored.find((row) => row.id === s.id)).toBeDefined();

      // Duplicates: only ids whose first delivery came from the killed process (the window
      // between the CRM's answer and recording it), same key and same body.
      const duplicates = [...crm.accepted()].filter(([, count]) => count > 1);
      for (const [id, count] of duplicates) {
        expect(count).toBe(2);
        const requests = crm.requests.filter((r) => r.key === id);
        expect(new Set(requests.map((r) => JSON.stringify(r.body))).size).toBe(1);
        expect(requests[0].receivedAt).toBeLessThan(secondStartedAt);
      }
      expect(duplicates.length).toBeLessThanOrEqual(CONCURRENCY);
      for (const key of crm.seen().keys()) expect(ids).toContain(key);
      console.info(
        `[${engine}] SIGKILL: ${submissions.length} submissions, ${acknowledged.length} acknowledged before the kill, ` +
          `${unacknowledged.length} retried by the client, ${duplicates.length} duplicate 2xx (in-flight at the kill)`,
      );
    });

    it("finishes an in-flight delivery on SIGTERM before it exits", async () => {
      const crm = suite.peer;
      crm.answer = () => ({ status: 200, delayMs: 800 });
      const server = await start({ DELIVERY_TIMEOUT_MS: "5000", DELIVERY_LEASE_MS: "10000" });
      const [id] = await submitAll(server.port, [newSubmission(1)]);
      await waitFor(() => crm.requests.length === 1, { what: "the delivery to start" });
      expect(await server.stop()).toBe(0);
      expect(crm.requests[0].answered).toBe(200);
      await expectAllDeliveredInStore([id]);
      expect(crm.requests).toHaveLength(1);
    });

    it("marks an application dead after one 4xx, and `applications redeliver` sends it again", async () => {
      const crm = suite.peer;
      crm.answer = (_request, seenForKey) => (seenForKey === 0 ? { status: 422 } : { status: 200 });
      let server = await start();
      const [id] = await submitAll(server.port, [newSubmission(1)]);
      await waitFor(() => loggedForEach(server, [id], (l) => l.outcome === "dead"), { what: "the dead row" });
      // Several poll intervals later: still one request, no retry.
      await sleep(3 * Number(FAST_DELIVERY.DELIVERY_POLL_MS));
      expect(crm.seen().get(id)).toBe(1);

      // The embedded store belongs to one process: the operator stops the server first.
      if (engine === "pglite") expect(await server.stop()).toBe(0);
      const stats = await runCli(suite.backend, ["stats", "--json"]);
      expect(stats.code).toBe(0);
      expect(JSON.parse(stats.stdout)).toMatchObject({ dead: 1, delivery: { dead: 1, delivered: 0 } });
      const redeliver = await runCli(suite.backend, ["redeliver", "--all-dead"]);
      expect(redeliver.code).toBe(0);
      expect(redeliver.stdout).toContain(id);
      if (engine === "pglite") server = await start();

      await waitDelivered([id], "the redelivery");
      await expectAllDeliveredInStore([id]);
      const attempts = await attemptsFor(suite.store!, id);
      expect(attempts.map((a) => [a.status_code, a.outcome])).toEqual([
        [422, "dead"],
        [200, "delivered"],
      ]);
    });

    it("gives up after the last attempt: the row is dead, every attempt recorded", async () => {
      const crm = suite.peer;
      crm.answer = () => ({ status: 503 });
      const server = await start({ DELIVERY_MAX_ATTEMPTS: "3" });
      const [id] = await submitAll(server.port, [newSubmission(1)]);
      await waitFor(() => loggedForEach(server, [id], (l) => l.outcome === "dead"), { what: "the dead row" });
      expect(crm.seen().get(id)).toBe(3);
      const logged = deliveryLogs(server).find((l) => l.applicationId === id && l.outcome === "dead");
      expect(logged).toMatchObject({ attempt: 3, status: 503, level: 50 });
      const db = await stopAndOpen();
      const attempts = await attemptsFor(db, id);
      expect(attempts.map((a) => [a.attempt, a.status_code, a.outcome])).toEqual([
        [1, 503, "retry"],
        [2, 503, "retry"],
        [3, 503, "dead"],
      ]);
      expect((await storedApplications(db))[0]).toMatchObject({ delivery: "dead", attempts: 3 });
    });

    it("honours Retry-After on a 429", async () => {
      const crm = suite.peer;
      crm.answer = (_request, seenForKey) =>
        seenForKey === 0 ? { status: 429, headers: { "retry-after": "1" } } : { status: 200 };
      const server = await start();
      const [id] = await submitAll(server.port, [newSubmission(1)]);
      await waitDelivered([id], "the delivery after Retry-After");
      const [first, second] = crm.requests.filter((r) => r.key === id);
      // Our own schedule would have retried within 360 ms (DELIVERY_BACKOFF_MAX_MS + jitter).
      expect(second.receivedAt - first.receivedAt).toBeGreaterThanOrEqual(950);
      expectDeliveredOnce([id]);
    });

    it("stores applications while LEAD_WEBHOOK_URL is unset, and sends them once it is set", async () => {
      const crm = suite.peer;
      const server = await startServer(suite.backend, {});
      suite.servers.push(server);
      const ids = await submitAll(server.port, newSubmissions(3));
      expect(server.logs.some((l) => String(l.msg).startsWith("LEAD_WEBHOOK_URL is not set"))).toBe(true);
      expect(await server.stop()).toBe(0);
      expect(crm.requests).toHaveLength(0);
      const restarted = await start();
      expect(restarted.logs.find((l) => String(l.msg).startsWith("delivery worker started"))).toBeDefined();
      await waitDelivered(ids, "the waiting applications");
      expectDeliveredOnce(ids);
    });

    if (engine === "postgres") {
      it("shares the outbox between two live instances: no id is sent twice", async () => {
        const crm = suite.peer;
        crm.answer = () => ({ status: 200, delayMs: 10 });
        const ids = await submitAcross(await Promise.all([start(), start()]), newSubmissions(120));
        await waitDelivered(ids);
        for (const id of ids) expect(crm.seen().get(id), `requests for ${id}`).toBe(1);
        expectDeliveredOnce(ids);
        await expectAllDeliveredInStore(ids);
        const { rows } = await suite.store!.query<{ worker: string; n: string }>(
          "SELECT worker, count(*)::text AS n FROM delivery_attempts GROUP BY worker",
        );
        expect(rows).toHaveLength(2);
      });
    }
  });
}
