import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { createBackend, disposeSeed, type TestBackend } from "../../test/support/fault-harness";
import { openRuntime } from "../runtime";
import { testConfig, validApplication } from "../../test/support/server";
import { openApplicationJournal, readJournalEntries } from "./journal";

const silent = { info: () => undefined, warn: () => undefined } as never;

describe("the intake journal (PGlite)", () => {
  const cleanup: (() => unknown)[] = [];
  afterAll(async () => {
    for (const fn of cleanup.reverse()) await fn();
    await disposeSeed();
  });

  const count = async (
    store: { query: (sql: string) => Promise<{ rows: { n: string }[] }> },
    table: string,
  ) => Number((await store.query(`SELECT count(*)::text AS n FROM ${table}`)).rows[0].n);

  it("survives a power cut: an acknowledged application is replayed from the journal into a store that lost it", async () => {
    const backend: TestBackend = await createBackend("pglite");
    cleanup.push(() => backend.dispose());
    const dataDir = backend.env.DATA_DIR;
    // The data dir as it was on disk before anything was written (PGlite never fsyncs).
    const onDiskAfterPowerCut = mkdtempSync(join(tmpdir(), "harborline-powercut-"));
    cleanup.push(() => rmSync(onDiskAfterPowerCut, { recursive: true, force: true }));
    cpSync(dataDir, onDiskAfterPowerCut, { recursive: true });

    const config = testConfig({ DATA_DIR: dataDir });
    const runtime = await openRuntime(config, silent);
    expect(runtime.journal).toBeDefined();
    const app = await buildApp({ config, store: runtime.store, journal: runtime.journal, logger: false });
    const bodies = [
      ...Array.from({ length: 4 }, (_, i) => validApplication({ companyName: `Journal ${i}` })),
      validApplication({ companyWebsite: "https://spam.example" }),
    ];
    const responses = await Promise.all(
      bodies.map((body) =>
        app.inject({
          method: "POST",
          url: "/api/applications",
          headers: { "content-type": "application/json" },
          payload: body,
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const ids = responses.map((r) => r.json().id as string);

    // Every acknowledged application is in the journal (one JSON line each) before the 201.
    const { entries } = await readJournalEntries<{ id: string }>(join(dataDir, "intake-journal"));
    expect(entries.map((e) => e.id).sort()).toEqual([...ids].sort());

    // Power cut: the store's unsynced writes are gone, the fsync'd journal is not; the last write was torn.
    cpSync(join(dataDir, "intake-journal"), join(onDiskAfterPowerCut, "intake-journal"), { recursive: true });
    const [segment] = readdirSync(join(onDiskAfterPowerCut, "intake-journal"));
    appendFileSync(join(onDiskAfterPowerCut, "intake-journal", segment), '{"id":"torn-wri');
    await app.close();
    await runtime.close({ keepJournal: true });

    const restarted = await openRuntime(testConfig({ DATA_DIR: onDiskAfterPowerCut }), silent);
    expect(restarted.journal!.recovered).toEqual({ entries: 5, inserted: 5, unreadable: 1 });
    const { rows } = await restarted.store.query<{ id: string; status: string }>(
      "SELECT id::text AS id, status FROM applications",
    );
    expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort());
    expect(rows.filter((row) => row.status === "quarantined")).toHaveLength(1);
    expect(await count(restarted.store, "consents")).toBe(5);
    expect(await count(restarted.store, "outbox")).toBe(4);
    // The replayed segment is gone (the store was flushed first); a fresh, empty one is open.
    const left = readdirSync(join(onDiskAfterPowerCut, "intake-journal"));
    expect(left).toHaveLength(1);
    expect(left[0]).not.toBe(segment);
    expect(readFileSync(join(onDiskAfterPowerCut, "intake-journal", left[0]), "utf8")).toBe("");
    await restarted.close();

    // A clean shutdown leaves nothing to replay; a second start replays nothing.
    const again = await openRuntime(testConfig({ DATA_DIR: onDiskAfterPowerCut }), silent);
    expect(again.journal!.recovered).toEqual({ entries: 0, inserted: 0, unreadable: 0 });
    expect(await count(again.store, "applications")).toBe(5);
    await again.close();
  });

  it("replays idempotently: entries already stored, or a repeated submission id, insert nothing", async () => {
    const backend = await createBackend("pglite");
    cleanup.push(() => backend.dispose());
    const config = testConfig({ DATA_DIR: backend.env.DATA_DIR });
    const runtime = await openRuntime(config, silent);
    const app = await buildApp({ config, store: runtime.store, journal: runtime.journal, logger: false });
    const body = validApplication();
    const post = () =>
      app.inject({
        method: "POST",
        url: "/api/applications",
        headers: { "content-type": "application/json" },
        payload: body,
      });
    const first = await post();
    const repeat = await post(); // journaled again under a new id, same submission id
    expect([first.statusCode, repeat.statusCode]).toEqual([201, 200]);
    expect(repeat.json().id).toBe(first.json().id);
    await app.close();
    // Keep the journal (as a crash would) and replay it into the same store.
    await runtime.close({ keepJournal: true });
    const restarted = await openRuntime(config, silent);
    expect(restarted.journal!.recovered).toEqual({ entries: 2, inserted: 0, unreadable: 0 });
    expect(await count(restarted.store, "applications")).toBe(1);
    await restarted.close();
  });

  it("rotates full segments once their writes committed and the store was flushed", async () => {
    const dir = mkdtempSync(join(tmpdir(), "harborline-journal-"));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    let synced = 0;
    const journal = await openApplicationJournal<{ n: number }>({
      dir,
      replay: async () => 0,
      syncStore: async () => {
        synced++;
      },
      maxSegmentBytes: 64,
    });
    for (let n = 0; n < 6; n++) await journal.write({ n, pad: "x".repeat(40) } as never, async () => n);
    await Promise.all(Array.from({ length: 20 }, (_, n) => journal.write({ n } as never, async () => n)));
    await journal.close();
    expect(synced).toBeGreaterThan(3);
    expect(readdirSync(dir)).toEqual([]);
    await expect(journal.write({ n: 99 }, async () => 1)).rejects.toThrow(/closed/);
  });
});
