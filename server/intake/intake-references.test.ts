/**
 * Reference numbers are unguessable, through real HTTP on both engines: two
 * fresh deployments do not issue the same references (their stores start
 * from the same migrations), nothing in the store counts applications for
 * them, and a reference drawn twice is drawn again instead of failing the
 * application.
 */
import type * as NodeCrypto from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  buildTestApp,
  ENGINES,
  openTestStore,
  validApplication,
  type TestStore,
} from "../../test/support/server";
import { REFERENCE_PATTERN } from "../mail/reference";

// The real generator, with a queue of chosen 5-byte draws (a reference's) in front of it.
const chosenDraws: Buffer[] = [];
vi.mock("node:crypto", async (importOriginal) => {
  const actual = await importOriginal<typeof NodeCrypto>();
  const randomBytes = ((size: number, ...rest: unknown[]) =>
    size === 5 && chosenDraws.length > 0 && rest.length === 0
      ? chosenDraws.shift()!
      : (actual.randomBytes as (...args: unknown[]) => Buffer)(size, ...rest)) as typeof actual.randomBytes;
  return { ...actual, default: { ...actual, randomBytes }, randomBytes };
});

type App = Awaited<ReturnType<typeof buildTestApp>>;

async function apply(app: App): Promise<{ id: string; reference: string }> {
  const response = await app.inject({
    method: "POST",
    url: "/api/applications",
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(validApplication()),
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

describe.each(ENGINES)("reference numbers on %s", (engine) => {
  const deployments: { db: TestStore; app: App }[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const db = await openTestStore(engine);
      deployments.push({ db, app: await buildTestApp({ store: db.store }) });
    }
  });
  afterAll(async () => {
    for (const { db, app } of deployments.splice(0)) {
      await app.close();
      await db.dispose();
    }
  });
  afterEach(() => {
    chosenDraws.length = 0;
  });

  it("differ between two fresh deployments, from the first one on", async () => {
    const [first, second] = deployments;
    const issued: string[][] = [[], []];
    for (let i = 0; i < 5; i++) {
      issued[0].push((await apply(first.app)).reference);
      issued[1].push((await apply(second.app)).reference);
    }
    for (const reference of issued.flat()) expect(reference).toMatch(REFERENCE_PATTERN);
    expect(issued[0][0]).not.toBe(issued[1][0]);
    // Not the same numbers in another order either: nothing in common at all.
    expect(issued[0].filter((reference) => issued[1].includes(reference))).toEqual([]);
  });

  it("come from no counter in the store (which would tell how many came before)", async () => {
    const { rows } = await deployments[0].db.store.query<{ name: string }>(
      `SELECT relname AS name FROM pg_class
        WHERE relkind = 'S' AND relname LIKE '%reference%' AND relnamespace = current_schema()::regnamespace`,
    );
    expect(rows).toEqual([]);
  });

  it("are drawn again when the number drawn is taken already", async () => {
    const { app } = deployments[0];
    const taken = Buffer.from([0x12, 0x34, 0x56, 0x78, 0x9a]);
    chosenDraws.push(taken);
    const first = await apply(app);
    chosenDraws.push(Buffer.from(taken), Buffer.from([0, 0, 0, 0, 1]));
    const second = await apply(app);
    expect(chosenDraws).toEqual([]);
    expect(first.reference).toBe("HL-28T5CY4T");
    expect(second.reference).toBe("HL-00000001");
    expect(second.id).not.toBe(first.id);
  });
});
