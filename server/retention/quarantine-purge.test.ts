/**
 * The quarantine purge on both engines: spam past its retention goes, with
 * its consent record and delivery history; nothing else does, and a consent
 * record cannot be deleted any other way.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { purgeQuarantine } from "./purge-repository";
import { auditRows, deliveryHistory, submit } from "../../test/support/desk-applications";
import { buildTestApp, ENGINES, useTestApp } from "../../test/support/server";

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

describe.each(ENGINES)("quarantine purge on %s", (engine) => {
  // The test app runs no purge of its own (no periodic jobs): only the test's purges run.
  const ctx = useTestApp(engine, { resetEach: false });
  const store = () => ctx.db.store;
  const exists = async (id: string) => {
    const { rows } = await store().query<{ a: number; c: number; o: number }>(
      `SELECT (SELECT count(*)::int FROM applications WHERE id = $1) AS a,
              (SELECT count(*)::int FROM consents WHERE application_id = $1) AS c,
              (SELECT count(*)::int FROM outbox WHERE application_id = $1) AS o`,
      [id],
    );
    return rows[0];
  };
  /** An application submitted `days` ago (and, for spam, quarantined then unless told otherwise). */
  const aged = async (days: number, overrides: Record<string, unknown> = {}, quarantinedDaysAgo?: number) => {
    const id = await submit(ctx.app, overrides);
    await store().query(
      "UPDATE applications SET created_at = $2::timestamptz, quarantined_at = $3::timestamptz WHERE id = $1",
      [id, daysAgo(days), quarantinedDaysAgo === undefined ? null : daysAgo(quarantinedDaysAgo)],
    );
    return id;
  };
  const quarantine = (id: string) =>
    store().query(
      "UPDATE applications SET status = 'quarantined', quarantine_reason = 'desk' WHERE id = $1",
      [id],
    );

  beforeEach(() => ctx.db.reset());

  it("deletes only spam quarantined longer than the retention, and never one the CRM received", async () => {
    const oldHoneypot = await aged(40, { companyWebsite: "bot" });
    const newHoneypot = await aged(5, { companyWebsite: "bot" });
    const oldReceived = await aged(40);
    const recentlyQuarantined = await aged(40, {}, 1);
    await quarantine(recentlyQuarantined);
    // Failed for good, then quarantined long ago: goes, with its attempts.
    const oldDead = await aged(40, {}, 35);
    await deliveryHistory(store(), oldDead, "dead", [{ at: daysAgo(39), status: 422, outcome: "dead" }]);
    await quarantine(oldDead);
    await store().query("UPDATE outbox SET status = 'cancelled' WHERE application_id = $1", [oldDead]);
    // Delivered before it was quarantined: its consent is the CRM's evidence.
    const oldDelivered = await aged(40, {}, 35);
    await deliveryHistory(store(), oldDelivered, "delivered", [
      { at: daysAgo(39), status: 200, outcome: "delivered" },
    ]);
    await quarantine(oldDelivered);

    const purged = await purgeQuarantine(store(), 30 * DAY, { now: new Date(), batchSize: 500 });
    expect(purged).toBe(2);
    expect(await exists(oldHoneypot)).toEqual({ a: 0, c: 0, o: 0 });
    expect(await exists(oldDead)).toEqual({ a: 0, c: 0, o: 0 });
    for (const kept of [newHoneypot, oldReceived, recentlyQuarantined, oldDelivered]) {
      expect((await exists(kept)).a, kept).toBe(1);
      expect((await exists(kept)).c, kept).toBe(1);
    }
    const { rows } = await store().query("SELECT count(*)::int AS n FROM delivery_attempts");
    expect(rows[0].n).toBe(1);
  });

  it("keeps consent records write-once outside the purge", async () => {
    const received = await submit(ctx.app);
    await expect(store().query("DELETE FROM consents WHERE application_id = $1", [received])).rejects.toThrow(
      /write-once/,
    );
    await expect(
      store().query("UPDATE consents SET phone = 'x' WHERE application_id = $1", [received]),
    ).rejects.toThrow(/write-once/);
    // Spam's consent goes only together with its application.
    const spam = await submit(ctx.app, { companyWebsite: "bot" });
    await expect(
      store().transaction((tx) => tx.query("DELETE FROM consents WHERE application_id = $1", [spam])),
    ).rejects.toThrow(/together with its application/);
    expect((await exists(spam)).c).toBe(1);
  });

  it("runs by itself once the server is up, and audits what it deleted", async () => {
    const old = await aged(3, { companyWebsite: "bot" });
    const kept = await aged(0, { companyWebsite: "bot" });
    const app = await buildTestApp({
      store: store(),
      env: { QUARANTINE_RETENTION: "2d" },
      jobs: ["retention-purge"],
    });
    try {
      for (let i = 0; i < 100 && (await exists(old)).a === 1; i++)
        await new Promise((r) => setTimeout(r, 20));
      expect(await exists(old)).toEqual({ a: 0, c: 0, o: 0 });
      expect((await exists(kept)).a).toBe(1);
      expect(await auditRows(store(), undefined, "applications.purged")).toContainEqual(
        expect.objectContaining({ actor_email: null, details: { count: 1, retentionDays: 2 } }),
      );
    } finally {
      await app.close();
    }
  });
});
