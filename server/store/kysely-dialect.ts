/**
 * A Kysely dialect over our Store, so the authentication library's queries go
 * through the same connection handling as everything else: the embedded
 * store's single queue (a query never lands inside another caller's open
 * transaction) and the PostgreSQL pool.
 */
import {
  type CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from "kysely";
import type { Queryable, Store } from "./store";

class StoreConnection implements DatabaseConnection {
  /** Set while a transaction is open on this connection. */
  transaction: { tx: Queryable; finish: (commit: boolean) => Promise<void> } | null = null;

  constructor(private readonly store: Store) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const target = this.transaction?.tx ?? this.store;
    const result = await target.query<R>(query.sql, [...query.parameters]);
    return { rows: result.rows, numAffectedRows: BigInt(result.rowCount) };
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    yield await this.executeQuery<R>(query);
  }
}

class Rollback extends Error {}

class StoreDriver implements Driver {
  constructor(private readonly store: Store) {}

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new StoreConnection(this.store);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const conn = connection as StoreConnection;
    // store.transaction takes a callback; hold it open until commit or rollback.
    await new Promise<void>((opened, failed) => {
      let decide!: (commit: boolean) => void;
      const decision = new Promise<boolean>((resolve) => (decide = resolve));
      const done = this.store
        .transaction(async (tx) => {
          if (settings.isolationLevel) {
            await tx.query(`SET TRANSACTION ISOLATION LEVEL ${settings.isolationLevel.toUpperCase()}`);
          }
          conn.transaction = {
            tx,
            finish: async (commit) => {
              decide(commit);
              await done.catch((error: unknown) => {
                if (!(error instanceof Rollback)) throw error;
              });
            },
          };
          opened();
          if (!(await decision)) throw new Rollback();
        })
        .finally(() => (conn.transaction = null));
      done.catch(failed);
    });
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as StoreConnection).transaction?.finish(true);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as StoreConnection).transaction?.finish(false);
  }

  async releaseConnection() {}

  /** The store belongs to the app; closing it is not the dialect's business. */
  async destroy() {}
}

export function storeDialect(store: Store): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new StoreDriver(store),
    createQueryCompiler: () => new PostgresQueryCompiler(),
    createIntrospector: (db: Kysely<unknown>) => new PostgresIntrospector(db),
  };
}
