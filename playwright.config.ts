import { defineConfig, devices } from "@playwright/test";
import { E2E } from "./e2e/support/env";

// Browser tests run against the production build served by `npm start`
// (which builds when the build is missing or stale), with the booking widget
// pointed at a fake booking server on loopback and e-mail sent to a local
// inbox (scripts/dev-smtp.mjs).
// The public site's tests (e2e/*.spec.ts, e2e/engines/) share nothing but the server: two run at
// once. The desk's (e2e/desk/) count leads, owners and alerts in the one store, so they run one
// at a time, after the site's, as a morning at the desk would see it, in their files' alphabetical
// order. (`npm test` runs the two projects as separate runs side by side, each with its own
// ports, build and store: scripts/run-tests.mjs.) In the desk's order, desk.spec.ts takes the
// server's one-time setup link, so a spec that makes an admin of its own (adminInvitationPath) is
// named to sort after it.
export default defineConfig({
  testDir: "./e2e",
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  // 60 s: a full walk through the application took over 30 s on a clean-clone run at load 20 on
  // two cores (the CI machine class); a test that needs longer says so itself.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: E2E.baseUrl,
    // A trace (DOM snapshots and a screencast of every step) of a test's retry only: recording one
    // for every test cost the browser tests about a quarter more CPU and wall time (BENCHMARKS.md, Test
    // suite), and on CI a failure is retried, traced. `--trace retain-on-failure` traces a local run.
    trace: "on-first-retry",
    launchOptions: { executablePath: E2E.chromePath, args: E2E.chromiumArgs },
  },
  projects: [
    {
      name: "site",
      testIgnore: "desk/**",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } },
    },
    {
      name: "desk",
      testMatch: "desk/**/*.spec.ts",
      dependencies: ["site"],
      workers: 1,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } },
    },
  ],
  webServer: [
    {
      command: "node e2e/support/fake-booking-server.mjs",
      url: `${E2E.bookingOrigin}/health`,
      reuseExistingServer: false,
      env: { BOOKING_PORT: String(E2E.bookingPort) },
    },
    {
      command: "node e2e/support/fake-crm-server.mjs",
      url: `${E2E.crmOrigin}/health`,
      reuseExistingServer: false,
      env: { CRM_PORT: String(E2E.crmPort) },
    },
    {
      command: "node scripts/dev-smtp.mjs",
      url: `${E2E.inboxOrigin}/health`,
      reuseExistingServer: false,
      env: {
        SMTP_PORT: String(E2E.smtpPort),
        SMTP_INBOX_HTTP_PORT: String(E2E.inboxPort),
        SMTP_INBOX_QUIET: "1",
      },
    },
    {
      // The server's log goes to a file the lead-desk tests read (its one-time setup link).
      command: `node scripts/start.mjs > "${E2E.serverLog}"`,
      url: `${E2E.baseUrl}/healthz`,
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: "ignore",
      env: E2E.serverEnv,
    },
  ],
});
