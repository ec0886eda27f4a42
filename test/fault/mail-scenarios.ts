/**
 * E-mail fault scenarios against real server processes on one engine
 * (mail-pglite.test.ts, mail-postgres.test.ts), with a real SMTP server on
 * loopback. What "exactly once" means here: the SMTP server accepts every
 * e-mail the store holds exactly once (by Message-ID), except where a server
 * was SIGKILLed while a send was in flight; there a second acceptance of the
 * same Message-ID is allowed, at most one per send in flight, and counted.
 */
import { describe, expect, it } from "vitest";
import type { Store } from "../../server/store/store";
import {
  FAST_DELIVERY,
  FakeCrm,
  killMidStream,
  newSubmissions,
  submit,
  submitAcross,
  submitAll,
  waitFor,
  type ServerProcess,
  type Submission,
} from "../support/fault-harness";
import { useFaultSuite } from "../support/fault-suite";
import type { Engine } from "../support/server";
import { TestSmtpServer } from "../support/smtp";

const STAFF = "ops@harborline.test";
const CONCURRENCY = Number(FAST_DELIVERY.DELIVERY_CONCURRENCY);
const TIMEOUT_ERROR = new RegExp(`timeout after ${FAST_DELIVERY.DELIVERY_TIMEOUT_MS} ms`);

interface StoredMail {
  message_id: string;
  kind: string;
  to_address: string;
  status: string;
}

const storedMail = async (store: Store) =>
  (await store.query<StoredMail>("SELECT message_id, kind, to_address, status FROM mail_outbox ORDER BY id"))
    .rows;

const mailLogs = (server: ServerProcess) =>
  server.logs.filter((entry) => entry.component === "mail" && "mailId" in entry);

