/**
 * The ways the first accounts come to exist: the setup link the server logs
 * at start-up while no admin exists, and `npm run applications -- staff invite`.
 */
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { runCli } from "../../../test/support/cli";
import { openRuntime } from "../../runtime";
import { createBackend, disposeSeed, type TestBackend } from "../../../test/support/fault-harness";
import { cookiesFrom, deskHeaders, totpCode } from "../../../test/support/desk";
import { ENGINES, testConfig } from "../../../test/support/server";

const silent = { info: () => undefined, warn: () => undefined } as never;

describe.each(ENGINES)("first desk accounts on %s", (engine) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await createBackend(engine);
  });
  afterAll(async () => {
    await backend?.dispose();
    await disposeSeed();
  });

  const cli = (...argv: string[]) =>
    runCli({ ...backend.env, LOG_LEVEL: "silent", SITE_URL: "https://desk.example.test" }, ...argv);

  /** The app on the backend's store, watching for setup as the server does, with its JSON log lines collected. */
  const start = async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(
          ...String(chunk)
            .trim()
            .split("\n")
            .map((line) => JSON.parse(line)),
        );
        done();
      },
    });
    const config = testConfig({ ...backend.env, SITE_URL: "https://desk.example.test" });
    const runtime = await openRuntime(config, silent);
    const app = await buildApp({
      config,
      store: runtime.store,
      loggerInstance: pino({ level: "info" }, sink),
      jobs: ["setup-watch"],
    });
    await app.ready();
    return {
      app,
      lines,
      async stop() {
        await app.close();
        await runtime.close();
      },
    };
  };

  it("logs a one-time setup link while no admin exists, and the desk is told so", async () => {
    const { app, lines, stop } = await start();
    try {
      const setupUrl = lines.find((line) => typeof line.setupUrl === "string")?.setupUrl as string;
      expect(setupUrl).toMatch(/^https:\/\/desk\.example\.test\/desk\/invite\/[\w-]{43}$/);
      expect((await app.inject("/api/desk/setup")).json()).toEqual({ needsSetup: true });
      const token = setupUrl.split("/").pop();
      const link = await app.inject(`/api/desk/invitations/${token}`);
      expect(link.json()).toMatchObject({ email: null, role: "admin" });
      // Only a hash of the token is stored.
      const { rows } = await app.store.query<{ token_hash: string }>(
        "SELECT token_hash FROM desk_invitations",
      );
      expect(JSON.stringify(rows)).not.toContain(token);
    } finally {
      await stop();
    }
  });

  it("makes a working invitation link with `staff invite --json`", async () => {
    const usage = await cli("staff", "invite", "ops@example.test");
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--role must be admin or staff/);
    expect((await cli("staff", "invite", "not-an-email", "--role", "staff")).code).toBe(2);

    const human = await cli("staff", "invite", "someone@example.test", "--role", "staff");
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/https:\/\/desk\.example\.test\/desk\/invite\/[\w-]{43}/);

    const made = await cli("staff", "invite", "Ops@Example.test", "--role", "admin", "--json");
    expect(made.code).toBe(0);
    const output = JSON.parse(made.stdout);
    expect(Object.keys(output)).toEqual(["inviteUrl"]);

    const { app, lines, stop } = await start();
    try {
      expect(lines.some((line) => "setupUrl" in line)).toBe(true);
      const token = new URL(output.inviteUrl).pathname.split("/").pop();
      expect((await app.inject(`/api/desk/invitations/${token}`)).json()).toMatchObject({
        email: "ops@example.test",
        role: "admin",
      });
      const accepted = await app.inject({
        method: "POST",
        url: `/api/desk/invitations/${token}/accept`,
        headers: { ...deskHeaders(app), "x-forwarded-proto": "https" },
        payload: { password: "an operator's passphrase" },
      });
      expect(accepted.statusCode).toBe(201);
      // SITE_URL is https: the cookie is __Host- prefixed and Secure even on this plain connection.
      expect(cookiesFrom(accepted)).toMatch(/^__Host-desk_session=/);
      const confirmed = await app.inject({
        method: "POST",
        url: "/api/desk/enrolment/confirm",
        headers: deskHeaders(app, cookiesFrom(accepted)),
        payload: { code: totpCode(accepted.json().enrolment.secret) },
      });
      expect(confirmed.statusCode).toBe(200);
      const me = await app.inject({ url: "/api/desk/me", headers: { cookie: cookiesFrom(confirmed) } });
      expect(me.json()).toMatchObject({ email: "ops@example.test", role: "admin" });
      expect((await app.inject("/api/desk/setup")).json()).toEqual({ needsSetup: false });
    } finally {
      await stop();
    }
    const twice = await cli("staff", "invite", "ops@example.test", "--role", "staff");
    expect(twice.code).toBe(1);
    expect(twice.stderr).toMatch(/already a desk account/);
  });
});
