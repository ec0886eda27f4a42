import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Store } from "./store";
import { lockUntilCommit } from "./advisory-lock";

/**
 * Beside this module in the source tree; beside dist/main.mjs in the bundle
 * (scripts/build-server.mjs copies the folder there).
 */
export const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations/", import.meta.url));

export interface Migration {
  version: string;
  sql: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((name) => /^\d{3}_[\w-]+\.sql$/.test(name))
    .sort()
    .map((name) => ({ version: name.replace(/\.sql$/, ""), sql: readFileSync(`${dir}/${name}`, "utf8") }));
}

// Any fixed number: instances starting together on one PostgreSQL take turns.
const MIGRATION_LOCK = 7_314_201;

/** Applies the pending migrations in one transaction; returns the versions applied. */
export async function migrate(store: Store, migrations = readMigrations()): Promise<string[]> {
  return store.transaction(async (tx) => {
    await lockUntilCommit(tx, MIGRATION_LOCK);
    await tx.exec(
      "CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    const { rows } = await tx.query<{ version: string }>("SELECT version FROM schema_migrations");
    const applied = new Set(rows.map((row) => row.version));
    const pending = migrations.filter((migration) => !applied.has(migration.version));
    for (const migration of pending) {
      await tx.exec(migration.sql);
      await tx.query("INSERT INTO schema_migrations (version) VALUES ($1)", [migration.version]);
    }
    return pending.map((migration) => migration.version);
  });
}
