import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const port = Number(process.env.E2E_PORT ?? 4317);
const bookingPort = Number(process.env.E2E_BOOKING_PORT ?? 4318);
const baseUrl = `http://127.0.0.1:${port}`;
const bookingOrigin = `http://127.0.0.1:${bookingPort}`;
// One store per test run, so tests can look rows up and nothing leaks between runs.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), "harborline-e2e-"));
process.env.E2E_DATA_DIR = dataDir;

export const E2E = {
  port,
  baseUrl,
  bookingPort,
  bookingOrigin,
  bookingUrl: `${bookingOrigin}/booking`,
  dataDir,
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromiumArgs: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
  ],
  serverEnv: {
    PORT: String(port),
    HOST: "127.0.0.1",
    SITE_URL: baseUrl,
    BOOKING_URL: `${bookingOrigin}/booking`,
    DATA_DIR: dataDir,
    RATE_LIMIT_MAX: "1000",
    LOG_LEVEL: "warn",
  } as Record<string, string>,
};
