/**
 * The periodic jobs start in one place (server/jobs.ts): an app built for a
 * test runs none of them unless it names some, a named job runs with the app
 * and stops when it closes, and startJobs starts every listed job.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { JOB_NAMES, startJobs } from "./jobs";
import { buildTestApp, openTestStore, type TestStore } from "../test/support/server";

describe("periodic jobs", () => {
  let db: TestStore;
  beforeAll(async () => {
    db = await openTestStore("pglite");
  });
  afterAll(() => db?.dispose());
  beforeEach(async () => {
    await db.store.query("DELETE FROM desk_invitations");
  });

  /** Setup links the setup watch made (it makes one at start-up while no admin exists). */
  const setupLinks = async () =>
    (
      await db.store.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM desk_invitations WHERE purpose = 'setup'",
      )
    ).rows[0].n;

  it("lists every job by name", () => {
    expect(JOB_NAMES).toEqual([
      "review-alerts",
      "claim-alerts",
      "document-reminders",
      "booked-call-alerts",
      "assignment-sweep",
      "privacy-upkeep",
      "opt-out-alerts",
      "delivery-alert-summaries",
      "document-checks",
      "retention-purge",
      "analytics-upkeep",
      "rate-limit-counters",
      "claims-recompute",
      "setup-watch",
    ]);
  });

  it("runs none in an app built for a test unless it is asked for", async () => {
    const quiet = await buildTestApp({ store: db.store });
    await quiet.close();
    expect(await setupLinks()).toBe(0);

    const asked = await buildTestApp({ store: db.store, jobs: ["setup-watch"] });
    expect(await setupLinks()).toBe(1);
    await asked.close();
  });

  it("starts every job with startJobs, and its stop waits for them all", async () => {
    const app = await buildTestApp({ store: db.store });
    try {
      const stop = await startJobs(app);
      // The setup watch's start-up check is done when startJobs resolves.
      expect(await setupLinks()).toBe(1);
      await stop();
    } finally {
      await app.close();
    }
  });
});
