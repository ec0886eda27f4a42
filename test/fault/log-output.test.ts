/**
 * Whatever reads the server's standard output may stop reading (a stalled log
 * shipper, journald under pressure, a busy supervisor): the server keeps
 * answering, drops the log lines it cannot hand on, and says how many once
 * its reader reads again. For both start commands (`npm start`, taking the
 * build-first path that froze, and `node dist/server.mjs`) and each kind of
 * output: a pipe (read by `cat`), a FIFO (read by `cat`) and a socket (what a
 * Node parent's "pipe" is, read by the test itself). The reader stops when the
 * test stops reading what reaches it (`cat` then stops reading too). And when
 * another process sharing the output puts it in blocking mode, as a process
 * starting a child with inherited stdio does.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createBackend,
  disposeBundle,
  serverBundle,
  startServer,
  waitFor,
  type Launch,
  type ServerProcess,
  type TestBackend,
} from "../support/fault-harness";
import { ROOT } from "../../scripts/lib/bundle-server.mjs";

const REQUESTS = 3000;
const CLIENTS = 10;
/** Every request is answered within this (a frozen server answers none). */
const ANSWER_WITHIN_MS = 2_000;
/** Each request's log line carries its URL: about 1.3 KB a request, several times what the log may hold back. */
const URL_PAD = "x".repeat(1000);
const DROPPED_NOTE = /^(\d+) log lines were dropped: standard output was not being read$/;

type Command = "npm start" | "node dist/server.mjs";
type Output = "pipe" | "FIFO" | "socket";

/**
 * A checkout as `npm start` sees it: scripts/start.mjs, the server bundle in
 * dist/, node_modules, a built site, and a stand-in `npm run build` (writes
 * build-info.json) so that start.mjs builds first, quickly.
 */
async function checkoutForNpmStart(dir: string) {
  mkdirSync(join(dir, "scripts"));
  for (const file of ["start.mjs", "public-env.mjs"]) {
    cpSync(join(ROOT, "scripts", file), join(dir, "scripts", file));
  }
  writeFileSync(
    join(dir, "scripts", "build.mjs"),
    [
      'import { writeFileSync } from "node:fs";',
      'import { publicBuildEnv } from "./public-env.mjs";',
      'writeFileSync("build/build-info.json", JSON.stringify(publicBuildEnv(process.env)));',
      'console.log("stand-in build: done");',
    ].join("\n"),
  );
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({
      name: "log-output-test",
      private: true,
      type: "module",
      scripts: { start: "node scripts/start.mjs", build: "node scripts/build.mjs" },
    }),
  );
  cpSync(await serverBundle(), join(dir, "dist"), { recursive: true });
  mkdirSync(join(dir, "build", "client"), { recursive: true });
  writeFileSync(join(dir, "build", "client", "index.html"), "<!doctype html><title>test</title>");
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
}

