/**
 * Migration 033 on both engines: audit entries stored under the names used
 * before the one naming convention (`sign-in`, `consents.looked_up`,
 * `export.applications` …) come out under today's names (every one of them in
 * AUDIT_ACTIONS), with nothing else they recorded changed, entries already
 * named by the convention left alone, and the log append-only again after.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { AUDIT_ACTIONS } from "#domain/audit/actions";
import { migrate, readMigrations } from "../store/migrate";
import { openPGliteStore } from "../store/pglite";
import { openPostgresStore } from "../store/postgres";
import type { Store } from "../store/store";
import { ENGINES, TEST_DATABASE_URL, type Engine } from "../../test/support/server";

const VERSION = "033_audit_action_names";
const MIGRATION = readMigrations().find((migration) => migration.version === VERSION)!;
const BEFORE = readMigrations().filter((migration) => migration.version < VERSION);

/** The renames the migration makes, read from its SQL: old name → new name. */
const RENAMES = Object.fromEntries(
  [...MIGRATION.sql.matchAll(/WHEN '([^']+)' THEN '([^']+)'/g)].map((match) => [match[1], match[2]]),
);

/** An empty store on `engine` with the migrations before 033 applied. */
async function storeBefore(engine: Engine): Promise<{ store: Store; dispose: () => Promise<void> }> {
  if (engine === "pglite") {
    const store = await openPGliteStore();
    await migrate(store, BEFORE);
    return { store, dispose: () => store.close() };
  }
  const schema = `test_${randomUUID().replaceAll("-", "")}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const store = await openPostgresStore({ connectionString: TEST_DATABASE_URL, schema, max: 2 });
  await migrate(store, BEFORE);
  return {
    store,
    async dispose() {
      await store.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}

test("renames the eleven names outside the convention, each to an action of today's list", () => {
  expect(RENAMES).toEqual({
    "sign-in": "sign-in.succeeded",
    "sign-out": "session.signed-out",
    "consents.looked_up": "consents.looked-up",
    "opt-outs.looked_up": "opt-outs.looked-up",
    "legal-holds.looked_up": "legal-holds.looked-up",
    "deliveries.dead_listed": "dead-deliveries.listed",
    "deliveries.redelivered_dead": "dead-deliveries.redelivered",
    "export.applications": "applications.exported",
    "export.consents": "consents.exported",
    "export.newsletter": "newsletter.exported",
    "export.audit": "audit.exported",
  });
  for (const [before, after] of Object.entries(RENAMES)) {
    expect(AUDIT_ACTIONS as readonly string[], after).toContain(after);
    expect(AUDIT_ACTIONS as readonly string[], before).not.toContain(before);
  }
});

describe.each(ENGINES)("migration 033 on %s", (engine) => {
  let dispose: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await dispose?.();
    dispose = undefined;
  });

  interface Row {
    action: string;
    actor_email: string | null;
    target: string | null;
    details: unknown;
    times: number | null;
    rows_returned: number | null;
  }
  const rows = async (store: Store) =>
    (
      await store.query<Row>(
        `SELECT action, actor_email, target, details, times, rows_returned FROM desk_audit_log ORDER BY id`,
      )
    ).rows;

  it("gives stored entries today's names and changes nothing else", async () => {
    const opened = await storeBefore(engine);
    dispose = opened.dispose;
    const { store } = opened;
    for (const action of [...Object.keys(RENAMES), "sign-in.failed", "application.viewed"]) {
      await store.query(
        `INSERT INTO desk_audit_log (actor_id, actor_email, action, target, details)
         VALUES ('user-1', 'dana@example.test', $1, 'target-1', $2)`,
        [action, JSON.stringify({ was: action })],
      );
    }
    // A repeated entry (a list paged through three times), as 009 counts them.
    await store.query(
      `INSERT INTO desk_audit_log (actor_id, actor_email, action, details, session_id, repeat_key,
         window_start, times, rows_returned, last_at)
       VALUES ('user-1', 'dana@example.test', 'deliveries.dead_listed', '{"filter":{},"pageSize":100}',
         'session-1', 'key-1', now(), 3, 12, now())`,
    );
    const before = await rows(store);

    expect(await migrate(store)).toEqual([
      VERSION,
      ...readMigrations()
        .filter((m) => m.version > VERSION)
        .map((m) => m.version),
    ]);

    const after = await rows(store);
    expect(after.map((row) => row.action)).toEqual(before.map((row) => RENAMES[row.action] ?? row.action));
    expect(after.map(({ action: _action, ...rest }) => rest)).toEqual(
      before.map(({ action: _action, ...rest }) => rest),
    );
    expect(after.at(-1)).toMatchObject({ action: "dead-deliveries.listed", times: 3, rows_returned: 12 });

    // Append-only again.
    await expect(store.query(`UPDATE desk_audit_log SET action = 'sign-in'`)).rejects.toThrow(/append-only/);
    await expect(store.query(`DELETE FROM desk_audit_log`)).rejects.toThrow(/append-only/);
  });
});
