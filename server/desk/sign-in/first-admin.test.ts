/**
 * An abandoned first setup (a setup link accepted, the authenticator app never
 * confirmed) does not block setup for good: the desk still says setup is
 * needed, the server logs a new setup link once a link's lifetime has passed,
 * and accepting it removes the abandoned account. Both engines, through HTTP.
 */
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { openRuntime } from "../../runtime";
import { createBackend, disposeSeed, type TestBackend } from "../../../test/support/fault-harness";
import { cookiesFrom, deskHeaders, totpCode } from "../../../test/support/desk";
import { ENGINES, testConfig } from "../../../test/support/server";

const silent = { info: () => undefined, warn: () => undefined } as never;
const TTL_MS = 4000;

describe.each(ENGINES)("an abandoned first setup on %s", (engine) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await createBackend(engine);
  });
  afterAll(async () => {
    await backend?.dispose();
    await disposeSeed();
  });

  it("logs a new setup link once the unconfirmed one expires, and the new person becomes admin", async () => {
    const lines: { setupUrl?: string; msg?: string }[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).trim().split("\n")) lines.push(JSON.parse(line));
        done();
      },
    });
    const config = testConfig({ ...backend.env, DESK_INVITE_TTL: `${TTL_MS}ms` });
    const runtime = await openRuntime(config, silent);
    const app = await buildApp({
      config,
      store: runtime.store,
      loggerInstance: pino({ level: "info" }, sink),
      jobs: ["setup-watch"],
    });
    await app.ready();
    const setupLinks = () => lines.filter((line) => line.setupUrl).map((line) => line.setupUrl!);
    const post = (url: string, payload: object, cookie?: string) =>
      app.inject({ method: "POST", url, headers: deskHeaders(app, cookie), payload });
    const tokenOf = (url: string) => url.split("/").pop()!;
    try {
      const [first] = setupLinks();
      const abandoned = await post(`/api/desk/invitations/${tokenOf(first)}/accept`, {
        email: "gone@example.test",
        password: "orbit kettle sparrow lantern",
      });
      expect(abandoned.statusCode).toBe(201);
      // Never confirmed: it is not an admin, and while it may still finish, other setup links wait.
      expect((await app.inject("/api/desk/setup")).json()).toEqual({ needsSetup: true });
      const signIn = await post("/api/desk/sign-in", {
        email: "gone@example.test",
        password: "orbit kettle sparrow lantern",
      });
      expect(signIn.statusCode).toBe(403);

      // After a link's lifetime the server logs a new one, saying why.
      await expect.poll(() => setupLinks().length, { timeout: 20_000, interval: 200 }).toBe(2);
      const again = lines.find((line) => line.setupUrl === setupLinks()[1])!;
      expect(again.msg).toMatch(/expired or was never finished/);
      const second = tokenOf(setupLinks()[1]);
      expect((await app.inject(`/api/desk/invitations/${second}`)).statusCode).toBe(200);

      // The same address can be used again: the abandoned account is removed, not a 409.
      const accepted = await post(`/api/desk/invitations/${second}/accept`, {
        email: "gone@example.test",
        password: "harbour crane pelican dawn",
      });
      expect(accepted.statusCode).toBe(201);
      const confirmed = await post(
        "/api/desk/enrolment/confirm",
        { code: totpCode(accepted.json().enrolment.secret) },
        cookiesFrom(accepted),
      );
      expect(confirmed.statusCode).toBe(200);
      expect((await app.inject("/api/desk/setup")).json()).toEqual({ needsSetup: false });
      const { rows } = await app.store.query<{ action: string; details: { email?: string } }>(
        `SELECT action, details FROM desk_audit_log WHERE action = 'setup.abandoned-removed'`,
      );
      expect(rows.map((row) => row.details.email)).toEqual(["gone@example.test"]);
      const users = await app.store.query(`SELECT email FROM desk_user`);
      expect(users.rows).toEqual([{ email: "gone@example.test" }]);

      // Done: no more setup links, however long it runs.
      await new Promise((resolve) => setTimeout(resolve, TTL_MS * 2));
      expect(setupLinks()).toHaveLength(2);
    } finally {
      await app.close();
      await runtime.close();
    }
  });

  it("keeps other setup links waiting while the first person may still finish", async () => {
    const config = testConfig({ ...backend.env, DESK_INVITE_TTL: "1h" });
    const runtime = await openRuntime(config, silent);
    const app = await buildApp({ config, store: runtime.store, logger: false });
    await app.ready();
    try {
      await app.store.query(`DELETE FROM desk_invitations`);
      await app.store.query(`DELETE FROM desk_user`);
      const { createInvitations } = await import("../../staff/invitation-repository");
      const invitations = createInvitations({ store: app.store, siteUrl: config.siteUrl, ttlMs: 3_600_000 });
      const a = (await invitations.create({ purpose: "setup", email: null, role: "admin" })).url;
      const b = (await invitations.create({ purpose: "setup", email: null, role: "admin" })).url;
      const first = await app.inject({
        method: "POST",
        url: `/api/desk/invitations/${a.split("/").pop()}/accept`,
        headers: deskHeaders(app),
        payload: { email: "first@example.test", password: "orbit kettle sparrow lantern" },
      });
      expect(first.statusCode).toBe(201);
      const other = await app.inject(`/api/desk/invitations/${b.split("/").pop()}`);
      expect(other.statusCode).toBe(410);
      expect(other.json().error).toMatch(/Someone is setting up the first admin account/);
      expect((await app.inject("/api/desk/setup")).json()).toEqual({ needsSetup: true });
    } finally {
      await app.close();
      await runtime.close();
    }
  });
});
