/**
 * server/desk/ is the desk's HTTP layer (server/README.md): its routes, guards
 * and views, and nothing else. ESLint refuses a repository file there and SQL
 * in any of its files (a query on a store, a transaction or a connection, or
 * an SQL statement in a string), so SQL and rules go to the domain folders;
 * a route reading its query string, a regular expression and the tests'
 * own SQL are left alone. An offence fails `npm test`'s lint step.
 */
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ruleRefusals } from "../support/lint";

const refusals = (file: string, code: string) => ruleRefusals("no-restricted-syntax", file, code);
const DESK_LAYER = expect.stringContaining("server/desk/ is the desk's HTTP layer");

describe("what server/desk/ may hold", () => {
  it.each([
    ["in a page's folder", "server/desk/inbox/inbox-repository.ts"],
    ["at the top of server/desk/", "server/desk/new-count-repository.ts"],
    ["named otherwise around 'repository'", "server/desk/live/repository-helpers.ts"],
  ])("refuses a repository file %s", async (_where, file) => {
    expect(await refusals(file, "export const answer = 42;")).toEqual([
      expect.stringContaining("No repository under server/desk/"),
    ]);
  });

  it.each([
    [
      "a query on the store",
      'import type { Store } from "../../store/store";\n' +
        "export const count = (store: Store, sql: string) => store.query(sql);",
    ],
    [
      "a query in a transaction",
      'import type { Store } from "../../store/store";\n' +
        "export const touch = (store: Store, sql: string, id: string) =>\n" +
        "  store.transaction((tx) => tx.query(sql, [id]));",
    ],
    [
      "a query on a Queryable passed in",
      'import type { Queryable } from "../../store/store";\n' +
        "export const read = (db: Queryable, sql: string) => db.query(sql);",
    ],
    [
      "a query on the app's store",
      'import type { FastifyInstance } from "fastify";\n' +
        "export const onDuty = (app: FastifyInstance, sql: string) => app.store.query(sql);",
    ],
    [
      "an exec on the request's store",
      'import type { FastifyRequest } from "fastify";\n' +
        "export const run = (request: FastifyRequest, sql: string) => request.server.store.exec(sql);",
    ],
    [
      "an SQL statement in a string",
      'export const SQL = "SELECT on_duty FROM desk_duty WHERE user_id = $1";',
    ],
    [
      "an SQL statement in a template",
      "export const sql = (table: string) => `\n  UPDATE ${table} SET seen_at = now()`;",
    ],
    ["an insert in a template", "export const SQL = `INSERT INTO desk_view_seen (user_id) VALUES ($1)`;"],
    ["a delete in a string", "export const SQL = 'DELETE FROM desk_session WHERE id = $1';"],
  ])("refuses SQL in a route file: %s", async (_name, code) => {
    expect(await refusals("server/desk/inbox/probe-routes.ts", code)).toEqual([DESK_LAYER]);
  });

  it.each([
    [
      "a route reading its query string",
      'import type { FastifyInstance } from "fastify";\n' +
        'export const route = (app: FastifyInstance) => app.get("/x", async (request) => request.query);',
    ],
    [
      "a regular expression's exec",
      "const POSITION = /^(\\d+)$/;\nexport const position = (cursor: string) => POSITION.exec(cursor);",
    ],
    [
      "a domain's repository, in the store's transaction",
      'import type { Store } from "../../store/store";\n' +
        'import { createWorkRepository } from "../../work/work-repository";\n' +
        "export const close = (store: Store, id: string) =>\n" +
        "  store.transaction((tx) => createWorkRepository(store).setFollowUp(tx, id, null));",
    ],
    ["an HTTP method", 'export const METHODS = ["GET", "DELETE", "UPDATE"];'],
    ["words that only start like SQL", 'export const LABEL = "Select a reason";'],
  ])("allows %s", async (_name, code) => {
    expect(await refusals("server/desk/inbox/probe-routes.ts", code)).toEqual([]);
  });

  it("allows a desk test its own SQL to seed and read the store", async () => {
    const code =
      'import type { Store } from "../../store/store";\n' +
      "export const seed = (store: Store) => store.query('UPDATE applications SET work_status = $1', ['closed']);";
    expect(await refusals("server/desk/inbox/probe.test.ts", code)).toEqual([]);
  });

  it("allows SQL in a domain folder's repository", async () => {
    const code =
      'import type { Store } from "../store/store";\n' +
      "export const count = (store: Store) => store.query('SELECT count(*) FROM applications');";
    expect(await refusals("server/inbox/probe-repository.ts", code)).toEqual([]);
  });

  it("holds today: no repository file under server/desk/", () => {
    const files = readdirSync("server/desk", { recursive: true, encoding: "utf8" });
    expect(files.filter((file) => /repository/.test(file))).toEqual([]);
  });
});
