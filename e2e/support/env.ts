import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromiumArgs, testChromiumPath } from "../../scripts/lib/chromium.mjs";
import { e2eBuildEnv, e2ePorts } from "./build-env.mjs";

const { port, bookingPort, crmPort, smtpPort, inboxPort } = e2ePorts();
const build = e2eBuildEnv();
const baseUrl = build.SITE_URL;
const buildDir = build.RR_BUILD_DIR;
const bookingOrigin = `http://127.0.0.1:${bookingPort}`;
// One store per test run, so tests can look rows up and nothing leaks between runs.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), "harborline-e2e-"));
process.env.E2E_DATA_DIR = dataDir;

// The browser tests' server stores into its own schema of the PostgreSQL on
// 127.0.0.1:5432, so a test can find the row a visitor's application made.
// (The embedded PGlite store allows one process only; server tests cover it.)
const databaseBase = process.env.E2E_DATABASE_BASE ?? "postgres://postgres@127.0.0.1:5432/test";
const schema = process.env.E2E_SCHEMA ?? `e2e_${process.pid}_${Date.now()}`;
if (!process.env.E2E_SCHEMA) {
  execFileSync("psql", [databaseBase, "-q", "-c", `CREATE SCHEMA IF NOT EXISTS ${schema}`]);
  process.env.E2E_SCHEMA = schema;
}
const databaseUrl = `${databaseBase}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
// The CRM's Standard Webhooks secret for the browser tests' server (an example, used nowhere else).
const crmWebhookSecret = "whsec_RrjRNy3sQfPN0BtSAQ2Z4C4F7f1LlgCI";
// The booking service's fixed token (Authorization: Bearer) for the browser tests' server (an example).
const bookingWebhookToken = "e2e-booking-token-6f1c2a9d4b7e8f30a5c1";
/** REVIEW_ALERT_INTERVAL: short, so a test sees an overdue alert and then sees that none follows. */
const reviewAlertIntervalMs = 5_000;

export const E2E = {
  port,
  baseUrl,
  /** Where the tests' server builds and serves the site from (RR_BUILD_DIR). */
  buildDir,
  bookingPort,
  bookingOrigin,
  bookingUrl: `${bookingOrigin}/booking`,
  crmPort,
  crmOrigin: `http://127.0.0.1:${crmPort}`,
  smtpPort,
  inboxPort,
  inboxOrigin: `http://127.0.0.1:${inboxPort}`,
  databaseUrl,
  schema,
  dataDir,
  /** The e2e server's stdout (JSON log lines), written by playwright.config.ts. */
  serverLog: join(dataDir, "server.log"),
  chromePath: testChromiumPath,
  chromiumArgs,
  crmWebhookSecret,
  bookingWebhookToken,
  reviewAlertIntervalMs,
  serverEnv: {
    RR_BUILD_DIR: buildDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    SITE_URL: baseUrl,
    BOOKING_URL: build.BOOKING_URL,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LEAD_WEBHOOK_URL: `http://127.0.0.1:${crmPort}/leads`,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    RATE_LIMIT_MAX: "1000",
    DESK_SIGN_IN_RATE_LIMIT_MAX: "1000",
    LOG_LEVEL: "warn",
    // The review clock looks every second (a tenth of the interval, at least 1 s); the 24-hour
    // window and the 4-hour due-soon span stay as they are, so only an application a test makes
    // overdue is alerted about.
    REVIEW_ALERT_INTERVAL: `${reviewAlertIntervalMs}ms`,
    CRM_WEBHOOK_SECRET: crmWebhookSecret,
    BOOKING_WEBHOOK_TOKEN: bookingWebhookToken,
    // The document room's uploads on PostgreSQL need a master key (a fixed test one: 32 bytes, base64).
    DOCUMENTS_MASTER_KEY: Buffer.alloc(32, 7).toString("base64"),
    // The claims' job (owner e-mails, the state file the build reads) looks every second.
    CLAIMS_CHECK_EVERY: "1s",
  } as Record<string, string>,
};
