/**
 * A day's worth of desk data for the browser tests, made the way it happens:
 * applications through the public API (one caught by the honeypot, one marked
 * as spam by staff, one refused at the form's rules), then the CRM's and the
 * mail server's failures written into the store (a CRM that refuses an application for
 * good, one that was down until the worker gave up, one failed attempt still
 * waiting its retry, an e-mail that bounced), as the workers would have.
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { sampleApplication } from "../../test/support/sample-application";
import { E2E } from "./env";
import { expect, type Page } from "./test";

/** Runs SQL in the browser tests' store (its own schema); returns psql's unaligned output. */
export function sql(statement: string): string {
  return execFileSync("psql", [E2E.databaseUrl, "-qAt", "-v", "ON_ERROR_STOP=1", "-c", statement], {
    encoding: "utf8",
  }).trim();
}

async function apply(page: Page, overrides: Record<string, unknown>): Promise<string> {
  const response = await page.request.post("/api/applications", {
    data: {
      ...sampleApplication,
      email: `${randomUUID()}@northwind.example`,
      submissionId: randomUUID(),
      ...overrides,
    },
  });
  expect(response.status()).toBeLessThan(300);
  return ((await response.json()) as { id: string }).id;
}

/** Gives a delivered application a history of failed attempts and a final state instead. */
function failDelivery(
  id: string,
  state: "dead" | "pending",
  attempts: { status: number | null; error: string; outcome: string }[],
) {
  const last = attempts.at(-1)!;
  sql(`UPDATE outbox SET status = '${state}', attempts = ${attempts.length}, delivered_at = NULL,
         last_error = '${last.error.replaceAll("'", "''")}',
         next_attempt_at = now() + interval '1 hour', locked_by = NULL, locked_until = NULL
       WHERE application_id = '${id}'`);
  sql(
    `DELETE FROM delivery_attempts WHERE outbox_id = (SELECT id FROM outbox WHERE application_id = '${id}')`,
  );
  attempts.forEach((attempt, index) =>
    sql(`INSERT INTO delivery_attempts (outbox_id, attempt, attempted_at, status_code, error, duration_ms, outcome, worker)
         SELECT id, ${index + 1}, now() - interval '${attempts.length - index} minutes', ${attempt.status ?? "NULL"},
                '${attempt.error.replaceAll("'", "''")}', 40, '${attempt.outcome}', 'e2e'
           FROM outbox WHERE application_id = '${id}'`),
  );
}

export interface DeskData {
  delivered: string;
  refused: string;
  outage: string;
  retrying: string;
  spam: string;
  companies: { refused: string; outage: string; retrying: string; spam: string; honeypot: string };
}

/** Seeds the desk as a signed-in admin `page` (its session marks one application as spam). */
export async function seedDeskData(page: Page, tag: string): Promise<DeskData> {
  const companies = {
    refused: `Refused Twice Ltd ${tag}`,
    outage: `Outage Bakery ${tag}`,
    retrying: `Retrying Robotics ${tag}`,
    spam: `Cheap Pills ${tag}`,
    honeypot: `Bot Farm ${tag}`,
  };
  const delivered = await apply(page, { companyName: `Delivered Dairy ${tag}` });
  const refused = await apply(page, { companyName: companies.refused });
  const outage = await apply(page, { companyName: companies.outage });
  const retrying = await apply(page, { companyName: companies.retrying });
  const spam = await apply(page, { companyName: companies.spam });
  await apply(page, { companyName: companies.honeypot, companyWebsite: "https://bot.example" });
  // A refusal at the form's rules: the analytics' error table gets a row.
  const refusedAtIntake = await page.request.post("/api/applications", {
    data: { ...sampleApplication, annualRevenue: "lots", submissionId: randomUUID() },
  });
  expect(refusedAtIntake.status()).toBe(400);

  // The fake CRM takes everything at once; wait, then rewrite what the CRM "answered".
  const ids = [delivered, refused, outage, retrying, spam].map((id) => `'${id}'`).join(", ");
  await expect
    .poll(
      () => sql(`SELECT count(*) FROM outbox WHERE application_id IN (${ids}) AND status = 'delivered'`),
      {
        timeout: 15_000,
      },
    )
    .toBe("5");
  failDelivery(refused, "dead", [
    { status: 422, error: 'HTTP 422: {"error":"duplicate contact"}', outcome: "dead" },
  ]);
  failDelivery(outage, "dead", [
    { status: 503, error: "HTTP 503: Service Unavailable", outcome: "retry" },
    { status: null, error: "timed out after 10000 ms", outcome: "retry" },
    { status: 503, error: "HTTP 503: Service Unavailable", outcome: "dead" },
  ]);
  failDelivery(retrying, "pending", [{ status: 502, error: "HTTP 502: Bad Gateway", outcome: "retry" }]);
  // An e-mail that bounced for good.
  sql(`UPDATE mail_outbox SET status = 'dead', attempts = 12, sent_at = NULL,
         last_error = 'SMTP RCPT TO: 550 No such user'
       WHERE id = (SELECT min(id) FROM mail_outbox WHERE application_id = '${refused}')`);

  const marked = await page.request.post(`/api/desk/applications/${spam}/quarantine`, {
    headers: { origin: E2E.baseUrl },
    data: { reason: "Obvious spam (e2e)" },
  });
  expect(marked.status()).toBe(200);
  return { delivered, refused, outage, retrying, spam, companies };
}
