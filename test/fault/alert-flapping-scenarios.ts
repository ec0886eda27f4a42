/**
 * A CRM that flaps (refuses applications, accepts them, refuses them again …) does
 * not flood the staff with a "failing" and a "recovered" alert per cycle: the
 * first cycle alerts, the next ones within the cooldown are held, and the
 * cooldown's end brings one summary with the counts and the state at that
 * moment, the last change included. Real server processes, the real delivery
 * and mail workers, a fake CRM and an SMTP server on loopback; one engine per
 * file (alert-flapping-pglite.test.ts, alert-flapping-postgres.test.ts).
 */
import { describe, expect, it } from "vitest";
import { FakeCrm, newSubmission, submitAll, waitFor } from "../support/fault-harness";
import { useFaultSuite } from "../support/fault-suite";
import type { Engine } from "../support/server";
import { TestSmtpServer } from "../support/smtp";

const STAFF = "ops@harborline.test";
const FAILING_AFTER = 2;
const COOLDOWN_MS = 10_000;

const FAILING = "CRM delivery failing: applications are waiting";
const RECOVERED = "CRM delivery recovered";

export function defineAlertFlappingSuite(engine: Engine) {
  describe(`delivery alerts for a flapping CRM on ${engine} (real processes)`, () => {
    const suite = useFaultSuite(engine, {
      peer: () => new TestSmtpServer(),
      env: (smtp) => ({ SMTP_URL: smtp.url, STAFF_ALERT_EMAILS: STAFF }),
    });

    it(
      "alerts for the first cycle, holds the next ones, and sends one summary per cooldown with the state at its end",
      { timeout: 120_000 },
      async () => {
        const crm = new FakeCrm();
        let down = false;
        crm.answer = () => ({ status: down ? 503 : 200 });
        await crm.start();
        try {
          const server = await suite.start({
            LEAD_WEBHOOK_URL: crm.url,
            ALERT_FAILING_AFTER: String(FAILING_AFTER),
            ALERT_COOLDOWN: `${COOLDOWN_MS / 1000}s`,
          });
          /** Delivery alerts in the staff inbox, in the order received. */
          const alerts = () =>
            suite.peer
              .to(STAFF)
              .filter((mail) => /^CRM delivery|^Deliveries dead/.test(mail.subject))
              .sort((a, b) => a.receivedAt - b.receivedAt);
          const subjects = () => alerts().map((mail) => mail.subject);
          let submitted = 0;
          /** The CRM refuses a new application FAILING_AFTER times (delivery "failing"). */
          const fail = async () => {
            down = true;
            const [id] = await submitAll(server.port, [newSubmission(submitted++)]);
            await waitFor(
              () => crm.requests.filter((r) => r.key === id && r.answered === 503).length >= FAILING_AFTER,
              {
                what: `${FAILING_AFTER} refusals of application ${submitted}`,
              },
            );
            return id;
          };
          /** The CRM accepts again, and the refused application goes through. */
          const recover = async (id: string) => {
            down = false;
            await waitFor(() => crm.accepted().has(id), { what: `application ${submitted} delivered` });
          };

          await recover(await fail());
          await waitFor(() => subjects().length >= 2, { what: "the first failing and recovered alerts" });
          const cooldownFrom = Date.now();
          // The two may be sent in either order (the mail worker sends several at a time).
          expect(subjects().sort()).toEqual([FAILING, RECOVERED]);

          // Three more cycles and a fourth failure, all within the cooldown: held.
          for (let cycle = 0; cycle < 3; cycle++) await recover(await fail());
          const failingAtEnd = await fail();
          expect(Date.now() - cooldownFrom, "the cycles ran within the cooldown").toBeLessThan(
            COOLDOWN_MS - 1_000,
          );
          expect(subjects().sort()).toEqual([FAILING, RECOVERED]);

          // The cooldown ends: one summary, failing now.
          await waitFor(() => subjects().length >= 3, {
            what: "the summary",
            timeoutMs: COOLDOWN_MS + 20_000,
          });
          expect(subjects().slice(2)).toEqual([
            "CRM delivery flapping: failed 4 times and recovered 3 times in the last 10 seconds; failing now",
          ]);
          expect(alerts()[2].text).toMatch(/Now\s+failing/);

          // It recovers within the next cooldown: held, and the next summary says so.
          await recover(failingAtEnd);
          await waitFor(() => subjects().length >= 4, {
            what: "the second summary",
            timeoutMs: COOLDOWN_MS + 20_000,
          });
          expect(subjects().slice(3)).toEqual([
            "CRM delivery flapping: recovered once in the last 10 seconds; delivering now",
          ]);
          expect(alerts()[3].text).toMatch(/Now\s+delivering/);

          // A cooldown without changes ends quietly.
          await new Promise((resolve) => setTimeout(resolve, COOLDOWN_MS + 2_000));
          expect(subjects()).toHaveLength(4);
          // The alerts went out once each, in the store's account too.
          const store = await suite.stopAndOpen();
          const { rows } = await store.query<{ n: string }>(
            "SELECT count(*)::text AS n FROM mail_outbox WHERE kind = 'delivery-alert' AND status = 'sent'",
          );
          expect(Number(rows[0].n)).toBe(4);
        } finally {
          await crm.stop();
        }
      },
    );
  });
}
