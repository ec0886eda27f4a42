/**
 * Admins managing staff, and the audit trail every action leaves, through
 * HTTP on both engines.
 */
import { describe, expect, it } from "vitest";
import { cookiesFrom, deskHeaders, signedInStaff, signIn, totpCode } from "../../../test/support/desk";
import { ENGINES, useTestApp } from "../../../test/support/server";

describe.each(ENGINES)("desk staff administration on %s", (engine) => {
  const ctx = useTestApp(engine, { resetEach: false });
  const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, cookie: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: deskHeaders(ctx.app, cookie), payload });
  const actions = async (admin: string, query = "") =>
    (await call("GET", `/api/desk/audit?limit=500${query}`, admin)).json().items as {
      action: string;
      actor: string | null;
      target: string | null;
      details: Record<string, unknown> | null;
      ip: string | null;
      userAgent: string | null;
    }[];

  it("invites staff by link, lists them, changes roles, and keeps an admin", async () => {
    const admin = await signedInStaff(ctx.app, { role: "admin" });
    const email = `new-${engine}@example.test`;
    const invited = await call("POST", "/api/desk/staff/invitations", admin.cookie, { email, role: "staff" });
    expect(invited.statusCode).toBe(201);
    const token = new URL(invited.json().inviteUrl).pathname.split("/").pop()!;
    expect(invited.json().inviteUrl).toBe(`http://localhost:3000/desk/invite/${token}`);
    const accepted = await ctx.app.inject({
      method: "POST",
      url: `/api/desk/invitations/${token}/accept`,
      headers: deskHeaders(ctx.app),
      payload: { password: "a fine long passphrase", name: "New Person" },
    });
    expect(accepted.statusCode).toBe(201);

    const again = await call("POST", "/api/desk/staff/invitations", admin.cookie, { email, role: "admin" });
    expect(again.statusCode).toBe(409);
    const bad = await call("POST", "/api/desk/staff/invitations", admin.cookie, {
      email: "nope",
      role: "boss",
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(["email", "role"]);

    const list = (await call("GET", "/api/desk/staff", admin.cookie)).json().items;
    const person = list.find((item: { email: string }) => item.email === email);
    expect(person).toEqual({
      id: expect.any(String),
      email,
      name: "New Person",
      role: "staff",
      disabled: false,
      twoFactorEnabled: false,
      createdAt: expect.any(String),
      lastSignInAt: null,
      onDuty: false,
      groups: [],
    });
    expect(list.find((item: { id: string }) => item.id === admin.userId).lastSignInAt).toEqual(
      expect.any(String),
    );

    const promoted = await call("PATCH", `/api/desk/staff/${person.id}`, admin.cookie, { role: "admin" });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().role).toBe("admin");
    const selfDemote = await call("PATCH", `/api/desk/staff/${admin.userId}`, admin.cookie, {
      role: "staff",
    });
    expect(selfDemote.statusCode).toBe(409);
    const selfDisable = await call("PATCH", `/api/desk/staff/${admin.userId}`, admin.cookie, {
      disabled: true,
    });
    expect(selfDisable.statusCode).toBe(409);
    expect(
      (await call("PATCH", `/api/desk/staff/${person.id}`, admin.cookie, { role: "root" })).statusCode,
    ).toBe(400);
    expect((await call("PATCH", "/api/desk/staff/nobody", admin.cookie, { role: "staff" })).statusCode).toBe(
      404,
    );

    const log = await actions(admin.cookie);
    expect(log).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: "invitation.created",
          actor: admin.email,
          details: { email, role: "staff" },
        }),
        expect.objectContaining({ action: "invitation.accepted", actor: email, target: person.id }),
        expect.objectContaining({
          action: "staff.role-changed",
          actor: admin.email,
          target: person.id,
          details: { from: "staff", to: "admin" },
          ip: "127.0.0.1",
          userAgent: "lightMyRequest",
        }),
      ]),
    );
  });

  it("ends a disabled account's sessions at once and refuses its sign-in; enabling lets it back", async () => {
    const admin = await signedInStaff(ctx.app, { role: "admin" });
    const staff = await signedInStaff(ctx.app);
    expect((await call("GET", "/api/desk/me", staff.cookie)).statusCode).toBe(200);

    const disabled = await call("PATCH", `/api/desk/staff/${staff.userId}`, admin.cookie, { disabled: true });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().disabled).toBe(true);
    // The live session dies on its next request.
    expect((await call("GET", "/api/desk/me", staff.cookie)).statusCode).toBe(401);
    const rows = await ctx.db.store.query(`SELECT 1 FROM desk_session WHERE "userId" = $1`, [staff.userId]);
    expect(rows.rows).toHaveLength(0);
    const refused = await call("POST", "/api/desk/sign-in", "", {
      email: staff.email,
      password: staff.password,
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: "Email or password is not right" });

    const resetDisabled = await call(
      "POST",
      `/api/desk/staff/${staff.userId}/reset-second-factor`,
      admin.cookie,
    );
    expect(resetDisabled.statusCode).toBe(409);
    const enabled = await call("PATCH", `/api/desk/staff/${staff.userId}`, admin.cookie, { disabled: false });
    expect(enabled.json().disabled).toBe(false);
    expect((await signIn(ctx.app, staff, { offsetSteps: 1 })).statusCode).toBe(200);

    const log = await actions(admin.cookie, `&actor=${encodeURIComponent(admin.email)}`);
    expect(log.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["staff.disabled", "staff.enabled"]),
    );
    const failed = await actions(admin.cookie, "&action=sign-in.failed");
    expect(failed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ actor: staff.email, details: { reason: "disabled" }, ip: "127.0.0.1" }),
      ]),
    );
  });

  it("resets a lost second factor: sessions and the old app stop working, the link sets new ones", async () => {
    const admin = await signedInStaff(ctx.app, { role: "admin" });
    const staff = await signedInStaff(ctx.app);
    const reset = await call("POST", `/api/desk/staff/${staff.userId}/reset-second-factor`, admin.cookie);
    expect(reset.statusCode).toBe(201);
    expect((await call("GET", "/api/desk/me", staff.cookie)).statusCode).toBe(401);
    const member = (await call("GET", "/api/desk/staff", admin.cookie))
      .json()
      .items.find((item: { id: string }) => item.id === staff.userId);
    expect(member.twoFactorEnabled).toBe(false);

    const token = new URL(reset.json().inviteUrl).pathname.split("/").pop()!;
    const link = await ctx.app.inject({ method: "GET", url: `/api/desk/invitations/${token}` });
    expect(link.json()).toMatchObject({ email: staff.email, role: "staff" });
    const accepted = await ctx.app.inject({
      method: "POST",
      url: `/api/desk/invitations/${token}/accept`,
      headers: deskHeaders(ctx.app),
      payload: { password: "a brand new passphrase" },
    });
    expect(accepted.statusCode).toBe(201);
    const secret = accepted.json().enrolment.secret;
    expect(secret).not.toBe(staff.totpSecret);
    const confirmed = await call("POST", "/api/desk/enrolment/confirm", cookiesFrom(accepted), {
      code: totpCode(secret),
    });
    expect(confirmed.statusCode).toBe(200);

    const renewed = { email: staff.email, password: "a brand new passphrase", totpSecret: secret };
    expect((await signIn(ctx.app, renewed, { offsetSteps: 1 })).statusCode).toBe(200);
    const oldApp = await signIn(ctx.app, { ...renewed, totpSecret: staff.totpSecret }, { offsetSteps: -1 });
    expect(oldApp.statusCode).toBe(401);

    const log = await actions(admin.cookie, "&action=second-factor.reset");
    expect(log[0]).toMatchObject({ actor: admin.email, target: staff.userId });
    const enrolled = await actions(admin.cookie, "&action=second-factor.enrolled");
    expect(enrolled[0]).toMatchObject({ actor: staff.email, target: staff.userId });
  });

  it("logs sign-ins, failures, sign-outs and ended sessions, newest first, page by page", async () => {
    const admin = await signedInStaff(ctx.app, { role: "admin" });
    const staff = await signedInStaff(ctx.app);
    await call("POST", "/api/desk/sign-in", "", { email: staff.email, password: "wrong password here" });
    const session = cookiesFrom(await signIn(ctx.app, staff, { offsetSteps: 1 }));
    await call("POST", "/api/desk/sign-out", session);
    const [{ id: sessionId }] = (
      await call("GET", `/api/desk/sessions?userId=${staff.userId}`, admin.cookie)
    ).json().items;
    expect((await call("DELETE", `/api/desk/sessions/${sessionId}`, admin.cookie)).statusCode).toBe(204);
    const byStaff = await actions(admin.cookie, `&actor=${encodeURIComponent(staff.email)}`);
    expect(byStaff.slice(0, 3).map((entry) => entry.action)).toEqual([
      "session.signed-out",
      "sign-in.succeeded",
      "sign-in.failed",
    ]);
    expect(byStaff[2].details).toEqual({ reason: "password" });
    const [ended] = await actions(admin.cookie, "&action=session.ended");
    expect(ended).toMatchObject({ actor: admin.email, target: sessionId, details: { userId: staff.userId } });
    expect(JSON.stringify(byStaff)).not.toContain("wrong password here");

    // Newest first by number (ids pass 9 -> 10 -> 100 here), across pages.
    const all = (await call("GET", "/api/desk/audit?limit=500", admin.cookie)).json().items;
    const ids = all.map((entry: { id: string }) => Number(entry.id));
    expect(ids.length).toBeGreaterThan(10);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const first = (await call("GET", "/api/desk/audit?limit=2", admin.cookie)).json();
    expect(first.items).toHaveLength(2);
    const second = (
      await call("GET", `/api/desk/audit?limit=2&cursor=${first.nextCursor}`, admin.cookie)
    ).json();
    expect(Number(second.items[0].id)).toBeLessThan(Number(first.items[1].id));
    expect((await call("GET", "/api/desk/audit?cursor=abc", admin.cookie)).statusCode).toBe(400);
  });

  it("keeps the audit log append-only, even for the application's own database role", async () => {
    for (const statement of [
      "UPDATE desk_audit_log SET action = 'nothing'",
      "DELETE FROM desk_audit_log",
      "TRUNCATE desk_audit_log",
    ]) {
      await expect(ctx.db.store.query(statement), statement).rejects.toThrow(/append-only/);
    }
    const { rows } = await ctx.db.store.query<{ n: number }>("SELECT count(*)::int AS n FROM desk_audit_log");
    expect(rows[0].n).toBeGreaterThan(0);
  });
});
