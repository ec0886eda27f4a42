/**
 * The inbox as a rep's worklist, on both engines: whose applications (mine,
 * unassigned, everyone) for the member who asks, one work status, the review
 * clock's views (overdue, due soon, every open one), the least time left
 * first in keyset pages (every row once, ties broken by id), the totals, the
 * applications export taking the same filters, and a bad parameter or a
 * cursor of the other order refused with a 400 naming it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { InboxList } from "#domain/desk/contract";
import type { CloseReason, WorkStatus } from "#domain/desk/work";
import type { Store } from "../../store/store";
import { signedInStaff } from "../../../test/support/desk";
import { auditRows, deskClient, submit } from "../../../test/support/desk-applications";
import { ENGINES, useTestApp } from "../../../test/support/server";

const HOUR = 3_600_000;

/** Puts an application's work state in place: its owner, status, deadline (from now) and first touch. */
async function setWork(
  store: Store,
  id: string,
  work: {
    owner: string | null;
    status?: WorkStatus;
    closeReason?: CloseReason;
    dueInMs: number;
    touched?: boolean;
  },
) {
  await store.query(
    `UPDATE applications
        SET owner_id = $2, work_status = $3, close_reason = $4,
            review_due_at = now() + $5::double precision * interval '1 millisecond',
            first_touched_at = CASE WHEN $6::boolean THEN now() END
      WHERE id = $1`,
    [id, work.owner, work.status ?? "new", work.closeReason ?? null, work.dueInMs, work.touched ?? false],
  );
}

