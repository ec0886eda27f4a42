/**
 * Guessing passwords and codes: slowed with growing delays, then locked for a
 * bounded time, per account and per address, with counts shared by every
 * instance on one database. Waiting is simulated by moving the block's end
 * into the past (the store's clock decides, as in production). Guesses sent
 * all at once: sign-in-throttle-concurrency.test.ts.
 */
import { describe, expect, it } from "vitest";
import type { App } from "../app";
import type { Store } from "../store/store";
import { cookiesFrom, deskHeaders, signedInStaff, signIn, totpCode } from "../../test/support/desk";
import { ENGINES, useTestApp, useTwoInstances } from "../../test/support/server";

const attempt = (app: App, email: string, password: string, remoteAddress: string) =>
  app.inject({
    method: "POST",
    url: "/api/desk/sign-in",
    headers: deskHeaders(app),
    payload: { email, password },
    remoteAddress,
  });

/** As if the current block had run out. */
export const waitOut = (store: Store) =>
  store.query("UPDATE desk_sign_in_attempts SET blocked_until = now() - interval '1 second'");

describe.each(ENGINES)("desk sign-in throttling on %s", (engine) => {
  const ctx = useTestApp(engine, { resetEach: false });

  it("slows wrong passwords per account (1 s, 2 s ...), locks at ten for 15 minutes, then lets go", async () => {
    const account = await signedInStaff(ctx.app);
    const ip = "198.51.100.1";
    for (let i = 1; i <= 5; i++) {
      expect((await attempt(ctx.app, account.email, `wrong guess ${i}`, ip)).statusCode).toBe(401);
    }
    const slowed = await attempt(ctx.app, account.email, account.password, ip);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers["retry-after"]).toBe("1");
    await waitOut(ctx.db.store);
    expect((await attempt(ctx.app, account.email, "wrong guess 6", ip)).statusCode).toBe(401);
    expect((await attempt(ctx.app, account.email, "wrong guess 7", ip)).headers["retry-after"]).toBe("2");
    for (let i = 7; i <= 10; i++) {
      await waitOut(ctx.db.store);
      expect((await attempt(ctx.app, account.email, `wrong guess ${i}`, ip)).statusCode).toBe(401);
    }
    // Locked: even the right password waits, and the wait is bounded.
    const locked = await attempt(ctx.app, account.email, account.password, ip);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(890);
    expect(Number(locked.headers["retry-after"])).toBeLessThanOrEqual(900);
    // From another address too: the account is what is locked.
    expect((await attempt(ctx.app, account.email, account.password, "198.51.100.2")).statusCode).toBe(429);

    // When the lock and the counting window have run out, the real person gets in.
    await waitOut(ctx.db.store);
    await ctx.db.store.query("UPDATE desk_sign_in_attempts SET window_ends = now()");
    expect((await signIn(ctx.app, account, { offsetSteps: 1, headers: {} })).statusCode).toBe(200);

    // Each failure is counted, repeats folded into a row per address, reason and minute.
    const failures = await ctx.db.store.query<{ reason: string; times: number }>(
      `SELECT details->>'reason' AS reason, times FROM desk_audit_log
        WHERE action = 'sign-in.failed' AND actor_email = $1`,
      [account.email],
    );
    const timesOf = (reason: string) =>
      failures.rows.filter((row) => row.reason === reason).reduce((sum, row) => sum + row.times, 0);
    expect(timesOf("password")).toBe(10);
    expect(timesOf("throttled")).toBe(4);
  });

  it("counts the password step and each code alike: the fifth attempt slows the sixth", async () => {
    const account = await signedInStaff(ctx.app);
    const ip = "198.51.100.3";
    const step1 = await attempt(ctx.app, account.email, account.password, ip);
    expect(step1.statusCode).toBe(200);
    const code = (value: string) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/desk/sign-in/code",
        headers: deskHeaders(ctx.app, cookiesFrom(step1)),
        payload: { code: value },
        remoteAddress: ip,
      });
    // The password was attempt 1; four wrong codes are attempts 2 to 5.
    for (let i = 0; i < 4; i++) expect((await code(`00000${i}`)).statusCode).toBe(401);
    const right = totpCode(account.totpSecret, Date.now() + 30_000);
    const slowed = await code(right);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers["retry-after"]).toBe("1");
    // A new challenge is an attempt too, and is slowed the same.
    expect((await attempt(ctx.app, account.email, account.password, ip)).statusCode).toBe(429);
    await waitOut(ctx.db.store);
    expect((await code(right)).statusCode).toBe(200);
  });

  it("keeps one live code challenge per account: a new password step ends the one before", async () => {
    const account = await signedInStaff(ctx.app);
    const ip = "198.51.100.6";
    const first = await attempt(ctx.app, account.email, account.password, ip);
    const second = await attempt(ctx.app, account.email, account.password, ip);
    const code = (pending: string) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/desk/sign-in/code",
        headers: deskHeaders(ctx.app, pending),
        payload: { code: totpCode(account.totpSecret, Date.now() + 30_000) },
        remoteAddress: ip,
      });
    const stale = await code(cookiesFrom(first));
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ error: "Sign in to continue" });
    expect((await code(cookiesFrom(second))).statusCode).toBe(200);
  });

  it("lets colleagues sign in from one office address all day: a right password or code gives its unit back", async () => {
    const ip = "198.51.100.7";
    for (let i = 0; i < 3; i++) {
      const colleague = await signedInStaff(ctx.app);
      const response = await signIn(ctx.app, colleague, { offsetSteps: 1, headers: {}, remoteAddress: ip });
      expect(response.statusCode).toBe(200);
    }
    const { rows } = await ctx.db.store.query<{ attempts: number }>(
      "SELECT attempts FROM desk_sign_in_attempts WHERE key = $1",
      [`desk:sign-in:address:${ip}`],
    );
    expect(rows[0]?.attempts ?? 0).toBe(0);
  });

  it("stops one address working through many accounts", async () => {
    const ip = "198.51.100.4";
    for (let i = 1; i <= 10; i++) {
      expect(
        (await attempt(ctx.app, `target-${i}-${engine}@example.test`, "password guess", ip)).statusCode,
      ).toBe(401);
    }
    const next = await attempt(ctx.app, `target-11-${engine}@example.test`, "password guess", ip);
    expect(next.statusCode).toBe(429);
    // Other addresses are not affected.
    expect(
      (await attempt(ctx.app, `target-11-${engine}@example.test`, "password guess", "198.51.100.5"))
        .statusCode,
    ).toBe(401);
  });
});

describe("desk sign-in throttling across two instances on one PostgreSQL", () => {
  const instances = useTwoInstances();

  it("counts failures on either instance toward one limit", async () => {
    const { first, second } = instances;
    const account = await signedInStaff(first);
    const ip = "203.0.113.7";
    for (let i = 1; i <= 5; i++) {
      const app = i % 2 ? first : second;
      expect((await attempt(app, account.email, `wrong guess ${i}`, ip)).statusCode).toBe(401);
    }
    for (const app of [first, second]) {
      const slowed = await attempt(app, account.email, account.password, ip);
      expect(slowed.statusCode).toBe(429);
      expect(slowed.headers["retry-after"]).toBe("1");
    }
    // The session made on one instance works on the other.
    const me = await second.inject({
      method: "GET",
      url: "/api/desk/me",
      headers: { cookie: account.cookie },
    });
    expect(me.json().email).toBe(account.email);
  });
});
