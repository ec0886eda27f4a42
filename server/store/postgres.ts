import pg from "pg";
import { createPostgresListener } from "./postgres-listener";
import { StoreBusyError, type Queryable, type QueryResult, type Store } from "./store";

export interface PostgresStoreOptions {
  connectionString: string;
  /** Sets search_path on every connection (tests isolate each file in a schema). */
  schema?: string;
  max?: number;
}

/** pg-pool's error when no connection came free within connectionTimeoutMillis. */
const POOL_TIMEOUT = "timeout exceeded when trying to connect";

/** A wait for the pool that ran out as StoreBusyError; any other error as it is. */
const busyOr = (error: unknown) =>
  error instanceof Error && error.message === POOL_TIMEOUT ? new StoreBusyError(error) : error;

export async function openPostgresStore(options: PostgresStoreOptions): Promise<Store> {
  // pg lets a URL's `options` replace ours wholesale; merge them instead.
  const url = new URL(options.connectionString);
  const urlOptions = url.searchParams.get("options");
  url.searchParams.delete("options");
  const connection = {
    connectionString: url.toString(),
    connectionTimeoutMillis: 5_000,
    // The 201 means "on disk": never let a server-wide setting turn durable commits off.
    options: [
      "-c synchronous_commit=on",
      ...(urlOptions ? [urlOptions] : []),
      ...(options.schema ? [`-c search_path=${options.schema}`] : []),
    ].join(" "),
  };
  const pool = new pg.Pool({ ...connection, max: options.max ?? 10 });
  // An idle client that loses its connection must not crash the process.
  pool.on("error", () => undefined);
  // LISTEN needs a connection of its own, outside the pool (postgres-listener.ts).
  const listener = createPostgresListener({
    ...connection,
    application_name: `harborline listen${options.schema ? ` ${options.schema}` : ""}`,
  });

  const wrap = (target: pg.Pool | pg.PoolClient): Queryable => ({
    async query<R>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
      const result = await target.query(sql, params).catch((error: unknown) => {
        throw busyOr(error);
      });
      return { rows: result.rows as R[], rowCount: result.rowCount ?? result.rows.length };
    },
    async exec(sql: string) {
      await target.query(sql).catch((error: unknown) => {
        throw busyOr(error);
      });
    },
  });
  const direct = wrap(pool);

  const store: Store = {
    engine: "postgres",
    query: (sql, params) => direct.query(sql, params),
    exec: (sql) => direct.exec(sql),
    async transaction(fn) {
      const client = await pool.connect().catch((error: unknown) => {
        throw busyOr(error);
      });
      let broken: Error | undefined;
      try {
        await client.query("BEGIN");
        const result = await fn(wrap(client));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        // A connection that cannot even roll back is dropped, not reused.
        await client.query("ROLLBACK").catch((rollbackError: Error) => (broken = rollbackError));
        throw error;
      } finally {
        client.release(broken);
      }
    },
    async syncToDisk() {},
    // Autovacuum vacuums and analyses the tables by itself.
    async maintain() {},
    async ping() {
      try {
        await pool.query("SELECT 1");
        return true;
      } catch {
        return false;
      }
    },
    listen: (channel, onMessage, onReconnect) => listener.listen(channel, onMessage, onReconnect),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
  // Fail at start-up, not on the first request, when the database is unreachable.
  await store.query("SELECT 1");
  return store;
}
