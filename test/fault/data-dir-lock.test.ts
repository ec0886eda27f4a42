/**
 * The embedded store belongs to one process at a time. A server killed with
 * SIGKILL gives it up at once, even while it lingers as a zombie (a container
 * whose PID 1 reaps nothing) or its pid is reused; a live one never shares it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createBackend,
  disposeBundle,
  disposeSeed,
  runCli,
  startServer,
  waitFor,
  type Launch,
  type ServerProcess,
  type TestBackend,
} from "../support/fault-harness";

/** The state letter in /proc/<pid>/stat ("Z" for a zombie); undefined once the process is gone. */
function processState(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").replace(/^.*\) /s, "")[0];
  } catch {
    return undefined;
  }
}

/**
 * The server as the child of a shell that then becomes `sleep`: a parent that
 * never calls wait(), so a killed server stays a zombie while the sleep lasts.
 */
function launchUnreaped(parents: ChildProcess[]): Launch {
  return (node, args, options) => {
    const child = spawn("sh", ["-c", '"$0" "$@" & exec sleep 120', node, ...args], {
      ...options,
      stdio: ["ignore", "pipe", "pipe"],
    });
    parents.push(child);
    return { child, stdout: child.stdout!, stderr: child.stderr! };
  };
}

describe("the embedded store's lock (real processes)", { timeout: 60_000 }, () => {
  let backend: TestBackend;
  let servers: ServerProcess[] = [];
  let parents: ChildProcess[] = [];

  beforeEach(async () => {
    backend = await createBackend("pglite");
  });

  afterEach(async () => {
    for (const server of servers) server.kill("SIGKILL");
    for (const parent of parents) parent.kill("SIGKILL");
    await Promise.all(servers.map((server) => server.exited));
    servers = [];
    parents = [];
    await backend.dispose();
  });

  afterAll(async () => {
    await disposeBundle();
    await disposeSeed();
  });

  const start = async (launch?: Launch) => {
    const server = await startServer(backend, {}, launch);
    servers.push(server);
    return server;
  };

  it("starts at once on the data of a server SIGKILLed and left a zombie", async () => {
    const killed = await start(launchUnreaped(parents));
    killed.kill("SIGKILL");
    await waitFor(() => processState(killed.pid) === "Z", { what: "the killed server to be a zombie" });

    const began = Date.now();
    const next = await start();

    // At once: no waiting for the zombie (a start takes a few seconds on a busy machine).
    expect(Date.now() - began).toBeLessThan(20_000);
    // The zombie is still there (it would answer kill(pid, 0)), and the new server serves.
    expect(processState(killed.pid)).toBe("Z");
    expect((await fetch(`http://127.0.0.1:${next.port}/healthz`)).status).toBe(200);
    expect(await next.stop()).toBe(0);
  });

  it("starts when the lock file names a live process that does not hold the store (a reused pid)", async () => {
    writeFileSync(
      join(backend.env.DATA_DIR, "store.lock"),
      JSON.stringify({ pid: process.pid, holder: "the server" }),
    );
    const server = await start();

    expect(await server.stop()).toBe(0);
  });

  it("never lets two live processes open one data folder: the second stops with a clear error", async () => {
    const first = await start();
    const busy = new RegExp(`is in use by the server \\(pid ${first.pid}\\)`);

    await expect(start()).rejects.toThrow(busy);
    const cli = await runCli(backend, ["stats"]);
    expect(cli.code).toBe(1);
    expect(cli.stderr).toMatch(busy);
    // The first server was not disturbed; once it has stopped, the store is free.
    expect((await fetch(`http://127.0.0.1:${first.port}/healthz`)).status).toBe(200);
    expect(await first.stop()).toBe(0);
    expect((await runCli(backend, ["stats"])).code).toBe(0);
  });
});
