/**
 * Advisory locks on PostgreSQL, through two pools as two server processes
 * would hold them: instances of one deployment (one schema) take turns, and
 * deployments in other schemas of the same database never wait for, nor
 * leave their work to, each other. (PGlite is one connection: there is no
 * one else to take turns with.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lockUntilCommit, tryLockUntilCommit } from "./advisory-lock";
import type { Store } from "./store";
import { openAnotherPool, openTestStore, type TestStore } from "../../test/support/server";

const LOCK = 7_314_299;

describe("advisory locks on PostgreSQL", () => {
  let deployment: TestStore;
  let otherDeployment: TestStore;
  let sameSchema: Store;
  beforeAll(async () => {
    deployment = await openTestStore("postgres");
    otherDeployment = await openTestStore("postgres");
    sameSchema = await openAnotherPool(deployment, 2);
  });
  afterAll(async () => {
    await sameSchema?.close();
    await deployment?.dispose();
    await otherDeployment?.dispose();
  });

  /** Runs `during` while `store` holds LOCK in an open transaction, then commits. */
  async function whileHeld<T>(store: Store, during: () => Promise<T>): Promise<T> {
    let result!: T;
    await store.transaction(async (tx) => {
      expect(await tryLockUntilCommit(tx, LOCK)).toBe(true);
      result = await during();
    });
    return result;
  }

  const tryLock = (store: Store) => store.transaction((tx) => tryLockUntilCommit(tx, LOCK));

  it("is refused to another instance of the same deployment while held, and free once committed", async () => {
    expect(await whileHeld(deployment.store, () => tryLock(sameSchema))).toBe(false);
    expect(await tryLock(sameSchema)).toBe(true);
  });

  it("is never shared with a deployment in another schema of the same database", async () => {
    expect(await whileHeld(deployment.store, () => tryLock(otherDeployment.store))).toBe(true);
    // A waiting lock does not wait for the other deployment either.
    const waited = await whileHeld(deployment.store, async () => {
      const started = Date.now();
      await otherDeployment.store.transaction((tx) => lockUntilCommit(tx, LOCK));
      return Date.now() - started;
    });
    expect(waited).toBeLessThan(5_000);
  });

  it("makes a waiting instance of the same deployment wait until the holder commits", async () => {
    const order: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const holder = deployment.store.transaction(async (tx) => {
      await lockUntilCommit(tx, LOCK);
      order.push("held");
      await released;
      order.push("committing");
    });
    while (!order.includes("held")) await new Promise((resolve) => setTimeout(resolve, 5));
    const waiter = sameSchema.transaction(async (tx) => {
      await lockUntilCommit(tx, LOCK);
      order.push("waiter locked");
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(order).toEqual(["held"]);
    release();
    await Promise.all([holder, waiter]);
    expect(order).toEqual(["held", "committing", "waiter locked"]);
  });
});
