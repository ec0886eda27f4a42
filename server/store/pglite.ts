import { mkdirSync } from "node:fs";
import { fsyncTree } from "./fsync";
import { scheduleMaintenance, type MaintenanceSchedule } from "./maintenance";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { queryPrepared } from "./pglite-prepared";
import type { Queryable, QueryOptions, QueryResult, Store } from "./store";

export interface PGliteStoreOptions {
  /** A data directory; in memory when omitted. */
  dataDir?: string;
  /** A `dumpDataDir()` tarball to start from (fast fresh copies in tests). */
  loadDataDir?: Blob | File;
  /**
   * Runs `maintain()` by itself on this schedule (the server's stand-in for
   * autovacuum); off when omitted, so tests and tools get no timer.
   */
  maintenance?: MaintenanceSchedule;
}

/**
 * Extensions the migrations use (the inbox search's trigram indexes): PGlite
 * must load them every time it opens a data directory that has them.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * PGlite has one connection. Everything (single queries and whole
 * transactions) goes through one queue, so a query issued while a transaction
 * is open never runs inside that transaction's session.
 */
export async function openPGliteStore(options: PGliteStoreOptions = {}): Promise<Store> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const db = await PGlite.create(options.dataDir, {
    loadDataDir: options.loadDataDir,
    extensions: PGLITE_EXTENSIONS,
  });
  const store = pgliteStore(db, options.dataDir);
  if (!options.maintenance) return store;
  const stop = scheduleMaintenance(() => store.maintain(), options.maintenance);
  return {
    ...store,
    async close() {
      await stop();
      await store.close();
    },
  };
}

/** Wraps an open PGlite instance (the store then owns it). */
export function pgliteStore(db: PGlite, dataDir?: string): Store {
  let tail: Promise<unknown> = Promise.resolve();
  let closed = false;
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(() => {
      if (closed) throw new Error("The store is closed");
      return work();
    });
    tail = run.catch(() => undefined);
    return run;
  };

  const wrap = (target: PGlite | Transaction): Queryable => ({
    async query<R>(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult<R>> {
      const result = options?.prepare
        ? await queryPrepared<R>(db, sql, params, target !== db)
        : await target.query<R>(sql, params);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  });
  const direct = wrap(db);

  return {
    engine: "pglite",
    query: (sql, params, options) => exclusive(() => direct.query(sql, params, options)),
    exec: (sql) => exclusive(() => direct.exec(sql)),
    transaction: (fn) => exclusive(() => db.transaction((tx) => fn(wrap(tx)))),
    async syncToDisk() {
      // Postgres inside PGlite writes through to the files (the OS page cache)
      // but its fsync is a no-op; flush the whole data directory ourselves.
      await exclusive(() => db.exec("CHECKPOINT"));
      if (dataDir) await fsyncTree(dataDir);
    },
    async maintain() {
      await exclusive(() => db.exec("VACUUM (ANALYZE)"));
    },
    async ping() {
      try {
        await exclusive(() => db.query("SELECT 1"));
        return true;
      } catch {
        return false;
      }
    },
    // One process, one connection: nothing to reconnect, so `onReconnect` never runs.
    async listen(channel, onMessage) {
      const stop = await exclusive(() => db.listen(channel, onMessage));
      return () => exclusive(() => stop()).catch(() => undefined);
    },
    async close() {
      await exclusive(async () => {
        closed = true;
        await db.close();
      }).catch(() => undefined);
    },
  };
}
