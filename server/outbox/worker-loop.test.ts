/**
 * The outbox loop on its own, over an outbox kept in memory (the SQL is
 * tested through the workers, on both engines): how many attempts run at
 * once, when a row is given up, whose wait decides the next attempt, and what
 * a stop does with attempts that will not finish.
 */
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { waitFor } from "../../test/support/fault-harness";
import { testConfig } from "../../test/support/server";
import { notifyRowsWaiting } from "./notifier";
import {
  createOutboxWorker,
  type AttemptAnswer,
  type ClaimedRow,
  type OutboxClaims,
  type OutboxWorker,
  type RecordedAttempt,
} from "./worker-loop";

const CONFIG = {
  ...testConfig().delivery,
  timeoutMs: 100,
  leaseMs: 1000,
  backoffBaseMs: 1,
  backoffMaxMs: 5,
  maxAttempts: 3,
  pollMs: 20,
  concurrency: 3,
};

interface Row {
  id: string;
  status: "pending" | "sending" | "sent" | "dead";
  attempts: number;
  lockedBy: string | null;
  dueAt: number;
}

/** `count` due rows and the claims on them, as outbox/claims.ts keeps them in SQL. */
function memoryOutbox(count: number) {
  const rows: Row[] = Array.from({ length: count }, (_, i) => ({
    id: String(i + 1),
    status: "pending",
    attempts: 0,
    lockedBy: null,
    dueAt: 0,
  }));
  const recorded: { id: string; at: number; result: RecordedAttempt<"sent"> }[] = [];
  const claims: OutboxClaims<"sent", ClaimedRow> = {
    async claim(worker, limit) {
      const due = rows.filter((row) => row.status === "pending" && row.dueAt <= Date.now()).slice(0, limit);
      for (const row of due)
        Object.assign(row, { status: "sending", lockedBy: worker, attempts: row.attempts + 1 });
      return due.map((row) => ({ id: row.id, attempt: row.attempts }));
    },
    async record(worker, claim, result) {
      recorded.push({ id: claim.id, at: Date.now(), result });
      const row = rows.find((r) => r.id === claim.id)!;
      if (row.lockedBy !== worker) return false;
      const status = result.outcome === "retry" ? "pending" : result.outcome;
      Object.assign(row, { status, lockedBy: null, dueAt: Date.now() + (result.delayMs ?? 0) });
      return true;
    },
    async release(worker, ids) {
      const mine = rows.filter((r) => r.lockedBy === worker && (!ids || ids.includes(r.id)));
      for (const row of mine)
        Object.assign(row, { status: "pending", lockedBy: null, attempts: row.attempts - 1 });
      return mine.length;
    },
    releaseOrphans: async () => 0,
    async msUntilNextDue() {
      const waiting = rows.filter((r) => r.status === "pending").map((r) => r.dueAt - Date.now());
      return waiting.length ? Math.max(0, Math.min(...waiting)) : undefined;
    },
  };
  return { rows, recorded, claims };
}

