/**
 * The live inbox's fan-out, one per instance: one LISTEN on the store (on
 * PostgreSQL one connection, whatever the number of browsers), whose
 * notifications (migration 017's triggers: an application created or moved,
 * one opened by a staff member) go to every stream connected to this
 * instance.
 *
 * Notifications are gathered, not forwarded one by one: the first waits
 * FLUSH_DELAY_MS for company, and flushes come at most every
 * MIN_INTERVAL_MS. Each flush sends one `applications` event with what
 * changed to every stream, then counts again, once per staff member
 * connected (not per stream), and sends `counts` to the streams whose number
 * moved. A burst of 200 applications in a few seconds is a handful of
 * events and a handful of counts per person, not 200 of each per browser.
 * An opening, or a look at a view (migration 030), moves only its reader's count. After the listening connection
 * was lost and came back, every stream is told to refetch and every count is
 * taken again.
 *
 * The hub also listens on SESSIONS_ENDED_CHANNEL (server/staff/session-repository.ts): when
 * a member's sessions end on any instance, each of their streams here checks
 * its own session at once (`recheck`), and the route ends those whose
 * session is gone.
 */
import type { FastifyBaseLogger } from "fastify";
import type { LiveChange, LiveChangeKind, LiveEvent } from "#domain/desk/contract";
import type { Store } from "../../store/store";
import type { NewCountRepository } from "../../inbox/new-count-repository";
import { LIVE_CHANNEL } from "../../intake/announce";
import { SESSIONS_ENDED_CHANNEL } from "../../staff/session-repository";

/** The channel migration 017's triggers notify. */

export const FLUSH_DELAY_MS = 25;
export const MIN_INTERVAL_MS = 1_000;

/** One connected stream. */
export interface LiveClient {
  userId: string;
  send(event: LiveEvent): void;
  /** Some session of this member ended (or notices may have been missed): is this stream's still live? */
  recheck(): void;
}

interface Connected {
  client: LiveClient;
  /** The counts this stream was last sent (as JSON). */
  sentCount: string | null;
}

/** What a trigger sends (017_live.sql). */
interface Notice {
  id?: unknown;
  kind?: unknown;
  user?: unknown;
  schema?: unknown;
}

interface Pending {
  changes: Map<string, LiveChangeKind>;
  readers: Set<string>;
  everything: boolean;
}

const nothingPending = (): Pending => ({ changes: new Map(), readers: new Set(), everything: false });

export function createLiveHub(options: { store: Store; counts: NewCountRepository; log: FastifyBaseLogger }) {
  const { store, counts, log } = options;
  const connected = new Set<Connected>();
  let pending = nothingPending();
  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> | null = null;
  let lastFlushAt = 0;
  let started: Promise<void> | null = null;
  let stopListening: (() => Promise<void>)[] = [];
  let closed = false;

  function receive(payload: string, schema: string) {
    let notice: Notice;
    try {
      notice = JSON.parse(payload) as Notice;
    } catch {
      return;
    }
    if (notice.schema !== schema || typeof notice.id !== "string") return;
    if (notice.kind === "read") {
      if (typeof notice.user === "string") pending.readers.add(notice.user);
    } else if (notice.kind === "created" || notice.kind === "updated") {
      // Created and then moved before the flush is still news of a new one.
      if (pending.changes.get(notice.id) !== "created") pending.changes.set(notice.id, notice.kind);
    } else {
      return;
    }
    schedule();
  }

  function sessionsEnded(payload: string, schema: string) {
    let notice: Notice;
    try {
      notice = JSON.parse(payload) as Notice;
    } catch {
      return;
    }
    if (notice.schema !== schema || typeof notice.user !== "string") return;
    for (const { client } of connected) if (client.userId === notice.user) client.recheck();
  }

  function schedule() {
    if (timer || flushing || closed) return;
    const wait = Math.max(FLUSH_DELAY_MS, lastFlushAt + MIN_INTERVAL_MS - Date.now());
    timer = setTimeout(() => {
      timer = null;
      flushing = flush().finally(() => {
        flushing = null;
        const { changes, readers, everything } = pending;
        if (changes.size > 0 || readers.size > 0 || everything) schedule();
      });
    }, wait);
    timer.unref();
  }

  async function flush() {
    lastFlushAt = Date.now();
    const { changes, readers, everything } = pending;
    pending = nothingPending();
    const moved = changes.size > 0 || everything;
    if (moved) {
      const list: LiveChange[] = [...changes].map(([id, kind]) => ({ id, kind }));
      for (const entry of connected) entry.client.send({ event: "applications", data: { changes: list } });
    }
    const people = new Set<string>();
    for (const { client } of connected) {
      if (moved || readers.has(client.userId)) people.add(client.userId);
    }
    for (const userId of people) {
      try {
        await sendCount(userId);
      } catch (error) {
        log.warn({ component: "live", err: error }, "counting new applications failed");
      }
    }
  }

  async function sendCount(userId: string, only?: Connected) {
    const count = await counts.count(userId);
    const sent = JSON.stringify(count);
    for (const entry of only ? [only] : connected) {
      if (entry.client.userId !== userId || entry.sentCount === sent) continue;
      entry.sentCount = sent;
      entry.client.send({ event: "counts", data: count });
    }
  }

  /** Listens on first use; a failure is logged and tried again by the next stream. */
  function start(): Promise<void> {
    started ??= (async () => {
      const schema = await counts.schema();
      stopListening.push(
        await store.listen(
          LIVE_CHANNEL,
          (payload) => receive(payload, schema),
          () => {
            log.info({ component: "live" }, "listening again after the connection dropped");
            pending.everything = true;
            schedule();
          },
        ),
      );
      stopListening.push(
        await store.listen(
          SESSIONS_ENDED_CHANNEL,
          (payload) => sessionsEnded(payload, schema),
          // Ended sessions may have gone unheard meanwhile: every stream looks.
          () => {
            for (const { client } of connected) client.recheck();
          },
        ),
      );
      if (closed) await stop();
    })().catch(async (error: unknown) => {
      await stop();
      started = null;
      log.error({ component: "live", err: error }, "the live inbox could not listen for changes");
    });
    return started;
  }

  async function stop() {
    const stopping = stopListening;
    stopListening = [];
    await Promise.all(stopping.map((stopOne) => stopOne()));
  }

  return {
    /**
     * Adds a stream: listening starts (if it had not), then its first count
     * is sent. Resolves to what removes it.
     */
    async add(client: LiveClient): Promise<() => void> {
      await start();
      const entry: Connected = { client, sentCount: null };
      connected.add(entry);
      try {
        await sendCount(client.userId, entry);
      } catch (error) {
        // The stream stays: the next change counts again.
        log.warn({ component: "live", err: error }, "counting new applications failed");
      }
      return () => void connected.delete(entry);
    },

    /** Streams connected to this instance. */
    get size() {
      return connected.size;
    },

    /** Stops listening (the streams themselves are ended by their route). */
    async close(): Promise<void> {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      connected.clear();
      await started;
      await flushing;
      await stop();
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
