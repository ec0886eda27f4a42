/**
 * The audit trail's repeated events and its reading, on both engines: lists
 * of applicants (the inbox, the dead deliveries) and refused admin routes are
 * audited, counted in one row per session, what was asked and a short window
 * so paging or a loop cannot flood the log; the log stays append-only
 * otherwise; GET /api/desk/audit names the application and staff member an
 * entry is about and filters by day.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { signedInStaff } from "../../../test/support/desk";
import { deliveryHistory, deskClient, submit } from "../../../test/support/desk-applications";
import { ENGINES, useTestApp } from "../../../test/support/server";

interface Row {
  id: string;
  actor_email: string | null;
  session_id: string | null;
  details: Record<string, unknown> | null;
  times: number | null;
  rows_returned: number | null;
}

describe.each(ENGINES)("desk audit trail on %s", (engine) => {
  const ctx = useTestApp(engine, { resetEach: false });
  let staff: Awaited<ReturnType<typeof signedInStaff>>;
  let admin: Awaited<ReturnType<typeof signedInStaff>>;
  let cookie: string | undefined;
  const client = deskClient(
    () => ctx.app,
    () => cookie,
  );
  const ids: string[] = [];

  async function rowsOf(action: string, actor: string): Promise<Row[]> {
    const { rows } = await ctx.db.store.query<Row>(
      `SELECT id::text AS id, actor_email, session_id, details, times, rows_returned
         FROM desk_audit_log WHERE action = $1 AND actor_email = $2 ORDER BY desk_audit_log.id`,
      [action, actor],
    );
    return rows;
  }
  const sum = (rows: Row[], key: "times" | "rows_returned") =>
    rows.reduce((n, row) => n + (row[key] ?? 0), 0);

  beforeAll(async () => {
    staff = await signedInStaff(ctx.app, { role: "staff" });
    admin = await signedInStaff(ctx.app, { role: "admin" });
    for (const companyName of ["Smithson Tools", "Smith & Daughters", "Smithy Bakery"]) {
      ids.push(await submit(ctx.app, { companyName }));
    }
    await deliveryHistory(ctx.db.store, ids[0], "dead", [
      { at: "2024-03-01T09:00:00Z", status: 422, error: "duplicate contact", outcome: "failed" },
    ]);
  });

  it("audits paging through the inbox in one row per filter: 50 pages are not 50 rows, a new filter is a new row", async () => {
    cookie = staff.cookie;
    let cursor: string | null = null;
    let shown = 0;
    for (let request = 0; request < 50; request++) {
      const response = await client.get(
        `/api/desk/applications?q=smith&limit=1${cursor ? `&cursor=${cursor}` : ""}`,
      );
      expect(response.statusCode).toBe(200);
      const page = response.json();
      shown += page.items.length;
      cursor = page.nextCursor;
    }
    const listed = await rowsOf("applications.listed", staff.email);
    // One row, or two when the burst crosses the end of a fixed 5-minute window.
    expect(listed.length).toBeGreaterThanOrEqual(1);
    expect(listed.length).toBeLessThanOrEqual(2);
    expect(sum(listed, "times")).toBe(50);
    expect(sum(listed, "rows_returned")).toBe(shown);
    expect(listed[0].details).toEqual({ filter: { q: "smith" }, pageSize: 1 });
    expect(listed[0].session_id).toEqual(expect.any(String));

    const other = await client.get("/api/desk/applications?q=bakery&state=received");
    expect(other.statusCode).toBe(200);
    const after = await rowsOf("applications.listed", staff.email);
    expect(after).toHaveLength(listed.length + 1);
    expect(after.at(-1)).toMatchObject({
      details: { filter: { q: "bakery", state: "received" }, pageSize: 25 },
      times: 1,
      rows_returned: 1,
    });
    // The quarantine is the inbox's list with state=quarantined: audited the same way.
    await client.get("/api/desk/applications?state=quarantined");
    expect((await rowsOf("applications.listed", staff.email)).at(-1)?.details).toEqual({
      filter: { state: "quarantined" },
      pageSize: 25,
    });
  });

  it("audits the dead deliveries list with the rows it showed", async () => {
    cookie = staff.cookie;
    const before = sum(await rowsOf("dead-deliveries.listed", staff.email), "times");
    const response = await client.get("/api/desk/health");
    expect(response.statusCode).toBe(200);
    const rows = await rowsOf("dead-deliveries.listed", staff.email);
    expect(sum(rows, "times")).toBe(before + 1);
    expect(rows.at(-1)).toMatchObject({ details: { filter: {}, pageSize: 100 }, rows_returned: 1 });
  });

  it("audits a staff member refused an admin route: who, method and route; a loop stays bounded", async () => {
    cookie = staff.cookie;
    const first = await client.get("/api/desk/audit?action=sign-in");
    expect(first.statusCode).toBe(403);
    const denied = await rowsOf("access.denied", staff.email);
    expect(denied).toHaveLength(1);
    expect(denied[0]).toMatchObject({
      actor_email: staff.email,
      details: { method: "GET", route: "/api/desk/audit" },
      times: 1,
    });
    for (let i = 0; i < 20; i++) expect((await client.get(`/api/desk/audit?i=${i}`)).statusCode).toBe(403);
    const looped = await rowsOf("access.denied", staff.email);
    // One row per session, route and minute: two if the loop crossed a minute.
    expect(looped.length).toBeLessThanOrEqual(2);
    expect(sum(looped, "times")).toBe(21);

    // Another route is another row, named by its pattern rather than the id in the path.
    const patched = await client.get(`/api/desk/staff`);
    expect(patched.statusCode).toBe(403);
    const changed = await ctx.app.inject({
      method: "PATCH",
      url: `/api/desk/staff/${admin.userId}`,
      headers: { cookie: staff.cookie, origin: new URL(ctx.app.config.siteUrl).origin },
      payload: { role: "staff" },
    });
    expect(changed.statusCode).toBe(403);
    const routes = (await rowsOf("access.denied", staff.email)).map((row) => row.details);
    expect(routes).toEqual(
      expect.arrayContaining([
        { method: "GET", route: "/api/desk/staff" },
        { method: "PATCH", route: "/api/desk/staff/:id" },
      ]),
    );
  });

  it("lets a repeated row only count on: what it recorded cannot change, its counts cannot shrink", async () => {
    const [row] = await rowsOf("applications.listed", staff.email);
    for (const statement of [
      "UPDATE desk_audit_log SET details = '{}'::jsonb WHERE id = $1",
      "UPDATE desk_audit_log SET times = times - 1 WHERE id = $1",
      "UPDATE desk_audit_log SET actor_email = 'someone@else.example', times = times + 1 WHERE id = $1",
      "DELETE FROM desk_audit_log WHERE id = $1",
    ]) {
      await expect(ctx.db.store.query(statement, [row.id]), statement).rejects.toThrow(/append-only/);
    }
  });

  it("names the application and the staff member an entry is about, and who did it", async () => {
    cookie = staff.cookie;
    expect((await client.get(`/api/desk/applications/${ids[1]}`)).statusCode).toBe(200);
    cookie = admin.cookie;
    const { items } = (await client.get("/api/desk/audit?action=application.viewed")).json();
    const { rows } = await ctx.db.store.query<{ reference: string }>(
      "SELECT reference FROM applications WHERE id = $1",
      [ids[1]],
    );
    expect(items[0]).toMatchObject({
      action: "application.viewed",
      actor: staff.email,
      actorName: expect.any(String),
      target: ids[1],
      application: { id: ids[1], reference: rows[0].reference, companyName: "Smith & Daughters" },
    });
    const accepted = (await client.get("/api/desk/audit?action=invitation.accepted")).json().items;
    expect(accepted.find((item: { target: string }) => item.target === staff.userId)).toMatchObject({
      staff: { id: staff.userId, email: staff.email, name: expect.any(String) },
    });
    const listed = (await client.get("/api/desk/audit?action=applications.listed")).json().items;
    expect(listed[0]).toMatchObject({ times: expect.any(Number), rowsReturned: expect.any(Number) });
    expect(listed[0].lastAt).toEqual(expect.any(String));
  });

  it("filters by day, from and to included, and names a bad day in a 400", async () => {
    cookie = admin.cookie;
    const all = (await client.get("/api/desk/audit?limit=500")).json().items as { at: string }[];
    expect(all.length).toBeGreaterThan(0);
    const today = (await client.get("/api/desk/audit?limit=1")).json().items[0].at as string;
    // Days are the provider's; a week either side of today's UTC date holds every entry of this test.
    const day = (offset: number) =>
      new Date(Date.parse(today) + offset * 86_400_000).toISOString().slice(0, 10);
    expect(
      (await client.get(`/api/desk/audit?limit=500&from=${day(-7)}&to=${day(7)}`)).json().items,
    ).toHaveLength(all.length);
    expect((await client.get(`/api/desk/audit?from=${day(2)}`)).json().items).toHaveLength(0);
    expect((await client.get(`/api/desk/audit?to=${day(-2)}`)).json().items).toHaveLength(0);

    for (const [query, error] of [
      ["from=2024-02-30", /^from /],
      ["to=yesterday", /^to /],
      ["from=2024-03-02&to=2024-03-01", /^to must not be before from/],
      ["action=%00", /^action /],
      ["when=today", /^when is not a parameter/],
    ] as const) {
      const response = await client.get(`/api/desk/audit?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error, query).toMatch(error);
    }
  });
});
