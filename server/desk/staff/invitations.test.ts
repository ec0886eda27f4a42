/**
 * Pending invitations on the staff page: listed for admins with who made them,
 * revoked, or sent again as a new link (the old one stops working); audited.
 * Through HTTP on both engines.
 */
import { describe, expect, it } from "vitest";
import { deskHeaders, signedInStaff } from "../../../test/support/desk";
import { ENGINES, useTestApp } from "../../../test/support/server";

describe.each(ENGINES)("pending desk invitations on %s", (engine) => {
  const ctx = useTestApp(engine, { resetEach: false });
  const call = (method: "GET" | "POST" | "DELETE", url: string, cookie: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: deskHeaders(ctx.app, cookie), payload });
  const tokenOf = (url: string) => new URL(url).pathname.split("/").pop()!;

  it("lists, revokes and resends pending invitations, for admins only", async () => {
    const admin = await signedInStaff(ctx.app, { role: "admin" });
    const staff = await signedInStaff(ctx.app);
    const email = `pending-${engine}@example.test`;
    const invited = await call("POST", "/api/desk/staff/invitations", admin.cookie, { email, role: "staff" });
    const firstUrl: string = invited.json().inviteUrl;

    const listed = await call("GET", "/api/desk/staff/invitations", admin.cookie);
    expect(listed.statusCode).toBe(200);
    const item = listed.json().items.find((entry: { email: string }) => entry.email === email);
    expect(item).toEqual({
      id: expect.any(String),
      purpose: "invite",
      email,
      role: "staff",
      userId: null,
      invitedBy: admin.email,
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
    });
    expect((await call("GET", "/api/desk/staff/invitations", staff.cookie)).statusCode).toBe(403);
    expect((await call("DELETE", `/api/desk/staff/invitations/${item.id}`, staff.cookie)).statusCode).toBe(
      403,
    );

    // Resend: a new link, the old one stops working.
    const resent = await call("POST", `/api/desk/staff/invitations/${item.id}/resend`, admin.cookie, {});
    expect(resent.statusCode).toBe(201);
    const secondUrl: string = resent.json().inviteUrl;
    expect(secondUrl).not.toBe(firstUrl);
    expect((await ctx.app.inject(`/api/desk/invitations/${tokenOf(firstUrl)}`)).statusCode).toBe(410);
    expect((await ctx.app.inject(`/api/desk/invitations/${tokenOf(secondUrl)}`)).json()).toMatchObject({
      email,
    });
    const after = (await call("GET", "/api/desk/staff/invitations", admin.cookie)).json().items;
    const mine = after.filter((entry: { email: string }) => entry.email === email);
    expect(mine).toHaveLength(1);
    expect(mine[0].id).not.toBe(item.id);

    // Revoke: the link stops working and leaves the list.
    expect((await call("DELETE", `/api/desk/staff/invitations/${mine[0].id}`, admin.cookie)).statusCode).toBe(
      204,
    );
    expect((await ctx.app.inject(`/api/desk/invitations/${tokenOf(secondUrl)}`)).statusCode).toBe(410);
    const left = (await call("GET", "/api/desk/staff/invitations", admin.cookie)).json().items;
    expect(left.some((entry: { email: string }) => entry.email === email)).toBe(false);
    expect((await call("DELETE", `/api/desk/staff/invitations/${mine[0].id}`, admin.cookie)).statusCode).toBe(
      404,
    );
    for (const id of ["not-a-uuid", "00000000-0000-0000-0000-000000000000"]) {
      const missing = await call("POST", `/api/desk/staff/invitations/${id}/resend`, admin.cookie, {});
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: "No such pending invitation" });
    }

    const { rows } = await ctx.app.store.query<{ action: string; actor_email: string }>(
      `SELECT action, actor_email FROM desk_audit_log WHERE action IN ('invitation.resent', 'invitation.revoked') AND details->>'email' = $1`,
      [email],
    );
    expect(rows.map((row) => row.action).sort()).toEqual(["invitation.resent", "invitation.revoked"]);
    expect(rows.every((row) => row.actor_email === admin.email)).toBe(true);
  });
});
