/**
 * Guesses sent all at once, over real sockets, to one instance (both engines)
 * and to two instances sharing one PostgreSQL, all from one address. However
 * many arrive together, the documented limit holds: an account takes at most
 * ten password or code attempts (ACCOUNT_RULE.lockAt) before its 15-minute
 * lock, and each attempt the server checks was counted first. A stolen
 * password does not help: each password step is an attempt, and only the
 * newest code challenge stays open.
 */
import { request as httpRequest } from "node:http";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { App } from "../app";
import { ACCOUNT_RULE } from "./sign-in-throttle";
import type { Store } from "../store/store";
import { signedInStaff, totpCode } from "../../test/support/desk";
import { ENGINES, useTestApp, useTwoInstances } from "../../test/support/server";

const WAVE = 200;
/** A wave is 200 requests; a scenario runs until the lock, about six waves. */
const SCENARIO_TIMEOUT_MS = 180_000;
const WRONG_PASSWORD = "Email or password is not right";
const WRONG_CODE = "That code is not right";

interface Answer {
  status: number;
  error?: string;
  /** Seconds, on a 429. */
  retryAfter: number;
  cookie: string;
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

/** One POST on a connection of its own (no keep-alive socket the server may close under it). */
function post(app: App, base: string, path: string, body: unknown, cookie = ""): Promise<Answer> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${base}${path}`,
      {
        method: "POST",
        agent: false,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
          origin: new URL(app.config.siteUrl).origin,
          ...(cookie ? { cookie } : {}),
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => {
          const cookies = (response.headers["set-cookie"] ?? [])
            .map((line) => line.split(";")[0])
            // A cleared cookie has an empty value; a signed value may itself end in "=".
            .filter((pair) => pair.slice(pair.indexOf("=") + 1) !== "");
          resolve({
            status: response.statusCode ?? 0,
            error: (JSON.parse(text) as { error?: string }).error,
            retryAfter: Number(response.headers["retry-after"] ?? 0),
            cookie: cookies.join("; "),
          });
        });
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}

/** `count` requests at once. */
const wave = (count: number, send: (index: number) => Promise<Answer>) =>
  Promise.all(Array.from({ length: count }, (_, index) => send(index)));

const count = (answers: Answer[], error: string) => answers.filter((answer) => answer.error === error).length;

/** Slowing waits at most a minute; a longer wait is the 15-minute lock. */
const isLocked = (answers: Answer[]) =>
  answers.some((answer) => answer.status === 429 && answer.retryAfter > 60);

const liveChallenges = async (store: Store, userId: string) =>
  (
    await store.query(
      `SELECT 1 FROM desk_verification WHERE value = $1 AND identifier LIKE '2fa-%'
       AND identifier NOT LIKE '2fa-attempts-%' AND "expiresAt" > now()`,
      [userId],
    )
  ).rows.length;

/** As if every block had run out (the counts stay). */
const waitOut = (store: Store) =>
  store.query("UPDATE desk_sign_in_attempts SET blocked_until = now() - interval '1 second'");

function scenarios(setup: () => { apps: App[]; urls: string[]; store: Store }) {
  const { lockAt } = ACCOUNT_RULE;
  // Every request comes from 127.0.0.1: one scenario's address count is not the next one's.
  beforeEach(() => setup().store.query("DELETE FROM desk_sign_in_attempts"));

  it("lets colleagues behind one address sign in at the same moment: none is turned away", async () => {
    const { apps, urls } = setup();
    const at = (i: number) => [apps[i % apps.length], urls[i % urls.length]] as const;
    // Fewer than the address's slowAfter: the limits allow every one of them.
    const colleagues: Awaited<ReturnType<typeof signedInStaff>>[] = [];
    for (let n = 0; n < 8; n++) colleagues.push(await signedInStaff(apps[0]));
    const passwords = await wave(colleagues.length, (i) =>
      post(...at(i), "/api/desk/sign-in", { email: colleagues[i].email, password: colleagues[i].password }),
    );
    expect(passwords.map((answer) => answer.status)).toEqual(colleagues.map(() => 200));
    const codes = await wave(colleagues.length, (i) =>
      post(
        ...at(i),
        "/api/desk/sign-in/code",
        { code: totpCode(colleagues[i].totpSecret, Date.now() + 30_000) },
        passwords[i].cookie,
      ),
    );
    expect(codes.map((answer) => answer.status)).toEqual(colleagues.map(() => 200));
  });

  it(
    `checks at most ${lockAt} of wave after wave of ${WAVE} wrong passwords, then locks`,
    async () => {
      const { apps, urls, store } = setup();
      const at = (i: number) => [apps[i % apps.length], urls[i % urls.length]] as const;
      const account = await signedInStaff(apps[0]);
      let checked = 0;
      for (let round = 1; ; round++) {
        const answers = await wave(WAVE, (i) =>
          post(...at(i), "/api/desk/sign-in", { email: account.email, password: `wrong ${round}-${i}` }),
        );
        // Every answer is a checked wrong password or a refusal before any check.
        expect(count(answers, WRONG_PASSWORD) + answers.filter((a) => a.status === 429).length).toBe(WAVE);
        checked += count(answers, WRONG_PASSWORD);
        expect(checked).toBeLessThanOrEqual(lockAt);
        if (isLocked(answers)) break;
        expect(round).toBeLessThan(lockAt);
        await waitOut(store);
      }
      expect(checked).toBe(lockAt);
      // Locked: the right password waits too, on every instance.
      const after = await wave(WAVE, (i) =>
        post(...at(i), "/api/desk/sign-in", { email: account.email, password: account.password }),
      );
      expect(after.filter((answer) => answer.status === 429 && answer.retryAfter > 60)).toHaveLength(WAVE);
    },
    SCENARIO_TIMEOUT_MS,
  );

  it(
    `checks at most ${lockAt} attempts against a stolen password: waves of ${WAVE} challenges and ${WAVE} codes`,
    async () => {
      const { apps, urls, store } = setup();
      const at = (i: number) => [apps[i % apps.length], urls[i % urls.length]] as const;
      const account = await signedInStaff(apps[0]);
      let checked = 0;
      for (let round = 1; ; round++) {
        const opened = await wave(WAVE, (i) =>
          post(...at(i), "/api/desk/sign-in", { email: account.email, password: account.password }),
        );
        const pending = opened.filter((answer) => answer.status === 200);
        checked += pending.length;
        expect(await liveChallenges(store, account.userId)).toBeLessThanOrEqual(1);
        if (isLocked(opened)) break;
        await waitOut(store);
        // Wrong codes spread over every challenge the wave opened.
        const guesses = await wave(WAVE, (i) =>
          post(
            ...at(i),
            "/api/desk/sign-in/code",
            { code: String(100000 + (round * WAVE + i) * 7).slice(-6) },
            pending[i % Math.max(1, pending.length)]?.cookie ?? "",
          ),
        );
        expect(guesses.filter((answer) => answer.status === 200)).toHaveLength(0);
        checked += count(guesses, WRONG_CODE);
        expect(checked).toBeLessThanOrEqual(lockAt);
        // A challenge ends after five wrong codes and the guesses behind it are
        // turned away before the count, so the lock can come without a 429 showing it.
        if (isLocked(guesses) || checked === lockAt) break;
        expect(round).toBeLessThan(2 * lockAt);
        await waitOut(store);
      }
      const after = await post(...at(1), "/api/desk/sign-in", {
        email: account.email,
        password: account.password,
      });
      expect(after.status).toBe(429);
      expect(after.retryAfter).toBeGreaterThan(60);
    },
    SCENARIO_TIMEOUT_MS,
  );
}

describe.each(ENGINES)("sign-in guesses sent together to one instance on %s", (engine) => {
  const ctx = useTestApp(engine, { resetEach: false });
  const urls = listening(() => [ctx.app]);
  scenarios(() => ({ apps: [ctx.app], urls, store: ctx.db.store }));
});

describe("sign-in guesses sent together to two instances on one PostgreSQL", () => {
  const instances = useTwoInstances();
  const urls = listening(() => [instances.first, instances.second]);
  scenarios(() => ({ apps: [instances.first, instances.second], urls, store: instances.first.store }));
});