describe.each(ENGINES)("the inbox's work views on %s", (engine) => {
  // A due-soon window of two hours, not the default four: the view follows the setting.
  const ctx = useTestApp(engine, { resetEach: false, env: { REVIEW_DUE_SOON: "2h" } });
  let me: Awaited<ReturnType<typeof signedInStaff>>;
  let other: Awaited<ReturnType<typeof signedInStaff>>;
  let admin: Awaited<ReturnType<typeof signedInStaff>>;
  const mine = deskClient(
    () => ctx.app,
    () => me.cookie,
  );
  const theirs = deskClient(
    () => ctx.app,
    () => other.cookie,
  );
  const admins = deskClient(
    () => ctx.app,
    () => admin.cookie,
  );
  const ids: Record<string, string> = {};
  const nameOf: Record<string, string> = {};

  beforeAll(async () => {
    me = await signedInStaff(ctx.app, { role: "staff" });
    other = await signedInStaff(ctx.app, { role: "staff" });
    admin = await signedInStaff(ctx.app, { role: "admin" });
    const seed: [string, Parameters<typeof setWork>[2] & { quarantined?: boolean }][] = [
      ["mineOverdue", { owner: me.userId, dueInMs: -3 * HOUR }],
      ["mineDueSoon", { owner: me.userId, dueInMs: 1 * HOUR }],
      ["mineContacted", { owner: me.userId, status: "contacted", dueInMs: 0.5 * HOUR, touched: true }],
      ["mineQualified", { owner: me.userId, status: "qualified", dueInMs: 5 * HOUR, touched: true }],
      ["theirsDueSoon", { owner: other.userId, dueInMs: 1.5 * HOUR }],
      [
        "theirsClosed",
        { owner: other.userId, status: "closed", closeReason: "duplicate", dueInMs: -4 * HOUR },
      ],
      ["nobodysOpen", { owner: null, dueInMs: 3 * HOUR }],
      ["nobodysOverdue", { owner: null, dueInMs: -1 * HOUR }],
      ["quarantined", { owner: null, dueInMs: -5 * HOUR, quarantined: true }],
    ];
    for (const [key, work] of seed) {
      nameOf[key] = `Co ${key}`;
      ids[key] = await submit(ctx.app, {
        companyName: nameOf[key],
        ...(work.quarantined && { companyWebsite: "http://spam.example" }),
      });
      await setWork(ctx.db.store, ids[key], work);
    }
  });

  const list = async (query: string, client = mine): Promise<InboxList> => {
    const response = await client.get(`/api/desk/applications${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  /** The page's applications by their seed key, in the order given. */
  const keys = (page: InboxList) =>
    page.items.map((item) => Object.keys(ids).find((key) => ids[key] === item.id));
  const sorted = (page: InboxList) => keys(page).sort();

  it("shows mine to me and theirs to another member, nobody's as unassigned, and everything to everyone", async () => {
    const myView = await list("?owner=mine");
    expect(sorted(myView)).toEqual(["mineContacted", "mineDueSoon", "mineOverdue", "mineQualified"]);
    expect(myView.total).toBe(4);
    expect(myView.items.every((item) => item.owner?.id === me.userId)).toBe(true);
    expect(myView.items[0].owner).toEqual({ id: me.userId, name: expect.any(String), email: me.email });

    const theirView = await list("?owner=mine", theirs);
    expect(sorted(theirView)).toEqual(["theirsClosed", "theirsDueSoon"]);
    expect(theirView.total).toBe(2);

    // Quarantined ones have no owner, yet nobody is to work them: not "unassigned".
    const unassigned = await list("?owner=unassigned");
    expect(sorted(unassigned)).toEqual(["nobodysOpen", "nobodysOverdue"]);
    expect(unassigned.total).toBe(2);

    expect((await list("?owner=everyone")).total).toBe(9);
    expect((await list("")).total).toBe(9);
  });

  it("filters by one work status, with its total", async () => {
    expect(sorted(await list("?work=new"))).toEqual([
      "mineDueSoon",
      "mineOverdue",
      "nobodysOpen",
      "nobodysOverdue",
      "quarantined",
      "theirsDueSoon",
    ]);
    expect(keys(await list("?work=contacted"))).toEqual(["mineContacted"]);
    const closed = await list("?work=closed");
    expect(keys(closed)).toEqual(["theirsClosed"]);
    expect(closed.items[0]).toMatchObject({ workStatus: "closed", closeReason: "duplicate" });
    expect(await list("?work=underwriting")).toEqual({ items: [], total: 0, nextCursor: null });
    expect((await list("?owner=mine&work=qualified")).total).toBe(1);
  });

  it("shows the untouched, received, open ones past their deadline, due within the window, or all", async () => {
    // Touched, closed and quarantined ones are out of every due view.
    expect(sorted(await list("?due=overdue"))).toEqual(["mineOverdue", "nobodysOverdue"]);
    // REVIEW_DUE_SOON is 2 h here: the one due in 3 h is not due soon yet.
    expect(sorted(await list("?due=due_soon"))).toEqual(["mineDueSoon", "theirsDueSoon"]);
    const open = await list("?due=open");
    expect(sorted(open)).toEqual([
      "mineDueSoon",
      "mineOverdue",
      "nobodysOpen",
      "nobodysOverdue",
      "theirsDueSoon",
    ]);
    expect(open.total).toBe(5);
    expect(open.items.every((item) => item.firstTouchedAt === null && item.state === "received")).toBe(true);

    expect(keys(await list("?owner=mine&due=overdue"))).toEqual(["mineOverdue"]);
    expect(keys(await list("?owner=mine&due=due_soon", theirs))).toEqual(["theirsDueSoon"]);
    expect((await list("?owner=unassigned&due=due_soon")).total).toBe(0);
  });

  it("orders the to-do list by time left, overdue first, with the deadlines it shows", async () => {
    const todo = await list("?due=open&sort=time_left");
    expect(keys(todo)).toEqual([
      "mineOverdue",
      "nobodysOverdue",
      "mineDueSoon",
      "theirsDueSoon",
      "nobodysOpen",
    ]);
    const deadlines = todo.items.map((item) => Date.parse(item.reviewDueAt!));
    expect(deadlines).toEqual([...deadlines].sort((a, b) => a - b));
    // Everyone's, touched or not, by deadline: the quarantined one was due first.
    expect(keys(await list("?sort=time_left&limit=3"))).toEqual([
      "quarantined",
      "theirsClosed",
      "mineOverdue",
    ]);
    // Newest first stays the default, and can be asked for by name.
    expect(keys(await list("?sort=newest"))).toEqual(keys(await list("")));
    expect(keys(await list(""))[0]).toBe("quarantined");
  });

  it("counts the open, due-soon and overdue ones in each owner view, and names the due-soon window", async () => {
    const counts = async (query: string, client = mine) => {
      const response = await client.get(`/api/desk/applications/due-counts${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    expect(await counts("?owner=mine")).toEqual({ open: 2, dueSoon: 1, overdue: 1, dueSoonMs: 2 * HOUR });
    expect(await counts("?owner=mine", theirs)).toEqual({
      open: 1,
      dueSoon: 1,
      overdue: 0,
      dueSoonMs: 2 * HOUR,
    });
    expect(await counts("?owner=unassigned")).toEqual({
      open: 2,
      dueSoon: 0,
      overdue: 1,
      dueSoonMs: 2 * HOUR,
    });
    expect(await counts("?owner=everyone")).toEqual({ open: 5, dueSoon: 2, overdue: 2, dueSoonMs: 2 * HOUR });
    expect(await counts("")).toEqual(await counts("?owner=everyone"));
    for (const [query, field] of [
      ["?owner=me", "owner"],
      ["?due=overdue", "due"],
    ] as const) {
      const response = await mine.get(`/api/desk/applications/due-counts${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors[field], query).toEqual(expect.any(String));
    }
  });

  it("refuses a cursor of the other order, and every bad value, with a 400 naming the parameter", async () => {
    const newest = await list("?limit=1");
    const timeLeft = await list("?sort=time_left&limit=1");
    for (const [query, field] of [
      [`?sort=time_left&cursor=${newest.nextCursor}`, "cursor"],
      [`?cursor=${timeLeft.nextCursor}`, "cursor"],
      [`?sort=newest&cursor=${timeLeft.nextCursor}`, "cursor"],
      ["?owner=me", "owner"],
      ["?owner=mine&owner=unassigned", "owner"],
      ["?work=lost", "work"],
      ["?work=Closed", "work"],
      ["?due=late", "due"],
      ["?sort=oldest", "sort"],
      ["?sort=time_left&sort=newest", "sort"],
    ] as const) {
      const response = await mine.get(`/api/desk/applications${query}`);
      expect(response.statusCode, query).toBe(400);
      const body = response.json();
      expect(body.errors[field], query).toEqual(expect.any(String));
      expect(body.error, query).toContain(field);
    }
    const bad = await mine.get(`/api/desk/applications?sort=time_left&cursor=${newest.nextCursor}`);
    expect(bad.json().errors.cursor).toBe("belongs to another order (start again from the first page)");
    expect((await mine.get("/api/desk/applications?due=soon")).json().errors.due).toBe(
      "must be one of due_soon, overdue, open",
    );
    // The right order's cursor goes on.
    expect((await list(`?sort=time_left&cursor=${timeLeft.nextCursor}`)).items).not.toHaveLength(0);
  });

  it("exports what the same filters show (admins), newest first", async () => {
    const csv = async (query: string) => {
      const response = await admins.get(`/api/desk/exports/applications.csv${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.body;
    };
    const overdue = await csv("?owner=unassigned&due=overdue");
    expect(overdue).toContain(nameOf.nobodysOverdue);
    expect(overdue.trim().split("\n")).toHaveLength(2); // header + 1
    const dueSoon = await csv("?due=due_soon&work=new");
    expect(dueSoon).toContain(nameOf.mineDueSoon);
    expect(dueSoon).toContain(nameOf.theirsDueSoon);
    expect(dueSoon.trim().split("\n")).toHaveLength(3);
    // The admin owns nothing.
    expect((await csv("?owner=mine")).trim().split("\n")).toHaveLength(1);
    // Audited with the view's words, not the admin's id or the window's length.
    expect(
      (await auditRows(ctx.db.store, undefined, "applications.exported")).map((row) => row.details?.filter),
    ).toEqual([{ owner: "unassigned", due: "overdue" }, { due: "due_soon", work: "new" }, { owner: "mine" }]);
    const refused = await admins.get("/api/desk/exports/applications.csv?owner=somebody");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.owner).toEqual(expect.any(String));
  });

  // Last: it adds applications the other tests do not expect.
  it("pages the time-left order by keyset: every row once, ties broken by id, the total on every page", async () => {
    // Three more due at the very same instant.
    const tied: string[] = [];
    for (const n of [1, 2, 3]) {
      const id = await submit(ctx.app, { companyName: `Co tied ${n}` });
      await ctx.db.store.query(
        "UPDATE applications SET owner_id = $2, review_due_at = '2030-01-01T00:00:00Z' WHERE id = $1",
        [id, me.userId],
      );
      tied.push(id);
    }
    const { rows } = await ctx.db.store.query<{ id: string; owner_id: string | null }>(
      "SELECT id::text AS id, owner_id FROM applications ORDER BY review_due_at, id",
    );
    const everyone = rows.map((row) => row.id);
    const myOnes = rows.filter((row) => row.owner_id === me.userId).map((row) => row.id);
    // Page boundaries fall between the tied ones (12 rows in pages of 2; mine one by one).
    for (const [query, expected] of [
      ["sort=time_left&limit=2", everyone],
      ["owner=mine&sort=time_left&limit=1", myOnes],
    ] as const) {
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let pages = 0; pages < 20; pages++) {
        const page: InboxList = await list(`?${query}${cursor ? `&cursor=${cursor}` : ""}`);
        expect(page.total, query).toBe(expected.length);
        seen.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor;
        if (!cursor) break;
      }
      expect(seen, query).toEqual(expected);
      expect(
        seen.filter((id) => tied.includes(id)),
        query,
      ).toEqual([...tied].sort());
    }
    expect(myOnes).toHaveLength(7);
  });
});
