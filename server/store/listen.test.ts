/**
 * Store.listen on both engines: a NOTIFY reaches the listener once its
 * transaction commits, and not after it stopped listening. On PostgreSQL:
 * another store's NOTIFY is heard (two instances), a dropped listening
 * connection comes back by itself and says so, and closing the store closes it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgresStore } from "./postgres";
import type { Store } from "./store";
import { ENGINES, openTestStore, type TestStore } from "../../test/support/server";

const CHANNEL = "listen_test";

/** The payloads heard so far, and a wait for the next one matching. */
function heard() {
  const payloads: string[] = [];
  let waiters: { match: (p: string) => boolean; resolve: (p: string) => void }[] = [];
  return {
    payloads,
    push(payload: string) {
      payloads.push(payload);
      for (const waiter of waiters.filter((w) => w.match(payload))) waiter.resolve(payload);
      waiters = waiters.filter((w) => !w.match(payload));
    },
    next(expected: string, timeoutMs = 5_000): Promise<string> {
      if (payloads.includes(expected)) return Promise.resolve(expected);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`"${expected}" was not heard`)), timeoutMs);
        waiters.push({
          match: (p) => p === expected,
          resolve: (p) => {
            clearTimeout(timer);
            resolve(p);
          },
        });
      });
    },
  };
}

const notify = (store: Store, payload: string) =>
  store.query("SELECT pg_notify($1, $2)", [CHANNEL, payload]).then(() => undefined);

describe.each(ENGINES)("listening on the %s store", (engine) => {
  let db: TestStore;
  beforeAll(async () => {
    db = await openTestStore(engine);
  });
  afterAll(() => db?.dispose());

  it("hears a NOTIFY once it is committed, and nothing after it stops", async () => {
    const messages = heard();
    const stop = await db.store.listen(CHANNEL, messages.push);

    let inside: string[] = [];
    await db.store.transaction(async (tx) => {
      await tx.query("SELECT pg_notify($1, 'in a transaction')", [CHANNEL]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      inside = [...messages.payloads];
    });
    expect(inside).toEqual([]);
    await messages.next("in a transaction");

    await stop();
    await notify(db.store, "after stopping");
    await notify(db.store, "marker");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(messages.payloads).toEqual(["in a transaction"]);
  });

  it("gives every listener of a channel each message", async () => {
    const first = heard();
    const second = heard();
    const stopFirst = await db.store.listen(CHANNEL, first.push);
    const stopSecond = await db.store.listen(CHANNEL, second.push);
    await notify(db.store, "to both");
    await Promise.all([first.next("to both"), second.next("to both")]);
    await stopFirst();
    await notify(db.store, "to the second");
    await second.next("to the second");
    expect(first.payloads).toEqual(["to both"]);
    await stopSecond();
  });
});

describe("listening on PostgreSQL across stores and connections", () => {
  let db: TestStore;
  let other: Store;
  let schema: string;
  beforeAll(async () => {
    db = await openTestStore("postgres");
    schema = (await db.store.query<{ schema: string }>("SELECT current_schema() AS schema")).rows[0].schema;
    other = await openPostgresStore({ connectionString: db.url!, schema, max: 2 });
  });
  afterAll(async () => {
    await other?.close();
    await db?.dispose();
  });

  const listeningBackends = async () =>
    (
      await db.store.query<{ pid: number }>(
        "SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()",
        [`harborline listen ${schema}`],
      )
    ).rows.map((row) => row.pid);

  it("hears what another store (another instance) notifies", async () => {
    const messages = heard();
    const stop = await db.store.listen(CHANNEL, messages.push);
    await notify(other, "from the other instance");
    await messages.next("from the other instance");
    await stop();
  });

  it("listens again by itself when its connection is cut, and says so", async () => {
    const messages = heard();
    let reconnected = 0;
    const stop = await db.store.listen(CHANNEL, messages.push, () => reconnected++);
    const [pid] = await listeningBackends();
    expect(pid).toBeGreaterThan(0);

    await other.query("SELECT pg_terminate_backend($1)", [pid]);
    await expect.poll(() => reconnected, { timeout: 10_000 }).toBe(1);
    const after = await listeningBackends();
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(pid);

    await notify(other, "after the cut");
    await messages.next("after the cut");
    await stop();
  });

  it("keeps one listening connection for all its listeners, and closes it when the last stops", async () => {
    const stops = await Promise.all([1, 2, 3].map(() => db.store.listen(CHANNEL, () => undefined)));
    await db.store.listen("another_channel", () => undefined).then((stop) => stops.push(stop));
    expect(await listeningBackends()).toHaveLength(1);
    for (const stop of stops) await stop();
    await expect.poll(listeningBackends).toEqual([]);
  });

  it("closes the listening connection with the store", async () => {
    const store = await openPostgresStore({ connectionString: db.url!, schema, max: 1 });
    await store.listen(CHANNEL, () => undefined);
    await expect.poll(listeningBackends).toHaveLength(1);
    await store.close();
    await expect.poll(listeningBackends).toEqual([]);
  });
});
