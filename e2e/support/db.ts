import pg from "pg";
import { E2E } from "./env";

/** Runs one query against the test server's database, on a connection of its own, and returns its rows. */
export async function queryRows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: E2E.databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}
