/**
 * The desk's sign-in as staff and attackers meet it, through HTTP on both
 * engines: invitations, enrolment, the two sign-in steps, sessions and their
 * limits, cookies.
 */
import { describe, expect, it } from "vitest";
import {
  cookiesFrom,
  deskHeaders,
  inviteToken,
  signedInStaff,
  signIn,
  totpCode,
} from "../../../test/support/desk";
import { ENGINES, useTestApp } from "../../../test/support/server";

describe.each(ENGINES)("desk sign-in on %s", (engine) => {
  const ctx = useTestApp(engine, { resetEach: false });
  const post = (url: string, payload: unknown, cookie?: string) =>
    ctx.app.inject({
      method: "POST",
      url,
      headers: deskHeaders(ctx.app, cookie),
      payload: payload as object,
    });
  const get = (url: string, cookie?: string) =>
    ctx.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

  it("sends a first admin through the setup link: e-mail, password, app, backup codes", async () => {
    expect((await get("/api/desk/setup")).json()).toEqual({ needsSetup: true });
    const token = await inviteToken(ctx.app, { email: null, role: "admin", purpose: "setup" });
    expect((await get(`/api/desk/invitations/${token}`)).json()).toMatchObject({
      email: null,
      role: "admin",
    });

    const noEmail = await post(`/api/desk/invitations/${token}/accept`, {
      password: "a long enough passphrase",
    });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().errors.email).toBeTruthy();

    const accepted = await post(`/api/desk/invitations/${token}/accept`, {
      email: "First.Admin@Example.test",
      password: "a long enough passphrase",
    });
    expect(accepted.statusCode).toBe(201);
    const { totpUri, secret } = accepted.json().enrolment;
    expect(totpUri).toMatch(/^otpauth:\/\/totp\//);
    expect(new URL(totpUri).searchParams.get("secret")).toBe(secret);
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    const enrolling = cookiesFrom(accepted);

    // Until the app is confirmed, the session can do nothing else.
    expect((await get("/api/desk/me", enrolling)).statusCode).toBe(403);
    const wrong = await post("/api/desk/enrolment/confirm", { code: "000000" }, enrolling);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.code).toMatch(/not right/);

    const confirmed = await post("/api/desk/enrolment/confirm", { code: totpCode(secret) }, enrolling);
    expect(confirmed.statusCode).toBe(200);
    const { backupCodes } = confirmed.json();
    expect(backupCodes).toHaveLength(10);
    const full = cookiesFrom(confirmed);
    // A new session id once the factor is confirmed; the enrolling one is gone.
    expect(full).not.toBe(enrolling);
    expect((await get("/api/desk/me", enrolling)).statusCode).toBe(401);
    expect((await get("/api/desk/me", full)).json()).toEqual({
      id: expect.any(String),
      email: "first.admin@example.test",
      name: "first.admin",
      role: "admin",
      timeZone: "America/New_York",
      // Nobody is on duty until they switch it on.
      onDuty: false,
    });
    expect((await get("/api/desk/setup")).json()).toEqual({ needsSetup: false });
    // Setup links stop working once an admin exists.
    const second = await inviteToken(ctx.app, { email: null, role: "admin", purpose: "setup" });
    expect((await get(`/api/desk/invitations/${second}`)).statusCode).toBe(410);

    // A backup code signs in once.
    const account = { email: "first.admin@example.test", password: "a long enough passphrase" };
    const step1 = await post("/api/desk/sign-in", account);
    const withBackup = await post(
      "/api/desk/sign-in/code",
      { backupCode: backupCodes[0] },
      cookiesFrom(step1),
    );
    expect(withBackup.statusCode).toBe(200);
    const again = await post("/api/desk/sign-in", account);
    const reused = await post("/api/desk/sign-in/code", { backupCode: backupCodes[0] }, cookiesFrom(again));
    expect(reused.statusCode).toBe(401);
  });

  it("lets an invitation link work once, and not after it expires", async () => {
    const email = `once-${engine}@example.test`;
    const token = await inviteToken(ctx.app, { email, role: "staff" });
    expect((await get(`/api/desk/invitations/${token}`)).json()).toMatchObject({ email, role: "staff" });
    const first = await post(`/api/desk/invitations/${token}/accept`, { password: "correct horse battery" });
    expect(first.statusCode).toBe(201);
    expect((await get(`/api/desk/invitations/${token}`)).statusCode).toBe(410);
    const twice = await post(`/api/desk/invitations/${token}/accept`, {
      password: "another good passphrase",
    });
    expect(twice.statusCode).toBe(410);
    expect(twice.json()).toEqual({ error: "This invitation link has expired or was already used" });

    const late = await inviteToken(ctx.app, { email: `late-${engine}@example.test`, role: "staff" });
    await ctx.db.store.query(
      "UPDATE desk_invitations SET expires_at = now() - interval '1 second' WHERE email = $1",
      [`late-${engine}@example.test`],
    );
    expect((await get(`/api/desk/invitations/${late}`)).statusCode).toBe(410);
    const expired = await post(`/api/desk/invitations/${late}/accept`, { password: "correct horse battery" });
    expect(expired.statusCode).toBe(410);
    expect((await get("/api/desk/invitations/not-a-real-token-at-all-000")).statusCode).toBe(404);
  });

  it("refuses short, overlong and commonly used passwords, and accepts 256 characters", async () => {
    const token = await inviteToken(ctx.app, { email: `pw-${engine}@example.test`, role: "staff" });
    const tryPassword = (password: string) => post(`/api/desk/invitations/${token}/accept`, { password });
    for (const password of ["elevenchars", "x".repeat(257), "Password1234", "QWERTY123456"]) {
      const response = await tryPassword(password);
      expect(response.statusCode, password).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual(["password"]);
    }
    expect((await tryPassword("password1234")).json().errors.password).toMatch(
      /commonly used password|leaked from other sites/,
    );
    // The refusals did not use the link up.
    const long = `Zéphyr tangerine quokka ëvergreen ${"é".repeat(222)}`;
    expect([...long]).toHaveLength(256);
    expect((await tryPassword(long)).statusCode).toBe(201);
  });

  it("signs in with password then code, with a new session id, and signs out on the server", async () => {
    const account = await signedInStaff(ctx.app);
    const wrong = await post("/api/desk/sign-in", { email: account.email, password: "not the password" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: "Email or password is not right" });
    const unknown = await post("/api/desk/sign-in", {
      email: "nobody@example.test",
      password: "whatever it is",
    });
    expect(unknown.json()).toEqual(wrong.json());

    const step1 = await post("/api/desk/sign-in", { email: account.email, password: account.password });
    expect(step1.statusCode).toBe(200);
    expect(step1.json()).toEqual({ next: "code" });
    // The pending cookie is no session.
    expect((await get("/api/desk/me", cookiesFrom(step1))).statusCode).toBe(401);
    const badCode = await post("/api/desk/sign-in/code", { code: "123456" }, cookiesFrom(step1));
    expect(badCode.statusCode).toBe(401);
    expect(badCode.json()).toEqual({ error: "That code is not right" });

    // Sent with the old session's cookie: sign-in must not keep that id.
    const code = totpCode(account.totpSecret, Date.now() + 30_000);
    const step2 = await post("/api/desk/sign-in/code", { code }, `${cookiesFrom(step1)}; ${account.cookie}`);
    expect(step2.statusCode).toBe(200);
    expect(step2.json().user).toMatchObject({ email: account.email, role: "staff" });
    const session = cookiesFrom(step2);
    expect(session).toMatch(/^desk_session=/);
    expect(session).not.toBe(account.cookie);

    // The same code a second time is refused, even with a fresh password step.
    const replay1 = await post("/api/desk/sign-in", { email: account.email, password: account.password });
    const replay = await post("/api/desk/sign-in/code", { code }, cookiesFrom(replay1));
    expect(replay.statusCode).toBe(401);

    const sessions = await get("/api/desk/sessions", session);
    expect(sessions.json().items.filter((item: { current: boolean }) => item.current)).toHaveLength(1);
    expect(sessions.json().items.length).toBeGreaterThanOrEqual(2);

    const out = await post("/api/desk/sign-out", undefined, session);
    expect(out.statusCode).toBe(204);
    expect([out.headers["set-cookie"]].flat().join("\n")).toContain("desk_session=; Path=/; Max-Age=0");
    expect((await get("/api/desk/me", session)).statusCode).toBe(401);
    expect((await get("/api/desk/me", account.cookie)).statusCode).toBe(200);
  });

  it("ends a session after 30 idle minutes and 12 hours after sign-in, whatever the use", async () => {
    const idle = await signedInStaff(ctx.app);
    await ctx.db.store.query(
      `UPDATE desk_session SET "lastSeenAt" = now() - interval '29 minutes' WHERE "userId" = $1`,
      [idle.userId],
    );
    expect((await get("/api/desk/me", idle.cookie)).statusCode).toBe(200);
    await ctx.db.store.query(
      `UPDATE desk_session SET "lastSeenAt" = now() - interval '31 minutes' WHERE "userId" = $1`,
      [idle.userId],
    );
    const idleOut = await get("/api/desk/me", idle.cookie);
    expect(idleOut.statusCode).toBe(401);
    expect(idleOut.json()).toEqual({ error: "Sign in to continue" });
    const left = await ctx.db.store.query(`SELECT 1 FROM desk_session WHERE "userId" = $1`, [idle.userId]);
    expect(left.rows).toHaveLength(0);

    const busy = await signedInStaff(ctx.app);
    await ctx.db.store.query(
      `UPDATE desk_session SET "createdAt" = now() - interval '12 hours 1 minute', "lastSeenAt" = now()
       WHERE "userId" = $1`,
      [busy.userId],
    );
    expect((await get("/api/desk/me", busy.cookie)).statusCode).toBe(401);
  });

  it("lets staff see and end their own sessions, and admins anyone's", async () => {
    const staff = await signedInStaff(ctx.app);
    const other = await signedInStaff(ctx.app);
    const admin = await signedInStaff(ctx.app, { role: "admin" });
    const second = cookiesFrom(await signIn(ctx.app, staff, { offsetSteps: 1 }));

    const own = (await get("/api/desk/sessions", staff.cookie)).json().items;
    expect(own).toHaveLength(2);
    const secondId = own.find((item: { current: boolean }) => !item.current).id;
    expect((await get(`/api/desk/sessions?userId=${other.userId}`, staff.cookie)).statusCode).toBe(403);
    const othersId = (await get(`/api/desk/sessions?userId=${other.userId}`, admin.cookie)).json().items[0]
      .id;
    const notYours = await ctx.app.inject({
      method: "DELETE",
      url: `/api/desk/sessions/${othersId}`,
      headers: deskHeaders(ctx.app, staff.cookie),
    });
    expect(notYours.statusCode).toBe(404);

    const ended = await ctx.app.inject({
      method: "DELETE",
      url: `/api/desk/sessions/${secondId}`,
      headers: deskHeaders(ctx.app, staff.cookie),
    });
    expect(ended.statusCode).toBe(204);
    expect((await get("/api/desk/me", second)).statusCode).toBe(401);
    expect((await get("/api/desk/me", staff.cookie)).statusCode).toBe(200);

    const byAdmin = await ctx.app.inject({
      method: "DELETE",
      url: `/api/desk/sessions/${othersId}`,
      headers: deskHeaders(ctx.app, admin.cookie),
    });
    expect(byAdmin.statusCode).toBe(204);
    expect((await get("/api/desk/me", other.cookie)).statusCode).toBe(401);
  });
});

