/**
 * Every periodic job, listed and started in one place. `server/main.ts`
 * starts them all (`startJobs(app)`); an app built for a test starts none
 * unless the test names some (`buildApp({ jobs: ["retention-purge"] })`, or
 * `buildTestApp` passing `jobs` through), or the test runs one pass itself
 * (`runRetentionPurge`, `app.analytics.upkeep()`, a repository's method).
 *
 * Every instance runs them; they share the work through the store (advisory
 * locks, claimed rows, one row per alert sent), so one instance's pass does
 * not repeat another's. Most are `runEvery` loops (periodic.ts: never two
 * passes at once; stopping waits for a pass under way). The outbox workers
 * are not here: they deliver what the store holds, and main.ts starts each
 * only when its destination is set. The embedded store's own maintenance
 * starts with the store (store/maintenance.ts), in the server and the CLI.
 */
import type { FastifyInstance } from "fastify";
import { startAssignmentSweep } from "./assignment/assignment";
import { auditWaitingGiven } from "./assignment/waiting-audit";
import { createAuditRepository } from "./audit/audit-repository";
import { UPKEEP_EVERY_MS } from "./analytics/upkeep";
import { startBookedCallAlerts } from "./booked-calls/booked-call-alerts";
import { CHECK_SWEEP_EVERY_MS, sweepDocumentChecks } from "./documents/check-sweep";
import { startClaimsRecompute } from "./claims/computed/recompute";
import { startAlertSummaries } from "./mail/alerts";
import { startOptOutAlerts } from "./opt-outs/overdue-alerts";
import { runEvery } from "./periodic";
import { startClaimAlerts } from "./claims/alerts";
import { purgeIntervalMs } from "./plugins/rate-limit";
import { startPrivacyUpkeep } from "./privacy/upkeep";
import { runRetentionPurge } from "./retention/retention-purge";
import { startReviewAlerts } from "./review-clock/alerts";
import { startDocumentReminders } from "./room/document-reminders";
import { watchSetup } from "./staff/setup-watch";
import { createCountersRepository } from "./store/counters-repository";

/** Stops a job; waits for a pass under way. */
export type StopJob = () => Promise<void>;

const noJob: StopJob = async () => undefined;

/** Each job by name: how it starts on an app's store, settings and log. */
export const JOBS = {
  /** The review clock's reminders and overdue alerts: every instance looks, one sends each. */
  "review-alerts": (app) => startReviewAlerts({ store: app.store, settings: app.config, log: app.log }),
  /** Claims' owners: told once when a claim's review comes due and once when it lapses (server/claims). */
  "claim-alerts": (app) => startClaimAlerts({ store: app.store, settings: app.config, log: app.log }),
  /** Applications with documents still missing: reminded by e-mail, in the applicant's waking hours. */
  "document-reminders": (app) =>
    startDocumentReminders({ store: app.store, settings: app.config, log: app.log }),
  /** Booked calls whose owner's turn was taken when they came in: told once it is free. */
  "booked-call-alerts": (app) =>
    startBookedCallAlerts({ store: app.store, settings: app.config, log: app.log }),
  /**
   * Owners for applications whose assignment batch never ran (a stop between
   * commit and batch), and for any left waiting while somebody is on duty.
   */
  "assignment-sweep": (app) =>
    startAssignmentSweep({
      store: app.store,
      log: app.log,
      recordGiven: auditWaitingGiven(createAuditRepository(app.store)),
    }),
  /** Privacy requests: expired unverified ones removed, reminders of the 30-day deadline. */
  "privacy-upkeep": (app) => startPrivacyUpkeep({ store: app.store, settings: app.config, log: app.log }),
  /** The admins hear once of each opt-out not with the CRM by its honour-by day. */
  "opt-out-alerts": (app) => startOptOutAlerts({ store: app.store, settings: app.config, log: app.log }),
  /** The CRM delivery alerts' summaries, while applications go to a CRM (LEAD_WEBHOOK_URL). */
  "delivery-alert-summaries": (app) =>
    app.config.leadWebhookUrl
      ? startAlertSummaries(app.store, app.config, (err) =>
          app.log.error({ err }, "delivery alert summary failed"),
        )
      : noJob,
  /** Uploads whose checks were cut short, and files stored "not scanned" once the scanner answers (decision 0021). */
  "document-checks": (app) =>
    runEvery(CHECK_SWEEP_EVERY_MS, () =>
      sweepDocumentChecks({ store: app.store, config: app.config, log: app.log }).catch((err: unknown) =>
        app.log.warn({ err }, "documents: catching up on checks failed"),
      ),
    ),
  /** The retention purge (docs/retention.md): at start-up, then every RETENTION_PURGE_EVERY. */
  "retention-purge": (app) => {
    const deps = { store: app.store, periods: app.config.retention, log: app.log };
    return runEvery(app.config.retention.everyMs, () => runRetentionPurge(deps), { immediately: true });
  },
  /** The analytics' roll-ups and their retention: at start-up, then every hour. */
  "analytics-upkeep": (app) =>
    runEvery(
      UPKEEP_EVERY_MS,
      () =>
        app.analytics
          .upkeep()
          .catch((err: unknown) => app.log.error({ component: "analytics", err }, "analytics upkeep failed")),
      { immediately: true },
    ),
  /** The rate limit's expired counters, once per window (at least every second, at most every hour). */
  "rate-limit-counters": (app) => {
    const counters = createCountersRepository(app.store);
    return runEvery(purgeIntervalMs(app.config.rateLimit.windowMs), () =>
      counters
        .purgeExpired()
        .catch((err: unknown) => app.log.warn({ err }, "rate limit: purging expired counters failed")),
    );
  },
  /** The computed claims from our records: a snapshot of each figure every CLAIMS_COMPUTE_EVERY, and the build's state file. */
  "claims-recompute": (app) =>
    startClaimsRecompute({
      store: app.store,
      everyMs: app.config.claims.computeEveryMs,
      stateFile: app.config.claims.stateFile,
      log: app.log,
    }),
  /** While no admin exists: a setup link at start-up, and a new one when that expires or is abandoned. */
  "setup-watch": (app) => watchSetup({ store: app.store, config: app.config, log: app.log }),
} satisfies Record<string, (app: FastifyInstance) => StopJob | Promise<StopJob>>;

export type JobName = keyof typeof JOBS;
export const JOB_NAMES = Object.keys(JOBS) as JobName[];

/**
 * Starts the named jobs (every one by default) on the app; resolves once each
 * has started (the setup watch's start-up check done) with a stop for them all.
 */
export async function startJobs(
  app: FastifyInstance,
  names: readonly JobName[] = JOB_NAMES,
): Promise<StopJob> {
  const stops = await Promise.all(names.map((name) => JOBS[name](app)));
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
