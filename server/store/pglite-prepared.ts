/**
 * Named prepared statements on PGlite. Its `query()` sends every statement
 * as an unnamed one: Parse, Describe, Bind, Execute, so PostgreSQL parses,
 * analyses, rewrites and plans it on every call, on the server's one
 * JavaScript thread (EXPLAIN's "Planning Time" leaves the parsing out, so
 * that cost hides). For the intake's hot statements this module parses a
 * statement once per PGlite instance (one connection: its session keeps the
 * statement until it closes, through any transaction's rollback) and then
 * only binds and executes it, so PostgreSQL's plan cache can reuse its plan.
 */
import { parse, protocol, type PGlite, type Results } from "@electric-sql/pglite";

type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

interface PreparedStatement {
  name: string;
  /** The parameters' type oids, as PostgreSQL inferred them. */
  paramTypes: number[];
}

/** Per PGlite instance: its prepared statements by SQL text. */
const prepared = new WeakMap<PGlite, Map<string, PreparedStatement>>();

/**
 * Runs `sql` with `params` as a named prepared statement of `db`, preparing it
 * on its first use. `inTransaction`: the caller holds `db` in BEGIN … COMMIT,
 * so nothing is flushed to the file system yet (what PGlite's own query does).
 */
export async function queryPrepared<R>(
  db: PGlite,
  sql: string,
  params: unknown[] = [],
  inTransaction = false,
): Promise<Results<R>> {
  let statements = prepared.get(db);
  if (!statements) prepared.set(db, (statements = new Map()));
  const known = statements;
  const send = (message: Uint8Array) => db.execProtocolStream(message, { syncToFs: false });

  const results = await db.runExclusive(async () => {
    const messages: BackendMessage[] = [];
    try {
      let statement = known.get(sql);
      if (!statement) {
        const name = `harborline_${known.size + 1}`;
        await send(protocol.serialize.parse({ name, text: sql }));
        const described = await send(protocol.serialize.describe({ type: "S", name }));
        statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
        // From here on the session has it, whatever happens to this call's transaction.
        known.set(sql, statement);
      }
      const { paramTypes } = statement;
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null;
        const serialize = db.serializers[paramTypes[index]];
        return serialize ? serialize(value) : String(value);
      });
      messages.push(
        ...(await send(protocol.serialize.bind({ statement: statement.name, values }))),
        ...(await send(protocol.serialize.describe({ type: "P" }))),
        ...(await send(protocol.serialize.execute({}))),
      );
    } catch (error) {
      if (error instanceof Error) Object.assign(error, { query: sql, params });
      throw error;
    } finally {
      // Ends the extended-protocol exchange; after an error PostgreSQL skipped everything up to here.
      messages.push(...(await send(protocol.serialize.sync())));
    }
    return messages;
  });
  if (!inTransaction) await db.syncToFs();
  return parse.parseResults(results, db.parsers)[0] as Results<R>;
}
