/**
 * A burst that takes every connection of the pool for longer than a request
 * waits for one: the request is answered 503 with Retry-After and words a
 * person can act on (tus clients and the room's page send it again), never a
 * 500 with the database's message; once a connection is free it works.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUSY_MESSAGE, BUSY_RETRY_AFTER_S } from "../plugins/error-handler";
import { ORIGIN } from "../../test/support/room";
import { buildTestApp, openAnotherPool, openTestStore, type TestStore } from "../../test/support/server";
import { StoreBusyError, type Store } from "./store";

describe("a PostgreSQL pool with no connection free in time", () => {
  let db: TestStore;
  let narrow: Store;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    db = await openTestStore("postgres");
    narrow = await openAnotherPool(db, 1);
    app = await buildTestApp({ store: narrow });
  });
  afterAll(async () => {
    await app?.close();
    await narrow?.close();
    await db?.dispose();
  });

  const openRoom = () =>
    app.inject({
      method: "POST",
      url: "/api/room/session",
      headers: { "content-type": "application/json", ...ORIGIN },
      payload: { token: randomBytes(32).toString("base64url") },
    });

  it(
    "answers 503 with Retry-After, then works once the connection is free",
    { timeout: 30_000 },
    async () => {
      let release = () => {};
      const held = narrow.transaction(() => new Promise<void>((resolve) => (release = resolve)));

      await expect(narrow.query("SELECT 1")).rejects.toBeInstanceOf(StoreBusyError);
      const busy = await openRoom();
      expect(busy.statusCode).toBe(503);
      expect(busy.headers["retry-after"]).toBe(String(BUSY_RETRY_AFTER_S));
      expect(busy.json()).toEqual({ error: BUSY_MESSAGE });
      expect(busy.body).not.toMatch(/timeout|connect/i);

      release();
      await held;
      // The link opens nothing (an unknown token), but the server answers it again.
      expect((await openRoom()).statusCode).toBe(404);
    },
  );
});
