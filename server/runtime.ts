/**
 * What the server and the operator CLI open before they do anything: the
 * data-dir lock (PGlite is one process's store), the store, its migrations,
 * and (PGlite) the intake journal, replayed into the store.
 */
import { readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config";
import { createOutboxRepository } from "./delivery/outbox-repository";
import { openIntakeJournal, type IntakeJournal } from "./intake/journal";
import { createApplicationsRepository, type IntakeRecord } from "./store/applications-repository";
import { migrate } from "./store/migrate";
import { openStore } from "./store/open";
import type { Store } from "./store/store";

export interface Runtime {
  store: Store;
  journal?: IntakeJournal<IntakeRecord>;
  /** Migrations applied by this start. */
  migrations: string[];
  /** `keepJournal` (tests): leave the journal for the next start's replay, as a crash would. */
  close(options?: { keepJournal?: boolean }): Promise<void>;
}

export class DataDirBusyError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

// Locks this process holds (a pid check cannot tell two holders in one process apart).
const heldHere = new Map<string, string>();

const busy = (dataDir: string, holder: string, pid: number) =>
  new DataDirBusyError(
    `${dataDir} is in use by ${holder} (pid ${pid}). ` +
      "The embedded store allows one process at a time: stop it first, or use DATABASE_URL (PostgreSQL).",
  );

/** One process at a time on an embedded store: two PGlite instances on one folder corrupt it. */
export function lockDataDir(dataDir: string, holder: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, "store.lock");
  const current = heldHere.get(file);
  if (current) throw busy(dataDir, current, process.pid);
  const mine = JSON.stringify({ pid: process.pid, holder });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, mine, { flag: "wx" });
      heldHere.set(file, holder);
      return () => {
        heldHere.delete(file);
        try {
          if (readFileSync(file, "utf8") === mine) rmSync(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let owner: { pid?: number; holder?: string } = {};
      try {
        owner = JSON.parse(readFileSync(file, "utf8"));
      } catch {
        // unreadable: treat as stale
      }
      if (owner.pid && owner.pid !== process.pid && isAlive(owner.pid)) {
        throw busy(dataDir, owner.holder ?? "another process", owner.pid);
      }
      rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new DataDirBusyError(`Could not lock ${dataDir}`);
}

export async function openRuntime(
  config: Config,
  log: FastifyBaseLogger,
  holder = "the server",
): Promise<Runtime> {
  const unlock = config.databaseUrl ? undefined : lockDataDir(config.dataDir, holder);
  let store: Store | undefined;
  try {
    store = await openStore(config);
    const opened = store;
    const migrations = await migrate(opened);
    let journal: IntakeJournal<IntakeRecord> | undefined;
    if (opened.engine === "pglite") {
      if (config.intakeJournal) {
        const restorer = createApplicationsRepository(opened);
        journal = await openIntakeJournal<IntakeRecord>({
          dir: join(config.dataDir, "intake-journal"),
          replay: (records) => restorer.restore(records),
          syncStore: () => opened.syncToDisk(),
          log,
        });
      }
      // Only this process uses the store: a killed predecessor's claims are due now.
      const released = await createOutboxRepository(opened).releaseOrphans();
      if (released > 0) log.info({ released }, "released claims left by a previous process");
    }
    return {
      store: opened,
      journal,
      migrations,
      async close({ keepJournal = false } = {}) {
        try {
          await journal?.close({ syncStore: !keepJournal });
        } finally {
          await opened.close();
          unlock?.();
        }
      },
    };
  } catch (error) {
    await store?.close().catch(() => undefined);
    unlock?.();
    throw error;
  }
}
