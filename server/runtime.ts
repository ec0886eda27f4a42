/**
 * What the server and the operator CLI open before they do anything: the
 * data-dir lock (PGlite is one process's store), the store, its migrations,
 * and (PGlite) the intake journal, replayed into the store.
 */
import { closeSync, constants, ftruncateSync, mkdirSync, openSync, readFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { tryLock, unlock } from "fs-native-extensions";
import type { Config } from "./config";
import { createOptOutOutbox } from "./crm-delivery/opt-out-outbox";
import { createDocumentOutbox } from "./crm-delivery/document-outbox-repository";
import { createOutboxRepository } from "./crm-delivery/outbox-repository";
import type { JournaledApplication } from "./intake/applications-repository";
import { createIntake } from "./intake/intake";
import { openApplicationJournal, type ApplicationJournal } from "./intake/journal";
import { createReviewClock } from "./review-clock/deadline";
import { FIRST_MAINTENANCE_AFTER_MS, MAINTAIN_EVERY_MS } from "./store/maintenance";
import { migrate } from "./store/migrate";
import { openStore } from "./store/open";
import type { Store } from "./store/store";

export interface Runtime {
  store: Store;
  journal?: ApplicationJournal<JournaledApplication>;
  /** Migrations applied by this start. */
  migrations: string[];
  /** `keepJournal` (tests): leave the journal for the next start's replay, as a crash would. */
  close(options?: { keepJournal?: boolean }): Promise<void>;
}

export class DataDirBusyError extends Error {}

// Locks this process holds: a second open here gets the same clear message.
const heldHere = new Map<string, string>();

const busy = (dataDir: string, holder: string, pid: number | undefined) =>
  new DataDirBusyError(
    `${dataDir} is in use by ${holder}${pid ? ` (pid ${pid})` : ""}. ` +
      "The embedded store allows one process at a time: stop it first, or use DATABASE_URL (PostgreSQL).",
  );

/** Who wrote the lock file (for the message only: the lock itself is what counts). */
function describeHolder(file: string): { holder?: string; pid?: number } {
  try {
    const { holder, pid } = JSON.parse(readFileSync(file, "utf8"));
    return {
      holder: typeof holder === "string" ? holder : undefined,
      pid: Number.isInteger(pid) ? pid : undefined,
    };
  } catch {
    return {};
  }
}

/**
 * One process at a time on an embedded store: two PGlite instances on one
 * folder corrupt it. The lock is the operating system's (an exclusive lock on
 * DATA_DIR/store.lock, held through an open descriptor), so it ends with its
 * holder however that ends: a SIGKILLed process that lingers as a zombie, or
 * whose pid is reused, holds nothing. The file stays; it is never deleted, as
 * a process could otherwise lock a file another has just replaced.
 */
export function lockDataDir(dataDir: string, holder: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, "store.lock");
  const current = heldHere.get(file);
  if (current) throw busy(dataDir, current, process.pid);
  const fd = openSync(file, constants.O_RDWR | constants.O_CREAT, 0o644);
  let locked = false;
  try {
    locked = tryLock(fd);
    if (!locked) {
      const owner = describeHolder(file);
      throw busy(dataDir, owner.holder ?? "another process", owner.pid);
    }
    ftruncateSync(fd, 0);
    writeSync(fd, JSON.stringify({ pid: process.pid, holder }), 0);
  } catch (error) {
    if (locked) unlock(fd);
    closeSync(fd);
    throw error;
  }
  heldHere.set(file, holder);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    heldHere.delete(file);
    try {
      ftruncateSync(fd, 0);
      unlock(fd);
    } finally {
      closeSync(fd);
    }
  };
}

export async function openRuntime(
  config: Config,
  log: FastifyBaseLogger,
  holder = "the server",
): Promise<Runtime> {
  const unlock = config.databaseUrl ? undefined : lockDataDir(config.dataDir, holder);
  let store: Store | undefined;
  try {
    // PGlite has no autovacuum: the store runs its own VACUUM (ANALYZE) hourly.
    store = await openStore(config, {
      maintenance: { everyMs: MAINTAIN_EVERY_MS, firstAfterMs: FIRST_MAINTENANCE_AFTER_MS, log },
    });
    const opened = store;
    const migrations = await migrate(opened);
    let journal: ApplicationJournal<JournaledApplication> | undefined;
    if (opened.engine === "pglite") {
      if (config.intakeJournal) {
        const restorer = createIntake(opened, {
          mail: config,
          reviewClock: createReviewClock(config),
          log,
        });
        journal = await openApplicationJournal<JournaledApplication>({
          dir: join(config.dataDir, "intake-journal"),
          replay: (records) => restorer.restore(records),
          syncStore: () => opened.syncToDisk(),
          log,
        });
      }
      // Only this process uses the store: a killed predecessor's claims are due now.
      const released =
        (await createOutboxRepository(opened).releaseOrphans()) +
        (await createOptOutOutbox(opened).releaseOrphans()) +
        (await createDocumentOutbox(opened).releaseOrphans());
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
