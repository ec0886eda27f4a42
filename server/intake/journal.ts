/**
 * The intake journal: PGlite never fsyncs, so before the API acknowledges an
 * application it appends it here as one JSON line and fdatasyncs the file.
 * At start-up every entry whose application is missing from the store is
 * replayed. A segment is deleted only once the store itself has been flushed
 * to disk (Store.syncToDisk) after every write that used it had committed.
 *
 * Concurrent appends share one write + fdatasync (group commit), so the cost
 * per request shrinks as load grows.
 */
import { mkdir, open, readdir, readFile, unlink, type FileHandle } from "node:fs/promises";
import { join } from "node:path";
import { fsyncPath } from "../store/fsync";

export interface JournalLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface OpenJournalOptions<E> {
  dir: string;
  /** Puts entries missing from the store into it; returns how many it inserted. */
  replay(entries: E[]): Promise<number>;
  /** Makes everything committed so far durable (PGlite: CHECKPOINT + fsync). */
  syncStore(): Promise<void>;
  /** Start a new segment once the current one is this big. */
  maxSegmentBytes?: number;
  log?: JournalLogger;
}

export interface ApplicationJournal<E> {
  /**
   * Appends `entry`, waits until it is on disk, then runs `commit` (the store
   * transaction). The segment stays until `commit` has settled.
   */
  write<T>(entry: E, commit: () => Promise<T>): Promise<T>;
  /** What the start-up replay found and inserted. */
  readonly recovered: { entries: number; inserted: number; unreadable: number };
  /** Waits for pending writes, flushes the store, removes the journal. */
  close(options?: { syncStore?: boolean }): Promise<void>;
}

const SEGMENT = /^intake-(\d{12})\.ndjson$/;
const segmentName = (seq: number) => `intake-${String(seq).padStart(12, "0")}.ndjson`;

interface Segment {
  seq: number;
  path: string;
  handle: FileHandle;
  bytes: number;
  /** Writes synced into this segment whose commit has not settled yet. */
  pending: number;
  drained?: () => void;
}

interface Queued {
  line: string;
  resolve(segment: Segment): void;
  reject(error: unknown): void;
}

export async function readJournalEntries<E>(
  dir: string,
): Promise<{ files: string[]; entries: E[]; unreadable: number }> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => SEGMENT.test(name)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { files: [], entries: [], unreadable: 0 };
    throw error;
  }
  const entries: E[] = [];
  let unreadable = 0;
  for (const name of names) {
    const text = await readFile(join(dir, name), "utf8");
    for (const line of text.split("\n")) {
      if (!line.trim()) continue;
      try {
        entries.push(JSON.parse(line) as E);
      } catch {
        // Only a torn last line (killed mid-write, never fsync'd, never acknowledged).
        unreadable++;
      }
    }
  }
  return { files: names.map((name) => join(dir, name)), entries, unreadable };
}

export async function openApplicationJournal<E>(
  options: OpenJournalOptions<E>,
): Promise<ApplicationJournal<E>> {
  const { dir, log } = options;
  const maxSegmentBytes = options.maxSegmentBytes ?? 16 * 1024 * 1024;
  await mkdir(dir, { recursive: true });
  await fsyncPath(join(dir, ".."));

  // 1. Replay what a crash (or a power cut) left behind, then drop it once the store is durable.
  const found = await readJournalEntries<E>(dir);
  const inserted = found.entries.length > 0 ? await options.replay(found.entries) : 0;
  if (found.files.length > 0) {
    await options.syncStore();
    for (const file of found.files) await unlink(file);
    await fsyncPath(dir);
  }
  const recovered = { entries: found.entries.length, inserted, unreadable: found.unreadable };
  if (found.entries.length > 0 || found.unreadable > 0) log?.info(recovered, "intake journal replayed");
  const lastSeq = found.files.length ? Number(SEGMENT.exec(found.files.at(-1)!.split("/").at(-1)!)![1]) : 0;

  async function openSegment(seq: number): Promise<Segment> {
    const path = join(dir, segmentName(seq));
    const handle = await open(path, "a");
    await fsyncPath(dir);
    return { seq, path, handle, bytes: 0, pending: 0 };
  }

  let current = await openSegment(lastSeq + 1);
  let queue: Queued[] = [];
  let flushing: Promise<void> | null = null;
  let retiring: Promise<void> = Promise.resolve();
  let closed = false;

  // Deletes a full segment once every write in it has committed and the store is on disk.
  function retire(segment: Segment) {
    const drained =
      segment.pending === 0 ? Promise.resolve() : new Promise<void>((resolve) => (segment.drained = resolve));
    retiring = retiring
      .then(() => drained)
      .then(async () => {
        const started = performance.now();
        await segment.handle.close();
        await options.syncStore();
        await unlink(segment.path);
        await fsyncPath(dir);
        log?.info(
          { segment: segment.path, bytes: segment.bytes, ms: Math.round(performance.now() - started) },
          "intake journal segment retired (store flushed to disk)",
        );
      })
      .catch((error) => log?.warn({ err: error, segment: segment.path }, "intake journal: could not retire"));
  }

  async function flushLoop() {
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      try {
        if (current.bytes >= maxSegmentBytes) {
          const full = current;
          current = await openSegment(full.seq + 1);
          retire(full);
        }
        const segment = current;
        const buffer = Buffer.from(batch.map((item) => item.line).join(""));
        await segment.handle.write(buffer);
        await segment.handle.datasync();
        segment.bytes += buffer.length;
        segment.pending += batch.length;
        for (const item of batch) item.resolve(segment);
      } catch (error) {
        for (const item of batch) item.reject(error);
      }
    }
    flushing = null;
  }

  function append(entry: E): Promise<Segment> {
    if (closed) return Promise.reject(new Error("The intake journal is closed"));
    return new Promise<Segment>((resolve, reject) => {
      queue.push({ line: `${JSON.stringify(entry)}\n`, resolve, reject });
      flushing ??= flushLoop();
    });
  }

  return {
    recovered,
    async write(entry, commit) {
      const segment = await append(entry);
      try {
        return await commit();
      } finally {
        segment.pending--;
        if (segment.pending === 0) segment.drained?.();
      }
    },
    async close({ syncStore = true } = {}) {
      if (closed) return;
      closed = true;
      await flushing;
      if (!syncStore) {
        // Keep the segment for the next start-up's replay.
        await retiring;
        await current.handle.close();
        return;
      }
      if (current.pending > 0) await new Promise<void>((resolve) => (current.drained = resolve));
      retire(current);
      await retiring;
    },
  };
}
