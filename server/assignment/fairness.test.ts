/**
 * Assignment stays fair when applications arrive at the same moment: on
 * PostgreSQL two app instances (each with its own pool, as two servers would
 * have) share one schema and take submissions sent all at once, split between
 * them; on PGlite one instance takes them all at once. Three staff are on
 * duty: each gets the same number, give or take one, and the turns go round
 * strictly in order (each run of three consecutive assignments names three
 * different people).
 */
import { describe, expect, it } from "vitest";
import type { App } from "../app";
import type { Store } from "../store/store";
import { signedInStaff } from "../../test/support/desk";
import { goOnDuty } from "../../test/support/assignment";
import { submit } from "../../test/support/desk-applications";
import { useTestApp, useTwoInstances } from "../../test/support/server";

/** Many submissions from one address at once: the intake's limit raised for it. */
const ENV = { RATE_LIMIT_MAX: "100000" };
const SUBMISSIONS = 90;

async function threeOnDuty(app: App): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    const member = await signedInStaff(app, { role: "staff" });
    await goOnDuty(app, member.cookie);
    ids.push(member.userId);
  }
  return ids;
}

/** Every application's owner, in the order the assignments were made. */
async function assignmentsInOrder(store: Store): Promise<string[]> {
  const { rows } = await store.query<{ owner_id: string }>(
    `SELECT owner_id FROM application_activities WHERE kind = 'assignment' AND actor_id IS NULL ORDER BY id`,
  );
  return rows.map((row) => row.owner_id);
}

async function expectFair(store: Store, staff: string[], total: number) {
  const { rows } = await store.query<{ owner_id: string | null; n: number }>(
    "SELECT owner_id, count(*)::int AS n FROM applications GROUP BY owner_id",
  );
  const counts = Object.fromEntries(rows.map((row) => [row.owner_id ?? "nobody", Number(row.n)]));
  expect(Object.keys(counts).sort()).toEqual([...staff].sort());
  const perPerson = staff.map((id) => counts[id]);
  expect(perPerson.reduce((sum, n) => sum + n, 0)).toBe(total);
  expect(Math.max(...perPerson) - Math.min(...perPerson)).toBeLessThanOrEqual(1);

  const order = await assignmentsInOrder(store);
  expect(order).toHaveLength(total);
  for (let i = 0; i + 3 <= order.length; i++) expect(new Set(order.slice(i, i + 3)).size).toBe(3);
}

describe("fair assignment across two instances on one PostgreSQL", () => {
  const ctx = useTwoInstances({ env: ENV });

  it(`shares ${SUBMISSIONS} simultaneous submissions among three staff on duty, at most one apart`, async () => {
    const staff = await threeOnDuty(ctx.first);
    const ids = await Promise.all(
      Array.from({ length: SUBMISSIONS }, (_, i) => submit(i % 2 ? ctx.second : ctx.first)),
    );
    expect(new Set(ids).size).toBe(SUBMISSIONS);
    await expectFair(ctx.first.store, staff, SUBMISSIONS);
  });
});

describe("fair assignment on PGlite", () => {
  const ctx = useTestApp("pglite", { env: ENV, resetEach: false });

  it(`shares ${SUBMISSIONS} simultaneous submissions among three staff on duty, at most one apart`, async () => {
    const staff = await threeOnDuty(ctx.app);
    const ids = await Promise.all(Array.from({ length: SUBMISSIONS }, () => submit(ctx.app)));
    expect(new Set(ids).size).toBe(SUBMISSIONS);
    await expectFair(ctx.db.store, staff, SUBMISSIONS);
  });
});