describe.each(ENGINES)("desk cookies over https behind a trusted proxy on %s", (engine) => {
  const ctx = useTestApp(engine, { resetEach: false, env: { TRUST_PROXY: "true" } });

  it("are __Host- prefixed and Secure over https, plain over http", async () => {
    const https = { "x-forwarded-proto": "https" };
    const account = await signedInStaff(ctx.app);
    const viaHttps = await signIn(ctx.app, account, { offsetSteps: 1, headers: https });
    const setCookie = [viaHttps.headers["set-cookie"]].flat().join("\n");
    expect(setCookie).toMatch(
      /__Host-desk_session=[^;]+; Path=\/; Max-Age=43200; HttpOnly; SameSite=Strict; Secure/,
    );
    const cookie = cookiesFrom(viaHttps);
    expect(cookie).toMatch(/^__Host-desk_session=/);
    const me = (headers: Record<string, string>) =>
      ctx.app.inject({ method: "GET", url: "/api/desk/me", headers: { ...headers } });
    expect((await me({ ...https, cookie })).statusCode).toBe(200);
    // The same value under the plain name is not read over https, nor the prefixed one over http.
    expect((await me({ ...https, cookie: cookie.replace("__Host-", "") })).statusCode).toBe(401);
    expect((await me({ cookie })).statusCode).toBe(401);

    const viaHttp = await signIn(ctx.app, account, { offsetSteps: -1 });
    const plain = [viaHttp.headers["set-cookie"]].flat().join("\n");
    expect(plain).toMatch(
      /(^|\n)desk_session=[^;]+; Path=\/; Max-Age=43200; HttpOnly; SameSite=Strict($|\n)/,
    );
    expect(plain).not.toMatch(/Secure|__Host-/);
  });
});
