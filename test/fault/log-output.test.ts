/**
 * Whatever reads the server's standard output may stop reading (a stalled log
 * shipper, journald under pressure, a busy supervisor): the server keeps
 * answering, drops the log lines it cannot hand on, and says how many once
 * its reader reads again. For both start commands (`npm start`, taking the
 * build-first path that froze, and `node dist/server.mjs`) and each kind of
 * output: a pipe (read by `cat`), a FIFO (read by `cat`) and a socket (what a
 * Node parent's "pipe" is, read by the test itself). The reader stops when the
 * test stops reading what reaches it (`cat` then stops reading too).
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
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

  it.each(cases)(
    "%s, output on a %s: answers every request while the reader is stopped, and counts the dropped lines once it reads again",
    async (command, output) => {
      const server = await startServer(backend, {}, launch(command, output));
      servers.push(server);
      const stream = streams.at(-1)!;
      stream.pause();

      const slowest = await requestAll(server.port);

      stream.resume();
      const note = await new Promise<RegExpMatchArray>((resolve, reject) => {
        const deadline = Date.now() + 15_000;
        const check = () => {
          for (const entry of server.logs) {
            const match = DROPPED_NOTE.exec(String(entry.msg));
            if (match) return resolve(match);
          }
          if (Date.now() > deadline) reject(new Error("no note of dropped log lines after reading resumed"));
          else setTimeout(check, 50);
        };
        check();
      });
      expect(Number(note[1])).toBeGreaterThan(0);
      expect(await server.stop()).toBe(0);
      console.info(`[${command}, ${output}] ${REQUESTS} answered, slowest ${slowest} ms; ${note[0]}`);
    },
  );
});