describe("a server whose log reader stops reading (real processes)", { timeout: 60_000 }, () => {
  let backend: TestBackend;
  let dir: string;
  let checkout: string;
  let servers: ServerProcess[] = [];
  let readers: ChildProcess[] = [];
  let streams: Readable[] = [];

  beforeAll(async () => {
    checkout = mkdtempSync(join(tmpdir(), "harborline-npm-start-"));
    await checkoutForNpmStart(checkout);
  });

  beforeEach(async () => {
    backend = await createBackend("postgres");
    dir = mkdtempSync(join(tmpdir(), "harborline-log-output-"));
    // start.mjs builds first (the stand-in) whenever build-info.json is missing.
    rmSync(join(checkout, "build", "build-info.json"), { force: true });
  });

  afterEach(async () => {
    for (const stream of streams) stream.resume();
    for (const server of servers) server.kill("SIGKILL");
    for (const reader of readers) reader.kill("SIGKILL");
    await Promise.all(servers.map((server) => server.exited));
    servers = [];
    readers = [];
    streams = [];
    rmSync(dir, { recursive: true, force: true });
    await backend.dispose();
  });

  afterAll(async () => {
    rmSync(checkout, { recursive: true, force: true });
    await disposeBundle();
  });

  /** Starts `command` with its standard output on `output`; the stream the test reads it from is kept. */
  function launch(command: Command, output: Output): Launch {
    return (node, args, options) => {
      const [file, argv, cwd] =
        command === "npm start" ? ["npm", ["start"], checkout] : [node, args, options.cwd];
      const env = {
        ...options.env,
        HOME: process.env.HOME ?? tmpdir(),
        npm_config_update_notifier: "false",
        npm_config_fund: "false",
      };
      const spawned = (() => {
        if (output === "socket") {
          const child = spawn(file, argv, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
          return { child, stdout: child.stdout! };
        }
        if (output === "pipe") {
          const child = spawn("sh", ["-c", '"$@" | cat', "sh", file, ...argv], {
            cwd,
            env,
            stdio: ["ignore", "pipe", "pipe"],
          });
          return { child, stdout: child.stdout! };
        }
        const fifo = join(dir, "stdout.fifo");
        execFileSync("mkfifo", [fifo]);
        const reader = spawn("cat", [fifo], { stdio: ["ignore", "pipe", "ignore"] });
        readers.push(reader);
        // The shell opens the FIFO for writing (waiting for cat), then becomes the command.
        const child = spawn("sh", ["-c", 'exec "$@" > "$0"', fifo, file, ...argv], {
          cwd,
          env,
          stdio: ["ignore", "ignore", "pipe"],
        });
        return { child, stdout: reader.stdout! };
      })();
      streams.push(spawned.stdout);
      return { ...spawned, stderr: spawned.child.stderr! };
    };
  }

  /** One GET on a kept-alive connection: its status, or an error after ANSWER_WITHIN_MS. */
  const get = (agent: http.Agent, port: number, path: string) =>
    new Promise<number>((resolve, reject) => {
      const request = http.get(
        { host: "127.0.0.1", port, path, agent, timeout: ANSWER_WITHIN_MS },
        (response) => {
          response.resume().once("end", () => resolve(response.statusCode ?? 0));
        },
      );
      request.once("timeout", () => request.destroy(new Error(`no answer within ${ANSWER_WITHIN_MS} ms`)));
      request.once("error", reject);
    });

  /** REQUESTS requests, CLIENTS at a time; each must be answered 200 within ANSWER_WITHIN_MS. */
  async function requestAll(port: number) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
    let sent = 0;
    let slowest = 0;
    const client = async () => {
      while (sent < REQUESTS) {
        const n = sent++;
        const started = Date.now();
        const status = await get(agent, port, `/healthz?n=${n}&pad=${URL_PAD}`).catch((error: Error) => {
          throw new Error(`request ${n + 1} of ${REQUESTS} not answered: ${error.message}`);
        });
        expect(status).toBe(200);
        slowest = Math.max(slowest, Date.now() - started);
      }
    };
    try {
      await Promise.all(Array.from({ length: CLIENTS }, client));
    } finally {
      agent.destroy();
    }
    return slowest;
  }

  const cases: [Command, Output][] = (["npm start", "node dist/server.mjs"] as const).flatMap((command) =>
    (["pipe", "FIFO", "socket"] as const).map((output): [Command, Output] => [command, output]),
  );

  /** Stops reading, sends REQUESTS requests, reads again: all answered in time, the dropped lines counted. */
  async function expectAnswersWhileStopped(server: ServerProcess, label: string) {
    const stream = streams.at(-1)!;
    stream.pause();
    const slowest = await requestAll(server.port);
    stream.resume();
    const note = await waitFor(
      () => server.logs.map((entry) => DROPPED_NOTE.exec(String(entry.msg))).find(Boolean),
      { what: "the note of dropped log lines after reading resumed", timeoutMs: 15_000 },
    );
    expect(Number(note[1])).toBeGreaterThan(0);
    console.info(`[${label}] ${REQUESTS} answered, slowest ${slowest} ms; ${note[0]}`);
  }

  it.each(cases)(
    "%s, output on a %s: answers every request while the reader is stopped, and counts the dropped lines once it reads again",
    async (command, output) => {
      const server = await startServer(backend, {}, launch(command, output));
      servers.push(server);
      await expectAnswersWhileStopped(server, `${command}, ${output}`);
      expect(await server.stop()).toBe(0);
    },
  );

  it("keeps answering when another process sharing its output puts it back in blocking mode", async () => {
    // Beside the server, a shell that shares its stdout (a socket) and, once told, runs a Node
    // process that starts a child with stdio "inherit": libuv puts the shared socket in blocking
    // mode. That process stays (Node would restore the mode at its exit) until the test ends it.
    const flip = join(dir, "flip");
    const flipper = [
      'require("node:child_process").spawnSync("true", { stdio: "inherit" });',
      'require("node:fs").writeFileSync(process.argv[1], String(process.pid));',
      "setTimeout(() => {}, 120000);",
    ].join(" ");
    const script = [
      '"$@" & server=$!',
      'until [ -e "$0" ]; do sleep 0.05; done',
      `"$1" -e '${flipper}' "$0.done" &`,
      'wait "$server"',
    ].join("\n");
    const shared: Launch = (node, args, options) => {
      const child = spawn("sh", ["-c", script, flip, node, ...args], {
        ...options,
        stdio: ["ignore", "pipe", "pipe"],
      });
      streams.push(child.stdout!);
      return { child, stdout: child.stdout!, stderr: child.stderr! };
    };
    const server = await startServer(backend, {}, shared);
    servers.push(server);
    writeFileSync(flip, "");
    await waitFor(() => existsSync(`${flip}.done`), { what: "the shared output put in blocking mode" });
    const flipperPid = Number(readFileSync(`${flip}.done`, "utf8"));
    try {
      await expectAnswersWhileStopped(server, "node dist/server.mjs, socket set back to blocking");
    } finally {
      process.kill(flipperPid, "SIGKILL");
    }
    expect(await server.stop()).toBe(0);
  });
});
