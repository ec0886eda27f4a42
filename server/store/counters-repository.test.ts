import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCountersRepository, type CountersRepository } from "./counters-repository";
import { ENGINES, openTestStore, type TestStore } from "../../test/support/server";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(ENGINES)("the counters repository on %s", (engine) => {
  let db: TestStore;
  let counters: CountersRepository;
  let n = 0;
  // Every test counts its own keys, so no test sees another's hits.
  const key = (name: string) => `test:${engine}:${++n}:${name}`;

  beforeAll(async () => {
    db = await openTestStore(engine);
    counters = createCountersRepository(db.store);
  });
  afterAll(() => db?.dispose());

  it("counts hits in one window and keeps that window's end", async () => {
    const k = key("ip");
    const before = Date.now();
    const first = await counters.hit(k, 60_000);
    expect(first.count).toBe(1);
    expect(first.resetAt.getTime()).toBeGreaterThanOrEqual(before + 59_000);
    expect(first.resetAt.getTime()).toBeLessThanOrEqual(Date.now() + 60_000 + 50);
    const stored = async () =>
      (await db.store.query<{ reset_at: Date }>("SELECT reset_at FROM counters WHERE key = $1", [k])).rows[0]
        .reset_at;
    const end = await stored();
    await sleep(100);
    const second = await counters.hit(k, 60_000);
    const third = await counters.hit(k, 60_000);
    expect([second.count, third.count]).toEqual([2, 3]);
    // Same window: later hits do not push its end back.
    expect(await stored()).toEqual(end);
    expect(Math.abs(third.resetAt.getTime() - first.resetAt.getTime())).toBeLessThan(1_000);
  });

  it("keeps keys apart", async () => {
    const a = key("a");
    const b = key("b");
    await counters.hit(a, 60_000);
    await counters.hit(a, 60_000);
    expect((await counters.hit(b, 60_000)).count).toBe(1);
    expect((await counters.hit(a, 60_000)).count).toBe(3);
  });

  it("starts a new window once the old one has ended", async () => {
    const k = key("short");
    await counters.hit(k, 150);
    expect((await counters.hit(k, 150)).count).toBe(2);
    await sleep(200);
    const fresh = await counters.hit(k, 150);
    expect(fresh.count).toBe(1);
    expect(fresh.resetAt.getTime()).toBeGreaterThan(Date.now() + 50);
  });

  it("counts every one of many concurrent hits on one key exactly once", async () => {
    const k = key("burst");
    const hits = await Promise.all(Array.from({ length: 25 }, () => counters.hit(k, 60_000)));
    expect(hits.map((hit) => hit.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
  });

  it("reset forgets one key and no other", async () => {
    const k = key("reset");
    const other = key("kept");
    await counters.hit(k, 60_000);
    await counters.hit(k, 60_000);
    await counters.hit(other, 60_000);
    await counters.reset(k);
    expect((await counters.hit(k, 60_000)).count).toBe(1);
    expect((await counters.hit(other, 60_000)).count).toBe(2);
  });

  it("purgeExpired deletes ended windows only", async () => {
    // Earlier tests' short windows may end at any moment; start from an empty table.
    await db.store.query("DELETE FROM counters");
    const ended = [key("ended-1"), key("ended-2")];
    const live = key("live");
    for (const k of ended) await counters.hit(k, 50);
    await counters.hit(live, 60_000);
    await sleep(80);
    expect(await counters.purgeExpired()).toBe(2);
    const { rows } = await db.store.query<{ key: string }>("SELECT key FROM counters WHERE key = ANY($1)", [
      [...ended, live],
    ]);
    expect(rows.map((row) => row.key)).toEqual([live]);
    expect((await counters.hit(live, 60_000)).count).toBe(2);
    expect(await counters.purgeExpired()).toBe(0);
  });

  it("refuses a window that is not a positive number of milliseconds", async () => {
    for (const windowMs of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      await expect(counters.hit(key("bad"), windowMs)).rejects.toThrow(RangeError);
    }
  });
});
