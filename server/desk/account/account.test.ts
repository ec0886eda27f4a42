/**
 * Staff looking after their own account, through HTTP on both engines:
 * changing the password (other sessions end) and making new backup codes
 * (the old ones stop working), both behind the current password, throttled
 * and audited.
 */
import { describe, expect, it } from "vitest";
import { cookiesFrom, deskHeaders, signedInStaff, signIn } from "../../../test/support/desk";
import { ENGINES, useTestApp } from "../../../test/support/server";

describe.each(ENGINES)("desk account on %s", (engine) => {
  const ctx = useTestApp(engine, { resetEach: false });
  const post = (url: string, cookie: string, payload: object) =>
    ctx.app.inject({ method: "POST", url, headers: deskHeaders(ctx.app, cookie), payload });
  const me = (cookie: string) => ctx.app.inject({ url: "/api/desk/me", headers: { cookie } });
  const auditActions = async (userId: string) =>
    (
      await ctx.app.store.query<{ action: string }>(
        `SELECT action FROM desk_audit_log WHERE target = $1 ORDER BY id`,
        [userId],
      )
    ).rows.map((row) => row.action);

  it("changes the password with the current one, ends the other sessions, and audits it", async () => {
    const account = await signedInStaff(ctx.app);
    const other = cookiesFrom(await signIn(ctx.app, account, { offsetSteps: 1 }));
    expect((await me(other)).statusCode).toBe(200);

    const wrong = await post("/api/desk/account/password", account.cookie, {
      currentPassword: "not my password at all",
      newPassword: "orbit kettle sparrow lantern",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ currentPassword: "That is not your current password." });
    const weak = await post("/api/desk/account/password", account.cookie, {
      currentPassword: account.password,
      newPassword: account.email,
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.newPassword).toMatch(/Don't use your name, your e-mail address/);
    const missing = await post("/api/desk/account/password", account.cookie, {});
    expect(Object.keys(missing.json().errors).sort()).toEqual(["currentPassword", "newPassword"]);

    const changed = await post("/api/desk/account/password", account.cookie, {
      currentPassword: account.password,
      newPassword: "orbit kettle sparrow lantern",
    });
    expect(changed.statusCode).toBe(200);
    const fresh = cookiesFrom(changed);
    expect(fresh).toMatch(/desk_session=/);
    expect((await me(fresh)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(account.cookie)).statusCode).toBe(401);

    // The old password is gone; the new one signs in.
    const old = await post("/api/desk/sign-in", "", { email: account.email, password: account.password });
    expect(old.statusCode).toBe(401);
    const renewed = { ...account, password: "orbit kettle sparrow lantern" };
    expect((await signIn(ctx.app, renewed, { offsetSteps: -1 })).statusCode).toBe(200);
    expect(await auditActions(account.userId)).toEqual(
      expect.arrayContaining(["password.change-failed", "password.changed"]),
    );
  });

  it("throttles guesses of the current password", async () => {
    const account = await signedInStaff(ctx.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      const response = await post("/api/desk/account/backup-codes", account.cookie, {
        password: `wrong guess number ${attempt}`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses).toContain(429);
  });

  it("makes ten new backup codes with the password; the old ones stop working", async () => {
    const account = await signedInStaff(ctx.app);
    const wrong = await post("/api/desk/account/backup-codes", account.cookie, {
      password: "not the password",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ password: "That is not your current password." });

    const first = await post("/api/desk/account/backup-codes", account.cookie, {
      password: account.password,
    });
    expect(first.statusCode).toBe(200);
    const oldCodes: string[] = first.json().backupCodes;
    const made = await post("/api/desk/account/backup-codes", account.cookie, { password: account.password });
    const codes: string[] = made.json().backupCodes;
    expect(codes).toHaveLength(10);
    expect(codes).not.toContain(oldCodes[0]);

    const useCode = async (backupCode: string) => {
      const step1 = await post("/api/desk/sign-in", "", { email: account.email, password: account.password });
      return post("/api/desk/sign-in/code", cookiesFrom(step1), { backupCode });
    };
    expect((await useCode(oldCodes[0])).statusCode).toBe(401);
    const good = await useCode(codes[0]);
    expect(good.statusCode, good.body).toBe(200);
    expect(await auditActions(account.userId)).toEqual(
      expect.arrayContaining(["backup-codes.regenerate-failed", "backup-codes.regenerated"]),
    );
    // Signed out: no codes.
    expect(
      (await post("/api/desk/account/backup-codes", "", { password: account.password })).statusCode,
    ).toBe(401);
  });
});
