/**
 * Logging never blocks the server. Its standard output goes through a FIFO to
 * a reader that stops reading (SIGSTOP): the pipe fills, the server keeps
 * answering, and SIGTERM still ends it within the shutdown deadline; the
 * embedded store is then free for the next start.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  FAST_DELIVERY,
  createBackend,
  disposeBundle,
  disposeSeed,
  startServer,
  type Launch,
  type ServerProcess,
  type TestBackend,
} from "../support/fault-harness";

/** The server's shutdown deadline with the harness's settings (server/main.ts: attempt timeout + 10 s). */
const DEADLINE_MS = Number(FAST_DELIVERY.DELIVERY_TIMEOUT_MS) + 10_000;

/**
 * The server with its stdout on a FIFO (a blocking pipe, as a container's log
 * pipe is) that `cat` reads and hands on to the test; stopping `cat` stops
 * the reading while the pipe stays open.
 */
function launchThroughReader(dir: string, readers: ChildProcess[]): Launch {
  return (node, args, options) => {
    const fifo = join(dir, "stdout.fifo");
    execFileSync("mkfifo", [fifo]);
    const reader = spawn("cat", [fifo], { stdio: ["ignore", "pipe", "ignore"] });
    readers.push(reader);
    // The shell opens the FIFO for writing (waiting for cat), then becomes the server.
    const child = spawn("sh", ["-c", 'exec "$@" > "$0"', fifo, node, ...args], {
      ...options,
      stdio: ["ignore", "ignore", "pipe"],
    });
    return { child, stdout: reader.stdout!, stderr: child.stderr! };
  };
}

const exitWithin = (server: ServerProcess, ms: number) =>
  Promise.race([
    server.exited.then((code) => ({ code })),
    new Promise<"still running">((resolve) => setTimeout(() => resolve("still running"), ms)),
  ]);

describe("shutdown while no one reads the log (real processes)", { timeout: 90_000 }, () => {
  let backend: TestBackend;
  let dir: string;
  let servers: ServerProcess[] = [];
  let readers: ChildProcess[] = [];

  beforeEach(async () => {
    backend = await createBackend("pglite");
    dir = mkdtempSync(join(tmpdir(), "harborline-log-pipe-"));
  });

  afterEach(async () => {
    for (const server of servers) server.kill("SIGKILL");
    for (const reader of readers) reader.kill("SIGKILL");
    await Promise.all(servers.map((server) => server.exited));
    servers = [];
    readers = [];
    rmSync(dir, { recursive: true, force: true });
    await backend.dispose();
  });

  afterAll(async () => {
    await disposeBundle();
    await disposeSeed();
  });

  it("keeps answering, exits within the deadline on SIGTERM, and leaves the store to the next start", async () => {
    const server = await startServer(backend, {}, launchThroughReader(dir, readers));
    servers.push(server);
    readers[0].kill("SIGSTOP");

    // Each request logs two lines: enough of them fill the 64 KiB pipe several times over.
    for (let batch = 0; batch < 20; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 25 }, () => fetch(`http://127.0.0.1:${server.port}/healthz`)),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(25).fill(200));
    }

    // A clean exit (0): the shutdown finished; the log lines still waiting for the reader are given up.
    server.kill("SIGTERM");
    expect(await exitWithin(server, DEADLINE_MS)).toEqual({ code: 0 });

    const next = await startServer(backend);
    servers.push(next);
    expect((await fetch(`http://127.0.0.1:${next.port}/healthz`)).status).toBe(200);
    expect(await next.stop()).toBe(0);
  });
});
