/**
 * The store: PostgreSQL SQL on either engine. PGlite (embedded, one
 * connection) by default; a real PostgreSQL when DATABASE_URL is set.
 * Repositories and migrations see only these interfaces.
 */
export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
}

export interface QueryOptions {
  /**
   * A hot statement (the intake's): PGlite runs it as a named prepared
   * statement, parsed and planned once per connection (pglite-prepared.ts)
   * instead of on every call on the server's one thread. PostgreSQL ignores
   * it: its parsing and planning run in the database's own processes.
   */
  prepare?: boolean;
}

export interface Queryable {
  /** One statement with `$1…` parameters. */
  query<R = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<QueryResult<R>>;
  /** Several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Store extends Queryable {
  readonly engine: "pglite" | "postgres";
  /** Runs `fn` in BEGIN … COMMIT; any throw rolls back and rethrows. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Makes every committed transaction durable on disk. PostgreSQL: nothing to
   * do (COMMIT waits for the WAL flush). PGlite never fsyncs: CHECKPOINT, then
   * fsync every file of its data directory.
   */
  syncToDisk(): Promise<void>;
  /**
   * One maintenance pass now, what autovacuum does by itself: PGlite (which
   * has none) runs `VACUUM (ANALYZE)` of the whole database, so its planner
   * knows every table's size; PostgreSQL has nothing to do. PGlite's opener
   * can also run it on a timer (store/maintenance.ts).
   */
  maintain(): Promise<void>;
  /** `SELECT 1`: true when the store answers. */
  ping(): Promise<boolean>;
  /**
   * Runs `onMessage` with the payload of every NOTIFY on `channel`, whoever
   * sent it (a trigger, any session): on PostgreSQL every instance sharing the
   * database hears it, on PGlite this process. PostgreSQL listens on one
   * dedicated connection per store (a pooled one would take its LISTEN back
   * to the pool) and reconnects with backoff when it drops; `onReconnect`
   * runs then, because what was sent meanwhile was lost. Resolves once the
   * LISTEN is in place (rejects when it cannot be), to what stops listening.
   * Closing the store stops every listener.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** PostgreSQL's SQLSTATE for a unique violation. */
export const UNIQUE_VIOLATION = "23505";

export function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === "object" && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION
  );
}

/**
 * Every connection to the database stayed taken for longer than the pool
 * waits for one (a burst of requests on a busy server): the request may be
 * tried again in a moment, and is answered 503 with Retry-After, not 500.
 */
export class StoreBusyError extends Error {
  readonly statusCode = 503;
  constructor(cause: unknown) {
    super("The database had no free connection in time", { cause });
    this.name = "StoreBusyError";
  }
}
