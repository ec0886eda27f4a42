import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migrate, readMigrations } from "./migrate";
import { ENGINES, openTestStore, type TestStore } from "../../test/support/server";

describe.each(ENGINES)("the %s store", (engine) => {
  let db: TestStore;
  beforeAll(async () => {
    db = await openTestStore(engine);
  });
  afterAll(() => db?.dispose());
  beforeEach(() => db.reset());

  it("has every migration recorded, and a second run applies nothing", async () => {
    const { rows } = await db.store.query<{ version: string }>(
      "SELECT version FROM schema_migrations ORDER BY version",
    );
    expect(rows.map((row) => row.version)).toEqual(readMigrations().map((m) => m.version));
    expect(await migrate(db.store)).toEqual([]);
  });

  it("rolls a failed transaction back completely", async () => {
    await expect(
      db.store.transaction(async (tx) => {
        await tx.query(
          "INSERT INTO newsletter_subscribers (email, status) VALUES ('a@example.com', 'subscribed')",
        );
        await tx.query(
          "INSERT INTO newsletter_subscribers (email, status) VALUES ('a@example.com', 'subscribed')",
        );
      }),
    ).rejects.toMatchObject({ code: "23505" });
    expect((await db.store.query("SELECT * FROM newsletter_subscribers")).rows).toEqual([]);
  });

  it("keeps a query issued during a transaction out of that transaction", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tx = db.store.transaction(async (t) => {
      await t.query(
        "INSERT INTO newsletter_subscribers (email, status) VALUES ('tx@example.com', 'subscribed')",
      );
      await held;
      throw new Error("roll back");
    });
    const outside = db.store.query(
      "INSERT INTO newsletter_subscribers (email, status) VALUES ('out@example.com', 'subscribed')",
    );
    setTimeout(release, 20);
    await expect(tx).rejects.toThrow("roll back");
    await outside;
    const { rows } = await db.store.query<{ email: string }>("SELECT email FROM newsletter_subscribers");
    expect(rows.map((row) => row.email)).toEqual(["out@example.com"]);
  });

  it("answers ping", async () => {
    expect(await db.store.ping()).toBe(true);
  });
});
