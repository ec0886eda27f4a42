import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { createBackend, disposeSeed, type TestBackend } from "../../test/support/fault-harness";
import { openRuntime } from "../runtime";
import { ENGINES, testConfig, validApplication } from "../../test/support/server";
import { runCli } from "../../test/support/cli";
import { parseCsv } from "../../test/support/csv";
import { table } from "./applications";

const silent = { info: () => undefined, warn: () => undefined } as never;

describe.each(ENGINES)("npm run applications on %s", (engine) => {
  let backend: TestBackend;
  let ids: string[];
  const outDir = mkdtempSync(join(tmpdir(), "harborline-cli-"));

  const cli = (...argv: string[]) => runCli({ ...backend.env, LOG_LEVEL: "silent" }, ...argv);
  /** The rows of a CSV export (printed line by line, so it may end in a blank line). */
  const csvRows = (text: string) => parseCsv(text, { skipBlankLines: true }).rows;

  beforeAll(async () => {
    backend = await createBackend(engine);
    const config = testConfig(backend.env);
    const runtime = await openRuntime(config, silent);
    const app = await buildApp({ config, store: runtime.store, journal: runtime.journal, logger: false });
    const post = (url: string, payload: object) =>
      app.inject({ method: "POST", url, headers: { "content-type": "application/json" }, payload });
    ids = [];
    for (const body of [
      validApplication({ companyName: "Alpha Freight", email: "alpha@example.com" }),
      validApplication({ companyName: "Beta Bakery", email: "beta@example.com" }),
      validApplication({ companyName: "Spam Co", companyWebsite: "http://spam.example" }),
    ]) {
      ids.push((await post("/api/applications", body)).json().id);
    }
    // One reader confirms through the link in the confirmation e-mail; the other never does.
    await post("/api/newsletter", { email: "reader@example.com" });
    await post("/api/newsletter", { email: "unconfirmed@example.com" });
    const confirmation = await runtime.store.query<{ html: string }>(
      "SELECT html FROM mail_outbox WHERE kind = 'newsletter-confirm' AND to_address = 'reader@example.com'",
    );
    const link = /href="https?:\/\/[^/"]+(\/api\/newsletter\/confirm\?token=[^"]+)"/.exec(
      confirmation.rows[0].html,
    )![1];
    expect((await app.inject({ method: "POST", url: link })).statusCode).toBe(200);
    // Beta's delivery failed for good.
    const { rows } = await runtime.store.query<{ id: string }>(
      "UPDATE outbox SET status = 'dead', attempts = 1, last_error = 'HTTP 422' WHERE application_id = $1 RETURNING id::text AS id",
      [ids[1]],
    );
    await runtime.store.query(
      "INSERT INTO delivery_attempts (outbox_id, attempt, status_code, error, duration_ms, outcome) VALUES ($1, 1, 422, 'HTTP 422', 12, 'dead')",
      [rows[0].id],
    );
    await app.close();
    await runtime.close();
  });

  afterAll(async () => {
    await backend?.dispose();
    await disposeSeed();
    rmSync(outDir, { recursive: true, force: true });
  });

  it("lists recent applications as a table, or JSON, filtered by status", async () => {
    const list = await cli("list");
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^id\s+submitted_at\s+status\s+company_name/);
    expect(list.stdout).toContain("Alpha Freight");
    expect(list.stdout).toContain("Spam Co");

    const dead = JSON.parse((await cli("list", "--status", "dead", "--json")).stdout);
    expect(dead).toEqual([
      expect.objectContaining({ id: ids[1], company_name: "Beta Bakery", delivery: "dead" }),
    ]);
    const spam = JSON.parse((await cli("list", "--status", "quarantined", "--json", "--limit", "5")).stdout);
    expect(spam.map((row: { id: string }) => row.id)).toEqual([ids[2]]);
    expect((await cli("list", "--limit", "0")).code).toBe(2);
    expect((await cli("list", "--status", "lost")).code).toBe(2);
  });

  it("lists the applications of one work status, or the review clock's view, least time left first", async () => {
    const ofWork = async (...argv: string[]) =>
      JSON.parse((await cli("list", ...argv, "--json")).stdout).map((row: { id: string }) => row.id);
    expect(await ofWork("--work", "new")).toHaveLength(3);
    expect(await ofWork("--work", "contacted")).toEqual([]);
    // Untouched and received (the quarantined one waits for nobody), first due first.
    expect(await ofWork("--due", "open")).toEqual([ids[0], ids[1]]);
    expect(await ofWork("--due", "overdue")).toEqual([]);
    const table = await cli("list", "--due", "open");
    expect(table.stdout).toMatch(/work_status\s+review_due_at/);
    expect((await cli("list", "--work", "lost")).code).toBe(2);
    const late = await cli("list", "--due", "late");
    expect(late.code).toBe(2);
    expect(late.stderr).toContain("--due must be one of due_soon, overdue, open");
  });

  it("shows one application with its consent record and delivery attempts", async () => {
    const shown = await cli("show", ids[1]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(`Application ${ids[1]}`);
    expect(shown.stdout).toContain("Consent record");
    expect(shown.stdout).toContain("sms-consent-");
    expect(shown.stdout).toMatch(/Delivery attempts \(1\)[\s\S]*422\s+dead/);
    const json = JSON.parse((await cli("show", ids[1], "--json")).stdout);
    expect(json).toMatchObject({
      application: { id: ids[1], company_name: "Beta Bakery" },
      consent: { application_id: ids[1], consent_text: expect.stringContaining("text messages") },
      delivery: { status: "dead", attempts: 1 },
      attempts: [{ attempt: 1, status_code: 422, outcome: "dead" }],
    });
    const missing = await cli("show", "00000000-0000-0000-0000-000000000000");
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/No application/);
  });

  it("exports applications, the consent ledger and the newsletter as CSV", async () => {
    const file = join(outDir, `applications-${engine}.csv`);
    const exported = await cli("export", "applications", "--out", file);
    expect(exported.code).toBe(0);
    const rows = csvRows(readFileSync(file, "utf8"));
    expect(rows).toHaveLength(3);
    expect(rows.find((row) => row.id === ids[0])).toMatchObject({
      company_name: "Alpha Freight",
      sms_consent: "true",
      delivery_status: "pending",
      // A spreadsheet must not read "+1 212 …" as a formula.
      phone: "'+1 212 555 0100",
    });
    const consents = csvRows((await cli("export", "consents")).stdout);
    expect(consents).toHaveLength(3);
    expect(consents[0].consent_text).toMatch(/text messages/);
    const newsletter = csvRows((await cli("export", "newsletter")).stdout);
    expect(newsletter).toEqual([
      expect.objectContaining({ email: "reader@example.com", status: "subscribed" }),
    ]);
    expect((await cli("export", "everything")).code).toBe(2);
  });

  it("reports delivery stats, and redelivers one or all dead rows", async () => {
    const stats = JSON.parse((await cli("stats", "--json")).stdout);
    expect(stats).toMatchObject({
      applications: { total: 3, quarantined: 1 },
      delivery: { pending: 1, sending: 0, delivered: 0, dead: 1 },
      dead: 1,
      oldestWaiting: { applicationId: ids[0] },
      attempts: { total: 1, failed: 1 },
      newsletterSubscribers: 1,
      // Two receipts (the spam gets none) and two newsletter confirmations, waiting: no SMTP_URL.
      mail: { pending: 4, sending: 0, sent: 0, dead: 0, cancelled: 0 },
    });
    expect((await cli("stats")).stdout).toMatch(/E-mail\s+pending 4, sending 0, sent 0, dead 0, cancelled 0/);
    expect((await cli("stats")).stdout).toMatch(/Dead\s+1 \(npm run applications -- redeliver --all-dead\)/);

    expect((await cli("redeliver", ids[2])).code).toBe(1); // spam is never delivered
    const one = await cli("redeliver", ids[1]);
    expect(one.code).toBe(0);
    expect(one.stdout).toContain(ids[1]);
    expect(JSON.parse((await cli("redeliver", "--all-dead", "--json")).stdout)).toEqual({ redelivered: [] });
    expect(JSON.parse((await cli("stats", "--json")).stdout).delivery).toMatchObject({ pending: 2, dead: 0 });
  });

  it("prints usage for help and unknown commands", async () => {
    expect((await cli("--help")).stdout).toMatch(/Usage: npm run applications/);
    const unknown = await cli("frobnicate");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/Unknown command: frobnicate/);
  });

  if (engine === "pglite") {
    it("refuses to open the embedded store while the server has it", async () => {
      const runtime = await openRuntime(testConfig(backend.env), silent);
      try {
        const busy = await cli("stats");
        expect(busy.code).toBe(1);
        expect(busy.stderr).toMatch(/in use by the server \(pid \d+\)/);
      } finally {
        await runtime.close();
      }
    });
  }
});

describe("table", () => {
  it("pads columns and shortens long cells", () => {
    expect(table([{ a: "x", b: "y".repeat(50) }], ["a", "b"], 10)).toBe(
      ["a  b", "-  ----------", "x  yyyyyyyyy…"].join("\n"),
    );
  });
});
