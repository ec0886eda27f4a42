/**
 * Events wait in memory and go to the store in batches (one insert per
 * batch, at least every second), so counting never adds a write to a
 * visitor's request. The buffer is bounded: when the store falls behind,
 * new events are dropped (counted, and logged once a minute) rather than
 * memory growing. Closing flushes what is left.
 */
import type { FastifyBaseLogger } from "fastify";
import type { EventRow } from "./events-repository";

export const FLUSH_EVERY_MS = 1000;
export const MAX_BUFFERED = 20_000;
export const MAX_BATCH = 2000;
const DROP_LOG_EVERY_MS = 60_000;

export interface EventBuffer {
  /** Queues rows; false when the buffer was full and they were dropped. */
  push(rows: readonly EventRow[]): boolean;
  /** Writes everything queued so far (tests and shutdown). */
  flush(): Promise<void>;
  /** Stops the timer and flushes. */
  close(): Promise<void>;
}

export function createEventBuffer({
  write,
  log,
  flushEveryMs = FLUSH_EVERY_MS,
  maxBuffered = MAX_BUFFERED,
}: {
  write: (rows: EventRow[]) => Promise<void>;
  log: FastifyBaseLogger;
  flushEveryMs?: number;
  maxBuffered?: number;
}): EventBuffer {
  const queued: EventRow[] = [];
  let writing: Promise<void> = Promise.resolve();
  let dropped = 0;
  let lastDropLog = 0;

  async function drain() {
    while (queued.length > 0) {
      const batch = queued.splice(0, MAX_BATCH);
      try {
        await write(batch);
      } catch (error) {
        // Counting is best effort: a failed batch is logged and let go.
        log.warn({ component: "analytics", err: error, events: batch.length }, "analytics: a batch was lost");
      }
    }
  }

  function flush(): Promise<void> {
    writing = writing.then(drain);
    return writing;
  }

  const timer = setInterval(() => {
    if (queued.length > 0) void flush();
  }, flushEveryMs);
  timer.unref();

  return {
    push(rows) {
      if (queued.length + rows.length > maxBuffered) {
        dropped += rows.length;
        const now = Date.now();
        if (now - lastDropLog >= DROP_LOG_EVERY_MS) {
          lastDropLog = now;
          log.warn({ component: "analytics", dropped }, "analytics: the store is behind; events dropped");
        }
        return false;
      }
      queued.push(...rows);
      return true;
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
