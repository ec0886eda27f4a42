/**
 * The embedded store's intake journal: applications acknowledged but lost
 * by the store (a power cut) are replayed at the next start, and each
 * replayed one is assigned like a new one, round-robin among the staff on
 * duty; a quarantined one stays without an owner.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { openRuntime } from "../runtime";
import { goOnDuty } from "../../test/support/assignment";
import { signedInStaff } from "../../test/support/desk";
import { submit } from "../../test/support/desk-applications";
import { createBackend, disposeSeed } from "../../test/support/fault-harness";
import { testConfig } from "../../test/support/server";

const silent = { info: () => undefined, warn: () => undefined } as never;

describe("assignment of replayed applications (PGlite)", () => {
  const cleanup: (() => unknown)[] = [];
  afterAll(async () => {
    for (const fn of cleanup.reverse()) await fn();
    await disposeSeed();
  });

  it("assigns each application the journal puts back, round-robin, and none that is quarantined", async () => {
    const backend = await createBackend("pglite");
    cleanup.push(() => backend.dispose());
    const dataDir = backend.env.DATA_DIR;
    const config = testConfig({ DATA_DIR: dataDir });
    const runtime = await openRuntime(config, silent);
    const app = await buildApp({ config, store: runtime.store, journal: runtime.journal, logger: false });
    const staff: string[] = [];
    for (let i = 0; i < 2; i++) {
      const member = await signedInStaff(app, { role: "staff" });
      await goOnDuty(app, member.cookie);
      staff.push(member.userId);
    }

    // The store as it is on disk now, staff on duty; then what the power cut takes away.
    await runtime.store.syncToDisk();
    const afterPowerCut = mkdtempSync(join(tmpdir(), "harborline-replay-"));
    cleanup.push(() => rmSync(afterPowerCut, { recursive: true, force: true }));
    cpSync(dataDir, afterPowerCut, { recursive: true });
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(await submit(app, { companyName: `Replayed ${i}` }));
    const trapped = await submit(app, { companyWebsite: "https://spam.example" });
    cpSync(join(dataDir, "intake-journal"), join(afterPowerCut, "intake-journal"), { recursive: true });
    await app.close();
    await runtime.close({ keepJournal: true });

    const restarted = await openRuntime(testConfig({ DATA_DIR: afterPowerCut }), silent);
    cleanup.push(() => restarted.close());
    expect(restarted.journal!.recovered).toMatchObject({ inserted: 5 });
    const { rows } = await restarted.store.query<{ id: string; owner_id: string | null }>(
      "SELECT id::text AS id, owner_id FROM applications",
    );
    const owners = new Map(rows.map((row) => [row.id, row.owner_id]));
    expect(owners.get(trapped)).toBeNull();
    const replayed = ids.map((id) => owners.get(id));
    expect(replayed.every((owner) => owner && staff.includes(owner))).toBe(true);
    expect(replayed[0]).not.toBe(replayed[1]);
    expect(replayed.slice(2)).toEqual(replayed.slice(0, 2));
  });
});
