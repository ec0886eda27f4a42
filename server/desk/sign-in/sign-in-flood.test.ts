/**
 * A flood of sign-ins for an address nobody has, sent all at once over real
 * sockets from one client, to one instance (both engines) and to two
 * instances sharing one PostgreSQL: the shared per-address limit
 * (DESK_SIGN_IN_RATE_LIMIT_MAX) turns away everything past it with a 429
 * before anything is checked or written, and the refusals it let through
 * are folded into a few audit rows with their count, each row short however
 * long the user agent and the address sent.
 */
import { request as httpRequest } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../app";
import type { Store } from "../../store/store";
import { UNAUTHENTICATED_TEXT } from "../../audit/audit-repository";
import { ENGINES, useTestApp, useTwoInstances } from "../../../test/support/server";

const LIMIT = 60;
const WAVE = 200;
const ENV = { DESK_SIGN_IN_RATE_LIMIT_MAX: String(LIMIT) };
const RATE_LIMITED =
  /^Too many sign-in attempts from your network\. Wait \d+ (second|minute)s? and try again\.$/;
const LONG_USER_AGENT = `Mozilla/5.0 ${"(flood) ".repeat(64)}`;

interface Answer {
  status: number;
  error?: string;
}

/** Listens on loopback for the test's duration; returns the base URLs in the order given. */
function listening(apps: () => App[]) {
  const urls: string[] = [];
  beforeAll(async () => {
    for (const app of apps()) {
      await app.listen({ host: "127.0.0.1", port: 0 });
      const address = app.server.address();
      if (typeof address !== "object" || !address) throw new Error("not listening");
      urls.push(`http://127.0.0.1:${address.port}`);
    }
  });
  return urls;
}

/** One sign-in POST on a connection of its own. */
function signIn(app: App, base: string, email: string): Promise<Answer> {
  const payload = JSON.stringify({ email, password: "not the password at all" });
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${base}/api/desk/sign-in`,
      {
        method: "POST",
        agent: false,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
          origin: new URL(app.config.siteUrl).origin,
          "user-agent": LONG_USER_AGENT,
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            error: (JSON.parse(text) as { error?: string }).error,
          }),
        );
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}

function flood(setup: () => { apps: App[]; urls: string[]; store: Store }) {
  it(`lets ${LIMIT} of ${WAVE} parallel sign-ins for an unknown address through, and audits them in a few short rows`, async () => {
    const { apps, urls, store } = setup();
    const email = `nobody.${"x".repeat(80)}@example.test`;
    const answers = await Promise.all(
      Array.from({ length: WAVE }, (_, i) => signIn(apps[i % apps.length], urls[i % urls.length], email)),
    );

    const limited = answers.filter(
      (answer) => answer.status === 429 && RATE_LIMITED.test(answer.error ?? ""),
    );
    expect(limited).toHaveLength(WAVE - LIMIT);
    // The rest were checked: a wrong password, or the account's own throttle.
    const checked = answers.filter((answer) => !limited.includes(answer));
    expect(checked.every((answer) => answer.status === 401 || answer.status === 429)).toBe(true);

    const { rows } = await store.query<{
      actor_email: string | null;
      user_agent: string | null;
      details: { reason: string };
      times: number;
    }>(
      `SELECT actor_email, user_agent, details, times FROM desk_audit_log
        WHERE action = 'sign-in.failed' ORDER BY id`,
    );
    // One row per reason (a wrong password, then throttled) and minute: a burst
    // across a minute's end makes two of each, never more.
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows.length).toBeLessThanOrEqual(4);
    expect(new Set(rows.map((row) => row.details.reason))).toEqual(new Set(["password", "throttled"]));
    expect(rows.reduce((sum, row) => sum + row.times, 0)).toBe(LIMIT);
    for (const row of rows) {
      expect(row.actor_email).toBe(email.slice(0, UNAUTHENTICATED_TEXT));
      expect(row.user_agent).toBe(LONG_USER_AGENT.slice(0, UNAUTHENTICATED_TEXT));
    }
  });
}

describe.each(ENGINES)("a sign-in flood on one instance, %s", (engine) => {
  const ctx = useTestApp(engine, { env: ENV, resetEach: false });
  const urls = listening(() => [ctx.app]);
  flood(() => ({ apps: [ctx.app], urls, store: ctx.db.store }));
});

describe("a sign-in flood over two instances on one PostgreSQL", () => {
  const instances = useTwoInstances({ env: ENV });
  const urls = listening(() => [instances.first, instances.second]);
  flood(() => ({ apps: [instances.first, instances.second], urls, store: instances.first.store }));
});
