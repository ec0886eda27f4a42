/**
 * Where the server's JSON log lines go: standard output, and logging must
 * never block the process. Writes go through Node's stream (libuv, no thread
 * and no synchronous write), so a reader that stops reading cannot stall the
 * server; what waits for the reader is bounded, and lines beyond it are
 * dropped and counted. Nothing is flushed synchronously at exit (pino does
 * that only for its own sonic-boom destinations; a synchronous write to a
 * pipe no one reads never returns), so the shutdown deadline always holds.
 *
 * Node's stream only waits (rather than blocks) while the pipe, FIFO or socket
 * is in non-blocking mode, and that mode belongs to the open file shared by
 * every process given the same output: a process that starts a child with
 * its output inherited puts it back in blocking mode (libuv does, for the
 * child; scripts/start.mjs no longer does that, a supervisor may). So every
 * write first puts it back in non-blocking mode.
 */
import type { Writable } from "node:stream";

/** Log output waiting for a slow reader, at most (bytes); later lines are dropped until it catches up. */
export const LOG_BUFFER_BYTES = 1024 * 1024;

export interface LogDestination {
  /** pino calls this with one JSON line. */
  write(line: string): void;
  /**
   * Waits until everything written has been handed to the reader, or
   * `timeoutMs`; true when it was. (Not `flush`: pino calls a stream's
   * `flush(callback)` itself.)
   */
  drain(timeoutMs: number): Promise<boolean>;
  /** Lines dropped so far (buffer full, or the reader gone). */
  readonly dropped: number;
}

type Output = Pick<Writable, "write" | "writableLength" | "once" | "on">;

/** What Node's process.stdout and process.stderr are made of when they are a pipe, FIFO or socket. */
interface StdioStream {
  _type?: string;
  _handle?: { setBlocking?: (blocking: boolean) => number };
}

/**
 * Puts a standard stream that is a pipe, FIFO or socket (Node's `_type`
 * "pipe") in non-blocking mode, whoever changed it; a no-op for a terminal, a
 * file or any other stream. One system call, cheap enough for every log line.
 */
export function keepNonBlocking(stream: object) {
  const stdio = stream as StdioStream;
  if (stdio._type === "pipe") stdio._handle?.setBlocking?.(false);
}

export function createLogDestination(
  output: Output = process.stdout,
  maxBufferedBytes = LOG_BUFFER_BYTES,
): LogDestination {
  let dropped = 0;
  let unreported = 0;
  let gone = false;

  // The reader went away for good (EPIPE …): drop from now on rather than crash.
  output.on("error", () => {
    gone = true;
  });

  const reportDropped = () => {
    if (unreported === 0 || gone) return;
    const note = {
      level: 40,
      time: Date.now(),
      pid: process.pid,
      msg: `${unreported} log lines were dropped: standard output was not being read`,
    };
    unreported = 0;
    keepNonBlocking(output);
    output.write(`${JSON.stringify(note)}\n`);
  };

  return {
    write(line) {
      if (gone || output.writableLength >= maxBufferedBytes) {
        dropped++;
        if (unreported++ === 0 && !gone) output.once("drain", reportDropped);
        return;
      }
      keepNonBlocking(output);
      output.write(line);
    },
    async drain(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (!gone && output.writableLength > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return !gone && output.writableLength === 0;
    },
    get dropped() {
      return dropped;
    },
  };
}
