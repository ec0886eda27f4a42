/**
 * The desk's queue of privacy requests through HTTP, on both engines: only
 * verified requests appear, by time left, due 30 days after verification;
 * staff take one and move it to completed, or refuse it with a reason; every
 * change and every read is audited; bad input is a 400 naming the field, an
 * unknown id a 404, a closed request a 409, no session a 401.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { auditRows, useStaffDesk } from "../../../test/support/desk-applications";
import { postRequest, verifiedRequest } from "../../../test/support/privacy-requests";
import { ENGINES } from "../../../test/support/server";

describe.each(ENGINES)("the privacy requests' queue on %s", (engine) => {
  const { ctx, client, staff } = useStaffDesk(engine);
  beforeEach(() => ctx.db.store.exec("TRUNCATE privacy_requests, mail_outbox CASCADE"));

  const queue = async (view = "open") => {
    const response = await client.get(`/api/desk/privacy-requests?view=${view}`);
    expect(response.statusCode).toBe(200);
    return response.json().items as Array<Record<string, unknown>>;
  };

  it("lists verified requests only, least time left first, due 30 days after verification; audited", async () => {
    await postRequest(ctx.app, { kind: "access", email: "unverified@example.com", name: "Not Yet" });
    const later = await verifiedRequest(ctx.app, ctx.db.store, {
      kind: "delete",
      email: "later@example.com",
    });
    const sooner = await verifiedRequest(ctx.app, ctx.db.store, {
      kind: "correct",
      email: "Sooner@Example.com",
      details: "My company name is misspelt",
    });
    await ctx.db.store.query(
      "UPDATE privacy_requests SET verified_at = verified_at - interval '20 days', due_at = due_at - interval '20 days' WHERE id = $1",
      [sooner],
    );

    const items = await queue();
    expect(items.map((item) => item.id)).toEqual([sooner, later]);
    expect(items[0]).toEqual({
      id: sooner,
      kind: "correct",
      email: "sooner@example.com",
      name: "Pat Person",
      details: "My company name is misspelt",
      status: "new",
      verifiedAt: expect.any(String),
      dueAt: expect.any(String),
      owner: null,
      resolution: null,
      closedAt: null,
      packageOpenings: null,
    });
    const days = (Date.parse(String(items[1].dueAt)) - Date.parse(String(items[1].verifiedAt))) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    expect(JSON.stringify(items)).not.toContain("unverified@example.com");
    expect((await auditRows(ctx.db.store, undefined, "privacy-requests.listed")).at(-1)).toMatchObject({
      actor_email: staff().email,
      details: { view: "open", rows: 2 },
    });
  });

  it("lets staff take a request, then complete it; each step audited; a closed one stays closed", async () => {
    const id = await verifiedRequest(ctx.app, ctx.db.store, { kind: "access", email: "owner@example.com" });

    const claimed = await client.post(`/api/desk/privacy-requests/${id}/claim`, {});
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json()).toMatchObject({ status: "in_progress", owner: { id: expect.any(String) } });

    const done = await client.post(`/api/desk/privacy-requests/${id}/status`, {
      status: "completed",
      resolution: "Sent the copy",
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      status: "completed",
      resolution: "Sent the copy",
      closedAt: expect.any(String),
    });
    expect(await queue()).toEqual([]);
    expect((await queue("closed")).map((item) => item.id)).toEqual([id]);

    const again = await client.post(`/api/desk/privacy-requests/${id}/status`, { status: "in_progress" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: "This privacy request is closed" });

    expect(
      (await auditRows(ctx.db.store, id)).map((row) => [row.action, row.actor_email, row.details]),
    ).toEqual([
      ["privacy-request.claimed", staff().email, { email: "owner@example.com" }],
      [
        "privacy-request.status-changed",
        staff().email,
        { email: "owner@example.com", kind: "access", status: "completed", resolution: "Sent the copy" },
      ],
    ]);
  });

  it("refuses a request only with a reason, and keeps the reason", async () => {
    const id = await verifiedRequest(ctx.app, ctx.db.store, { kind: "delete", email: "owner@example.com" });
    const bare = await client.post(`/api/desk/privacy-requests/${id}/status`, { status: "refused" });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toEqual({
      error: "Say why the request is refused",
      errors: { resolution: "Say why the request is refused" },
    });
    const refused = await client.post(`/api/desk/privacy-requests/${id}/status`, {
      status: "refused",
      resolution: "Records under a court order",
    });
    expect(refused.json()).toMatchObject({ status: "refused", resolution: "Records under a court order" });
  });

  it("answers bad input with a 4xx naming the problem, never a 500", async () => {
    const id = await verifiedRequest(ctx.app, ctx.db.store, { kind: "access", email: "owner@example.com" });
    const unverified = await postRequest(ctx.app, { kind: "access", email: "u@example.com", name: "U" });
    expect(unverified.statusCode).toBe(200);
    const { rows } = await ctx.db.store.query<{ id: string }>(
      "SELECT id::text AS id FROM privacy_requests WHERE status = 'unverified'",
    );
    const cases = [
      [await client.post(`/api/desk/privacy-requests/${id}/status`, { status: "deleted" }), 400],
      [await client.post(`/api/desk/privacy-requests/${id}/status`, { status: "completed", extra: 1 }), 400],
      [
        await client.post(`/api/desk/privacy-requests/${id}/status`, {
          status: "refused",
          resolution: "x".repeat(2001),
        }),
        400,
      ],
      [await client.post("/api/desk/privacy-requests/not-a-uuid/claim", {}), 404],
      [await client.post(`/api/desk/privacy-requests/${rows[0].id}/claim`, {}), 404],
      [await client.get("/api/desk/privacy-requests?view=everything"), 400],
      [await client.get("/api/desk/privacy-requests?page=2"), 400],
      [await ctx.app.inject("/api/desk/privacy-requests"), 401],
    ] as const;
    expect(cases.map(([response]) => response.statusCode)).toEqual(cases.map(([, code]) => code));
    for (const [response] of cases)
      expect(response.json()).toEqual(expect.objectContaining({ error: expect.any(String) }));
    expect((await queue())[0]).toMatchObject({ id, status: "new", owner: null });
  });
});
