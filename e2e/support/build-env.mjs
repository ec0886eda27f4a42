// The browser tests' ports, and the build they serve: its own folder, with the
// public values of their server baked in. One definition for e2e/support/env.ts
// and for `npm test`, which builds it once before the browser tests start
// (scripts/run-tests.mjs) so the server they start finds it up to date.
export function e2ePorts(env = process.env) {
  return {
    port: Number(env.E2E_PORT ?? 4317),
    bookingPort: Number(env.E2E_BOOKING_PORT ?? 4318),
    crmPort: Number(env.E2E_CRM_PORT ?? 4319),
    // The dev inbox (scripts/dev-smtp.mjs): SMTP on one port, its messages as JSON on the next.
    smtpPort: Number(env.E2E_SMTP_PORT ?? 4320),
    inboxPort: Number(env.E2E_INBOX_PORT ?? 4321),
  };
}

/** RR_BUILD_DIR, SITE_URL and BOOKING_URL of the browser tests' build. */
export function e2eBuildEnv(env = process.env) {
  const { port, bookingPort } = e2ePorts(env);
  return {
    // Its own folder, so `build/` (what `npm start` and the benchmarks serve) is left as it was.
    RR_BUILD_DIR: env.E2E_BUILD_DIR ?? "build-e2e",
    SITE_URL: `http://127.0.0.1:${port}`,
    BOOKING_URL: `http://127.0.0.1:${bookingPort}/booking`,
  };
}
