import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ENGINES, openTestStore, type TestStore } from "../../test/support/server";

const SUBSCRIBE = `INSERT INTO newsletter_subscribers (email, status) VALUES ($1, $2)
  RETURNING email, status, created_at IS NOT NULL AS dated`;
const FIND = `SELECT email, status, $2::uuid[] AS ids, $3::numeric AS amount, $4::jsonb AS facts
  FROM newsletter_subscribers WHERE email = $1`;

describe.each(ENGINES)("a prepared query on the %s store", (engine) => {
  let db: TestStore;
  beforeAll(async () => {
    db = await openTestStore(engine);
  });
  afterAll(() => db?.dispose());
  beforeEach(() => db.reset());

  it("returns the same rows and counts as the same query unprepared, call after call", async () => {
    const ids = ["6f1b9b8e-3c1a-4b7e-9d2f-0a1b2c3d4e5f", "0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9"];
    for (let i = 0; i < 8; i++) {
      const email = `p${i}@example.com`;
      const inserted = await db.store.query(SUBSCRIBE, [email, "subscribed"], { prepare: true });
      expect(inserted).toEqual({ rows: [{ email, status: "subscribed", dated: true }], rowCount: 1 });
      const params = [email, ids, "12500.50", JSON.stringify({ n: i, tags: ["a"] })];
      const unprepared = await db.store.query(FIND, params);
      expect(await db.store.query(FIND, params, { prepare: true })).toEqual(unprepared);
      expect(unprepared.rows).toEqual([
        { email, status: "subscribed", ids, amount: "12500.50", facts: { n: i, tags: ["a"] } },
      ]);
    }
    const none = await db.store.query(FIND, ["nobody@example.com", [], null, null], { prepare: true });
    expect(none).toEqual({ rows: [], rowCount: 0 });
  });

  it("keeps working after its statement fails inside a transaction that rolls back", async () => {
    await db.store.query(SUBSCRIBE, ["first@example.com", "subscribed"], { prepare: true });
    await expect(
      db.store.transaction(async (tx) => {
        await tx.query(SUBSCRIBE, ["second@example.com", "subscribed"], { prepare: true });
        // The same address again: a unique violation, and the transaction rolls back.
        await tx.query(SUBSCRIBE, ["second@example.com", "subscribed"], { prepare: true });
      }),
    ).rejects.toMatchObject({ code: "23505" });
    // Nothing of the rolled-back transaction stayed, and the statement still runs, in a transaction and out.
    await db.store.transaction((tx) =>
      tx.query(SUBSCRIBE, ["third@example.com", "subscribed"], { prepare: true }),
    );
    await db.store.query(SUBSCRIBE, ["fourth@example.com", "subscribed"], { prepare: true });
    const { rows } = await db.store.query<{ email: string }>(
      "SELECT email FROM newsletter_subscribers ORDER BY email",
    );
    expect(rows.map((row) => row.email)).toEqual([
      "first@example.com",
      "fourth@example.com",
      "third@example.com",
    ]);
  });

  it("reports a statement that cannot be prepared, and prepares it once it can be", async () => {
    const sql = "SELECT count(*)::int AS n FROM prepared_later WHERE id > $1";
    await expect(db.store.query(sql, [0], { prepare: true })).rejects.toMatchObject({ code: "42P01" });
    await db.store.exec("CREATE TABLE prepared_later (id int)");
    try {
      await db.store.exec("INSERT INTO prepared_later VALUES (1), (2)");
      expect((await db.store.query(sql, [0], { prepare: true })).rows).toEqual([{ n: 2 }]);
    } finally {
      await db.store.exec("DROP TABLE prepared_later");
    }
  });
});
