/**
 * Migration 011 on both engines: a store whose applications were held back
 * under the old word ('spam') comes out with them 'quarantined', the CHECK
 * refusing the old word, the quarantine purge still deleting them (with their
 * consent records, through the write-once trigger's exception), and the
 * analytics outcome renamed in raw events and roll-ups alike.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { purgeQuarantine } from "../retention/purge-repository";
import { migrate, readMigrations } from "../store/migrate";
import { openPGliteStore } from "../store/pglite";
import { openPostgresStore } from "../store/postgres";
import type { Store } from "../store/store";
import { ENGINES, TEST_DATABASE_URL, type Engine } from "../../test/support/server";

const BEFORE_011 = readMigrations().filter((migration) => migration.version < "011");

/** An empty store on `engine` with the migrations before 011 applied. */
async function storeBefore011(engine: Engine): Promise<{ store: Store; dispose: () => Promise<void> }> {
  if (engine === "pglite") {
    const store = await openPGliteStore();
    await migrate(store, BEFORE_011);
    return { store, dispose: () => store.close() };
  }
  const schema = `test_${randomUUID().replaceAll("-", "")}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const store = await openPostgresStore({ connectionString: TEST_DATABASE_URL, schema, max: 2 });
  await migrate(store, BEFORE_011);
  return {
    store,
    async dispose() {
      await store.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}

/** An application (with its consent record) stored `daysAgo` days ago with `status`, as the old code wrote it. */
async function insertApplication(store: Store, status: string, daysAgo: number): Promise<string> {
  const id = randomUUID();
  await store.query(
    `INSERT INTO applications (id, submission_id, created_at, status, spam_reason, source, submitted_at,
       company_name, industry, annual_revenue, years_in_business, business_description, funding_type,
       funding_amount, funding_purpose, timeframe, first_name, last_name, email, phone, title,
       credit_score, sms_consent, payload)
     VALUES ($1, $2, now() - $3 * interval '1 day', $4, $5, 'website', now() - $3 * interval '1 day',
       'Old Co', 'retail', '1m-5m', '3-5', 'A shop', 'line-of-credit', 50000, 'stock', 'asap',
       'Ada', 'Lovelace', 'ada@example.com', '5555550100', 'Owner', 'good', false, '{}')`,
    [id, randomUUID(), daysAgo, status, status === "spam" ? "honeypot" : null],
  );
  await store.query(
    `INSERT INTO consents (application_id, consent_text, consent_version, consented_at, phone)
     VALUES ($1, 'I agree', 'v1', now(), '5555550100')`,
    [id],
  );
  return id;
}

describe.each(ENGINES)("migration 011 on %s", (engine) => {
  let dispose: (() => Promise<void>) | undefined;
  afterEach(() => dispose?.());

  it("turns 'spam' applications into 'quarantined' ones the purge still deletes", async () => {
    const opened = await storeBefore011(engine);
    dispose = opened.dispose;
    const { store } = opened;
    const old = await insertApplication(store, "spam", 40);
    const recent = await insertApplication(store, "spam", 1);
    const received = await insertApplication(store, "received", 40);
    await store.query(
      `INSERT INTO analytics_events (at, name, path) VALUES (now(), 'application_spam', '/apply')`,
    );
    await store.query(
      `INSERT INTO analytics_daily (day, source, campaign, metric, dimension, value)
       VALUES (current_date - 3, 'direct', '', 'events', 'application_spam', 2)`,
    );

    expect(
      await migrate(
        store,
        readMigrations().filter((migration) => migration.version < "012"),
      ),
    ).toEqual(["011_quarantined"]);
    // The later migrations take these stored applications along (012 gives them a review deadline).
    await migrate(store);

    const status = async () =>
      Object.fromEntries(
        (
          await store.query<{ id: string; status: string }>("SELECT id::text AS id, status FROM applications")
        ).rows.map((row) => [row.id, row.status]),
      );
    expect(await status()).toEqual({ [old]: "quarantined", [recent]: "quarantined", [received]: "received" });
    const reasons = await store.query<{ reason: string | null }>(
      "SELECT quarantine_reason AS reason FROM applications WHERE id = $1",
      [old],
    );
    expect(reasons.rows).toEqual([{ reason: "honeypot" }]);
    await expect(
      store.query("UPDATE applications SET status = 'spam' WHERE id = $1", [received]),
    ).rejects.toMatchObject({ code: "23514" });

    // Past the retention: the old one goes, with its consent record; the recent one and the received one stay.
    const purged = await purgeQuarantine(store, 30 * 24 * 3600_000, { now: new Date(), batchSize: 500 });
    expect(purged).toBe(1);
    expect(Object.keys(await status()).sort()).toEqual([recent, received].sort());
    const consents = await store.query<{ id: string }>("SELECT application_id::text AS id FROM consents");
    expect(consents.rows.map((row) => row.id).sort()).toEqual([recent, received].sort());

    const names = await store.query<{ name: string }>("SELECT name FROM analytics_events");
    expect(names.rows).toEqual([{ name: "application_quarantined" }]);
    const daily = await store.query<{ dimension: string }>("SELECT dimension FROM analytics_daily");
    expect(daily.rows).toEqual([{ dimension: "application_quarantined" }]);
  });
});