export function defineMailFaultSuite(engine: Engine) {
  describe(`e-mail faults on ${engine} (real processes)`, { timeout: 120_000 }, () => {
    const suite = useFaultSuite(engine, {
      peer: () => new TestSmtpServer(),
      env: (smtp) => ({ SMTP_URL: smtp.url, STAFF_ALERT_EMAILS: STAFF }),
    });
    const { start, stopAndOpen } = suite;

    /** Each acknowledged application has its receipt and staff alert in the store. */
    const expectMailFor = (mail: StoredMail[], submissions: Submission[]) => {
      for (const submission of submissions) {
        const email = String(submission.body.email);
        expect(
          mail.filter((m) => m.kind === "receipt" && m.to_address === email),
          email,
        ).toHaveLength(1);
      }
      expect(mail.filter((m) => m.kind === "staff-alert")).toHaveLength(submissions.length);
    };

    /** Every stored e-mail sent, and accepted by the SMTP server exactly once. */
    const expectSentOnce = (mail: StoredMail[]) => {
      const accepted = suite.peer.acceptedCounts();
      for (const row of mail) {
        expect(row.status, row.message_id).toBe("sent");
        expect(accepted.get(row.message_id), row.message_id).toBe(1);
      }
      // Nothing reached the server that the store does not know.
      expect([...accepted.keys()].sort()).toEqual(mail.map((row) => row.message_id).sort());
    };

    const waitAccepted = (count: number, what: string) =>
      waitFor(() => suite.peer.acceptedCounts().size >= count, { what, timeoutMs: 40_000 });

    it("keeps every e-mail while the SMTP server refuses connections, then answers 421, and sends each once", async () => {
      const smtp = suite.peer;
      await smtp.stop();
      const server = await start();
      const submissions = newSubmissions(5);
      await submitAll(server.port, submissions);
      await waitFor(() => mailLogs(server).filter((l) => /ECONNREFUSED/.test(String(l.error))).length >= 10, {
        what: "a refused attempt for every e-mail",
      });
      let busy = true;
      smtp.answer = () => (busy ? { code: 421, message: "Too busy, try later" } : "accept");
      await smtp.start(); // same port
      await waitFor(() => smtp.received.length >= 10, { what: "every e-mail answered 421" });
      busy = false;
      await waitAccepted(10, "every e-mail accepted");

      const mail = await storedMail(await stopAndOpen());
      expectMailFor(mail, submissions);
      expectSentOnce(mail);
      const { rows } = await suite.store!.query<{
        outcome: string;
        smtp_code: number | null;
        error: string | null;
      }>("SELECT outcome, smtp_code, error FROM mail_attempts ORDER BY id");
      expect(rows.some((a) => a.outcome === "retry" && /ECONNREFUSED/.test(String(a.error)))).toBe(true);
      expect(rows.some((a) => a.outcome === "retry" && a.smtp_code === 421)).toBe(true);
      expect(rows.filter((a) => a.outcome === "sent")).toHaveLength(10);
    });

    it("times out a server that never greets or never answers the message, and sends each once when it recovers", async () => {
      const smtp = suite.peer;
      let mode: "no-greeting" | "no-answer" | "ok" = "no-greeting";
      smtp.onConnection = () => (mode === "no-greeting" ? "hang" : "accept");
      smtp.answer = () => (mode === "no-answer" ? "hang" : "accept");
      const server = await start();
      const submissions = newSubmissions(3);
      await submitAll(server.port, submissions);
      await waitFor(() => mailLogs(server).filter((l) => TIMEOUT_ERROR.test(String(l.error))).length >= 6, {
        what: "a greeting timeout for every e-mail",
      });
      mode = "no-answer";
      await waitFor(() => smtp.received.length >= 6, { what: "every message sent and left unanswered" });
      await waitFor(
        () => mailLogs(server).filter((l) => /socket_timeout/.test(String(l.error))).length >= 6,
        { what: "an answer timeout for every e-mail" },
      );
      mode = "ok";
      await waitAccepted(6, "every e-mail accepted");

      const mail = await storedMail(await stopAndOpen());
      expectMailFor(mail, submissions);
      expectSentOnce(mail);
    });

    it("loses no e-mail when SIGKILLed mid-stream; a second acceptance only for sends in flight, same Message-ID", async () => {
      const smtp = suite.peer;
      // A slow server keeps sends in flight when the kill lands.
      smtp.answerDelayMs = 30;
      const submissions = await killMidStream(await start(), {
        clients: 3,
        enough: () => smtp.accepted.length >= 20,
        what: "20 e-mails accepted",
      });

      const secondStartedAt = Date.now();
      const second = await start();
      // The visitor's browser retries with the same submission id.
      const unacknowledged = submissions.filter((s) => !s.id);
      for (const submission of unacknowledged) await submit(second.port, submission);
      expect(submissions.every((s) => s.status === 200 || s.status === 201)).toBe(true);
      // Rows the killed process had claimed wait for their lease on PostgreSQL.
      await waitAccepted(submissions.length * 2, "every e-mail accepted");

      const mail = await storedMail(await stopAndOpen());
      expectMailFor(mail, submissions);
      const accepted = smtp.acceptedCounts();
      for (const row of mail) {
        expect(row.status, row.message_id).toBe("sent");
        expect(accepted.get(row.message_id), row.message_id).toBeGreaterThanOrEqual(1);
      }
      const duplicates = [...accepted].filter(([, count]) => count > 1);
      for (const [messageId, count] of duplicates) {
        expect(count).toBe(2);
        const copies = smtp.accepted.filter((m) => m.messageId === messageId);
        expect(copies[0].receivedAt).toBeLessThan(secondStartedAt);
        // The same message both times.
        expect(copies[1].subject).toBe(copies[0].subject);
        expect(copies[1].text).toBe(copies[0].text);
      }
      expect(duplicates.length).toBeLessThanOrEqual(CONCURRENCY);
      expect([...accepted.keys()].sort()).toEqual(mail.map((row) => row.message_id).sort());
      console.info(
        `[${engine}] mail SIGKILL: ${submissions.length} applications, ${mail.length} e-mails, ` +
          `${duplicates.length} accepted twice (in flight at the kill)`,
      );
    });

    it("sends one failing, one dead and one recovered alert for a CRM outage that exhausts retries", async () => {
      const smtp = suite.peer;
      const crm = new FakeCrm();
      let down = true;
      crm.answer = () => (down ? { status: 503 } : { status: 200 });
      await crm.start();
      try {
        const env = { LEAD_WEBHOOK_URL: crm.url, DELIVERY_MAX_ATTEMPTS: "3", ALERT_FAILING_AFTER: "4" };
        const server = await start(env);
        const outage = await submitAll(server.port, newSubmissions(4));
        const deadLogs = () =>
          server.logs.filter((l) => l.component === "delivery" && l.outcome === "dead").length;
        await waitFor(() => deadLogs() === outage.length, { what: "every application dead" });
        down = false;
        const [after] = await submitAll(server.port, newSubmissions(1, 99));
        await waitFor(() => crm.accepted().has(after), { what: "a delivery after the outage" });
        const subjects = () =>
          smtp
            .to(STAFF)
            .filter((m) => /CRM|Deliveries dead/.test(m.subject))
            .map((m) => m.subject);
        await waitFor(() => subjects().length >= 3, { what: "three delivery alerts" });
        // Several poll intervals later: still three (twelve failed attempts, four dead deliveries).
        await new Promise((resolve) => setTimeout(resolve, 5 * Number(FAST_DELIVERY.DELIVERY_POLL_MS)));
        expect(subjects().sort()).toEqual([
          "CRM delivery failing: applications are waiting",
          "CRM delivery recovered",
          "Deliveries dead: CRM delivery gave up on an application",
        ]);
      } finally {
        await crm.stop();
      }
    });

    if (engine === "postgres") {
      it("shares the mail outbox between two live instances: no Message-ID is sent twice", async () => {
        const smtp = suite.peer;
        smtp.answerDelayMs = 5;
        const submissions = newSubmissions(40);
        await submitAcross(await Promise.all([start(), start()]), submissions);
        await waitAccepted(80, "every e-mail accepted");
        const mail = await storedMail(await stopAndOpen());
        expectMailFor(mail, submissions);
        expectSentOnce(mail);
        const { rows } = await suite.store!.query<{ worker: string }>(
          "SELECT DISTINCT worker FROM mail_attempts",
        );
        expect(rows).toHaveLength(2);
      });
    }
  });
}