describe("the outbox loop", () => {
  let worker: OutboxWorker | undefined;
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
  });

  const startWorker = (
    outbox: ReturnType<typeof memoryOutbox>,
    attempt: (claim: ClaimedRow, signal: AbortSignal) => Promise<AttemptAnswer<"sent">>,
    config = CONFIG,
  ) => {
    worker = createOutboxWorker({
      name: "test worker",
      outbox: "memory_outbox",
      id: "test-worker",
      config,
      log: pino({ level: "silent" }),
      claims: outbox.claims,
      attempt,
      describe: (claim) => ({ rowId: claim.id }),
      codeField: "code",
      messages: {
        sent: "sent",
        retry: "retry",
        dead: "dead",
        unrecorded: "unrecorded",
        expired: "expired",
        unclaimed: "unclaimed",
      },
      startFields: {},
    });
    worker.start();
    return worker;
  };

  it("never has more than `concurrency` attempts in flight, and sends each row once", async () => {
    const outbox = memoryOutbox(10);
    let inFlight = 0;
    let most = 0;
    startWorker(outbox, async () => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 10));
      inFlight--;
      return { outcome: "sent" };
    });
    await waitFor(() => outbox.rows.every((row) => row.status === "sent"), { what: "every row sent" });
    expect(most).toBe(CONFIG.concurrency);
    expect(outbox.recorded.map((r) => r.id).sort()).toEqual(outbox.rows.map((row) => row.id).sort());
  });

  it("gives a row up after the last attempt, waiting as long as the other side asked in between", async () => {
    const outbox = memoryOutbox(1);
    startWorker(outbox, async () => ({ outcome: "retry", code: 503, retryAfterMs: 150 }));
    await waitFor(() => outbox.rows[0].status === "dead", { what: "the dead row" });
    const [first, second, third] = outbox.recorded;
    expect(outbox.recorded.map((r) => [r.result.outcome, r.result.code])).toEqual([
      ["retry", 503],
      ["retry", 503],
      ["dead", 503],
    ]);
    expect(first.result.delayMs).toBe(150);
    // Our own schedule would have tried again within 6 ms.
    expect(second.at - first.at).toBeGreaterThanOrEqual(140);
    expect(third.at - second.at).toBeGreaterThanOrEqual(140);
    expect(third.result.delayMs).toBeUndefined();
  });

  it("aborts the attempts still running once a stop has waited the timeout (+2 s); they count as retries", async () => {
    const outbox = memoryOutbox(5);
    const aborted: string[] = [];
    // Attempts that end only when aborted.
    startWorker(
      outbox,
      (claim, signal) =>
        new Promise((resolve) =>
          signal.addEventListener("abort", () => {
            aborted.push(claim.id);
            resolve({ outcome: "retry", error: "aborted at shutdown" });
          }),
        ),
    );
    await waitFor(() => outbox.rows.filter((row) => row.status === "sending").length === CONFIG.concurrency, {
      what: "three attempts in flight",
    });
    const stopping = Date.now();
    await worker!.stop();
    expect(Date.now() - stopping).toBeGreaterThanOrEqual(CONFIG.timeoutMs + 2_000 - 50);
    expect(aborted.sort()).toEqual(["1", "2", "3"]);
    expect(outbox.recorded.map((r) => r.result)).toEqual(
      Array.from({ length: 3 }, () =>
        expect.objectContaining({ outcome: "retry", error: "aborted at shutdown" }),
      ),
    );
    // Recorded attempts count; the two rows never claimed were never touched.
    expect(outbox.rows.map((row) => [row.status, row.attempts])).toEqual([
      ["pending", 1],
      ["pending", 1],
      ["pending", 1],
      ["pending", 0],
      ["pending", 0],
    ]);
  });

  it("takes a row stored while it sleeps at once when its outbox is said to have rows waiting, not at the next poll", async () => {
    const outbox = memoryOutbox(0);
    let claims = 0;
    const claim = outbox.claims.claim;
    outbox.claims.claim = (...args) => (claims++, claim(...args));
    const sleeper = startWorker(outbox, async () => ({ outcome: "sent" }), { ...CONFIG, pollMs: 60_000 });
    await waitFor(() => claims === 1, { what: "the first look, finding nothing" });
    outbox.rows.push({ id: "1", status: "pending", attempts: 0, lockedBy: null, dueAt: 0 });

    // Rows waiting in another outbox do not wake it.
    notifyRowsWaiting("another_outbox");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(claims).toBe(1);

    const notified = Date.now();
    notifyRowsWaiting("memory_outbox");
    await waitFor(() => outbox.rows[0].status === "sent", { what: "the row sent", timeoutMs: 2_000 });
    expect(Date.now() - notified).toBeLessThan(1_000);

    // A stopped worker no longer listens.
    await sleeper.stop();
    const looks = claims;
    notifyRowsWaiting("memory_outbox");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(claims).toBe(looks);
  });
});
