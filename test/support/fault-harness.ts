/**
 * Fault-test harness: the real server bundle in child processes, a fake CRM
 * on loopback that the test controls and that records every request, and
 * direct access to the store for the final assertions.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { Readable } from "node:stream";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { bundleServer, ROOT } from "../../scripts/lib/bundle-server.mjs";
import { openPGliteStore } from "../../server/store/pglite";
import { openPostgresStore } from "../../server/store/postgres";
import type { Store } from "../../server/store/store";
import { LoopbackPeer } from "./loopback";
import { pgliteTemplate, TEST_DATABASE_URL, validApplication, type Engine } from "./server";

/**
 * Fast settings so a day-long schedule runs in seconds. The attempt timeout
 * stays well above what a loaded CI machine needs for a loopback answer: a
 * timeout on an answer the CRM did send is a (legitimate) duplicate.
 */
export const FAST_DELIVERY = {
  DELIVERY_TIMEOUT_MS: "2000",
  DELIVERY_LEASE_MS: "5000",
  DELIVERY_BACKOFF_BASE_MS: "40",
  DELIVERY_BACKOFF_MAX_MS: "300",
  DELIVERY_MAX_ATTEMPTS: "60",
  DELIVERY_POLL_MS: "200",
  DELIVERY_CONCURRENCY: "4",
};

export async function waitFor<T>(
  check: () => T | Promise<T>,
  { timeoutMs = 30_000, intervalMs = 50, what = "condition" } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

// ---------------------------------------------------------------------------
// The fake CRM.

export type CrmAnswer = { status: number; headers?: Record<string, string>; delayMs?: number } | "hang";

export interface CrmRequest {
  key: string | undefined;
  contentType: string | undefined;
  body: Record<string, unknown>;
  receivedAt: number;
  /** What the CRM answered (undefined: hung, or the sender went away first). */
  answered?: number;
}

export class FakeCrm extends LoopbackPeer {
  readonly requests: CrmRequest[] = [];
  /** Decides each answer; the default accepts everything. */
  answer: (request: CrmRequest, seenForKey: number) => CrmAnswer = () => ({ status: 200 });

  get url() {
    return `http://127.0.0.1:${this.port}/hooks/lead`;
  }

  protected createServer() {
    return http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const key = req.headers["idempotency-key"] as string | undefined;
        let body: Record<string, unknown> = {};
        try {
          body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        } catch {
          // recorded as {}
        }
        const request: CrmRequest = {
          key,
          contentType: req.headers["content-type"],
          body,
          receivedAt: Date.now(),
        };
        const seenForKey = this.requests.filter((r) => r.key === key).length;
        this.requests.push(request);
        const answer = this.answer(request, seenForKey);
        if (answer === "hang") return;
        const send = () => {
          if (res.destroyed) return;
          request.answered = answer.status;
          res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
          res.end(JSON.stringify({ ok: answer.status < 300 }));
        };
        if (answer.delayMs) setTimeout(send, answer.delayMs);
        else send();
      });
    });
  }

  /** Requests answered 2xx, per Idempotency-Key. */
  accepted(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const request of this.requests) {
      if (request.key && request.answered !== undefined && request.answered < 300) {
        counts.set(request.key, (counts.get(request.key) ?? 0) + 1);
      }
    }
    return counts;
  }

  /** Every request, per Idempotency-Key. */
  seen(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const request of this.requests)
      counts.set(request.key ?? "", (counts.get(request.key ?? "") ?? 0) + 1);
    return counts;
  }
}

// ---------------------------------------------------------------------------
// The server under test.

/**
 * Node's flags for the servers and the CLI: V8 compiles PGlite's WebAssembly with its baseline
 * compiler only. A server here lives seconds, never long enough for the optimised code V8 otherwise
 * compiles beside it to pay back: the PGlite fault files took about a fifth less CPU (97-102 CPU-s
 * against 120-131, BENCHMARKS.md). Production keeps Node's defaults.
 */
const TEST_NODE_FLAGS = ["--liftoff-only"];

let bundle: Promise<string> | undefined;
/** The server and CLI, bundled once per test file (about 0.3 s). */
export function serverBundle(): Promise<string> {
  bundle ??= bundleServer(
    join(ROOT, "node_modules", ".cache", "harborline-fault", `${process.pid}-${randomUUID()}`),
    {
      server: "server/main.ts",
      applications: "server/cli/applications.ts",
    },
  );
  return bundle;
}

/** Removes the bundle; the next file's serverBundle() makes a new one (test files may share a process). */
export function disposeBundle() {
  const made = bundle;
  bundle = undefined;
  return made?.then((dir) => rmSync(dir, { recursive: true, force: true }));
}

/** Where one test's data lives: a PGlite folder (seeded, migrated) or a fresh PostgreSQL schema. */
export interface TestBackend {
  engine: Engine;
  env: Record<string, string>;
  /** Opens the store in the test process (PGlite: only while no server runs). */
  open(): Promise<Store>;
  dispose(): Promise<void>;
}

let seeded: Promise<string> | undefined;
/** One migrated PGlite data dir per file; each test copies it (initdb would take ~7 s). */
function seededPGliteDir(): Promise<string> {
  seeded ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), "harborline-fault-seed-"));
    const store = await openPGliteStore({
      dataDir: join(dir, "pglite"),
      loadDataDir: await pgliteTemplate(),
    });
    await store.close();
    return dir;
  })();
  return seeded;
}

export function disposeSeed() {
  const made = seeded;
  seeded = undefined;
  return made?.then((dir) => rmSync(dir, { recursive: true, force: true }));
}

export async function createBackend(engine: Engine): Promise<TestBackend> {
  if (engine === "pglite") {
    const dataDir = mkdtempSync(join(tmpdir(), "harborline-fault-"));
    cpSync(await seededPGliteDir(), dataDir, { recursive: true });
    return {
      engine,
      env: { DATA_DIR: dataDir },
      open: () => openPGliteStore({ dataDir: join(dataDir, "pglite") }),
      dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const schema = `fault_${randomUUID().replaceAll("-", "")}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(TEST_DATABASE_URL);
  url.searchParams.set("options", `-c search_path=${schema}`);
  const stores: Store[] = [];
  return {
    engine,
    env: { DATABASE_URL: url.toString() },
    async open() {
      const store = await openPostgresStore({ connectionString: TEST_DATABASE_URL, schema, max: 2 });
      stores.push(store);
      return store;
    },
    async dispose() {
      for (const store of stores) await store.close().catch(() => undefined);
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}

export interface ServerProcess {
  port: number;
  /** The server's own process id (from its ready line; not the launcher's when `launch` wraps it). */
  pid: number;
  child: ChildProcess;
  /** Every stdout line that parsed as JSON (pino). */
  logs: Record<string, unknown>[];
  stderr: string[];
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): void;
  /** SIGTERM and wait for the exit code. */
  stop(): Promise<number | null>;
}

/**
 * How a test starts the bundle when a plain child process is not the point:
 * `node` and its arguments in, the process to watch and the streams its
 * output arrives on out (default: spawned directly, stdout and stderr piped).
 */
export type Launch = (
  node: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
) => { child: ChildProcess; stdout: Readable; stderr: Readable };

const launchDirectly: Launch = (node, args, options) => {
  const child = spawn(node, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
  return { child, stdout: child.stdout!, stderr: child.stderr! };
};

/** Signals a process; one that is already gone is not an error (as with ChildProcess.kill). */
function signalServer(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
  }
}

export async function startServer(
  backend: TestBackend,
  env: Record<string, string> = {},
  launch: Launch = launchDirectly,
): Promise<ServerProcess> {
  const dir = await serverBundle();
  const {
    child,
    stdout,
    stderr: errors,
  } = launch(process.execPath, [...TEST_NODE_FLAGS, join(dir, "server.mjs")], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOST: "127.0.0.1",
      PORT: "0",
      CLIENT_DIR: join(tmpdir(), "harborline-no-site", "client"),
      LOG_LEVEL: "info",
      RATE_LIMIT_MAX: "1000000",
      DESK_SIGN_IN_RATE_LIMIT_MAX: "1000000",
      ...FAST_DELIVERY,
      ...backend.env,
      ...env,
    },
  });
  const logs: Record<string, unknown>[] = [];
  const stderr: string[] = [];
  let buffered = "";
  let ready: ((entry: { port: number; pid: number }) => void) | undefined;
  stdout.setEncoding("utf8").on("data", (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) {
      try {
        const entry = JSON.parse(line);
        logs.push(entry);
        if (typeof entry.msg === "string" && entry.msg.startsWith("Harborline server ready")) ready?.(entry);
      } catch {
        stderr.push(line);
      }
    }
  });
  errors.setEncoding("utf8").on("data", (chunk: string) => stderr.push(chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const { port, pid } = await Promise.race([
    new Promise<{ port: number; pid: number }>((resolve) => (ready = resolve)),
    exited.then((code) => {
      throw new Error(
        `server exited (${code}) before it was ready:\n${stderr.join("")}\n${JSON.stringify(logs.slice(-5))}`,
      );
    }),
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`server not ready after 30 s:\n${stderr.join("")}`)), 30_000),
    ),
  ]);
  return {
    port,
    pid,
    child,
    logs,
    stderr,
    exited,
    kill: (signal) => signalServer(pid, signal),
    async stop() {
      signalServer(pid, "SIGTERM");
      return exited;
    },
  };
}

/** Runs the operator CLI (bundled) against a backend. */
export async function runCli(backend: TestBackend, args: string[]) {
  const dir = await serverBundle();
  const child = spawn(process.execPath, [...TEST_NODE_FLAGS, join(dir, "applications.mjs"), ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", ...backend.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { code, stdout, stderr };
}

// ---------------------------------------------------------------------------
// The visitor's side.

export interface Submission {
  submissionId: string;
  body: Record<string, unknown>;
  /** 201/200 with an id; undefined while unacknowledged. */
  id?: string;
  status?: number;
}

export function newSubmission(n: number): Submission {
  const body = validApplication({ companyName: `Fault Test ${n}`, email: `applicant${n}@example.com` });
  return { submissionId: body.submissionId as string, body };
}

/** POSTs a submission; fills in status and id when the server answered. Network errors propagate. */
export async function submit(port: number, submission: Submission): Promise<Submission> {
  const response = await fetch(`http://127.0.0.1:${port}/api/applications`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(submission.body),
    signal: AbortSignal.timeout(10_000),
  });
  const json = (await response.json()) as { id?: string };
  submission.status = response.status;
  if (response.status === 200 || response.status === 201) submission.id = json.id;
  return submission;
}

/** `count` new submissions, numbered from `from` (an application's number names its company and address). */
export function newSubmissions(count: number, from = 0): Submission[] {
  return Array.from({ length: count }, (_, i) => newSubmission(from + i));
}

export async function submitAll(port: number, submissions: Submission[]) {
  await Promise.all(submissions.map((submission) => submit(port, submission)));
  for (const submission of submissions) {
    if (submission.status !== 201) throw new Error(`expected 201, got ${submission.status}`);
  }
  return submissions.map((submission) => submission.id!);
}

/** Visitors on several instances: eight submissions at a time, taking turns between the servers. */
export async function submitAcross(servers: ServerProcess[], submissions: Submission[]) {
  for (let i = 0; i < submissions.length; i += 8) {
    await Promise.all(submissions.slice(i, i + 8).map((s, j) => submit(servers[j % servers.length].port, s)));
  }
  return submissions.map((submission) => submission.id!);
}

/**
 * Visitors keep submitting (`clients` at a time) until `enough(submissions)`,
 * then the server is SIGKILLed under them. Returns every submission; those
 * in flight at the kill (at most one per client) stay unacknowledged.
 */
export async function killMidStream(
  server: ServerProcess,
  {
    clients,
    enough,
    what,
  }: { clients: number; enough: (submissions: Submission[]) => boolean; what: string },
): Promise<Submission[]> {
  const submissions: Submission[] = [];
  let killed = false;
  const client = async () => {
    while (!killed) {
      const submission = newSubmission(submissions.length);
      submissions.push(submission);
      try {
        await submit(server.port, submission);
      } catch {
        // the server died under this request: unacknowledged
      }
    }
  };
  const clientsDone = Array.from({ length: clients }, client);
  await waitFor(() => enough(submissions), { what });
  server.kill("SIGKILL");
  killed = true;
  await server.exited;
  await Promise.all(clientsDone);
  return submissions;
}

// ---------------------------------------------------------------------------
// What the store says.

export interface StoredApplication {
  id: string;
  submission_id: string;
  delivery: string | null;
  attempts: number | null;
  consent: boolean;
}

export async function storedApplications(store: Store): Promise<StoredApplication[]> {
  const { rows } = await store.query<StoredApplication>(
    `SELECT a.id::text AS id, a.submission_id::text AS submission_id, o.status AS delivery, o.attempts,
            (c.application_id IS NOT NULL) AS consent
       FROM applications a
       LEFT JOIN outbox o ON o.application_id = a.id
       LEFT JOIN consents c ON c.application_id = a.id
      ORDER BY a.submitted_at`,
  );
  return rows;
}

export async function attemptsFor(store: Store, applicationId: string) {
  const { rows } = await store.query<{
    attempt: number;
    status_code: number | null;
    error: string | null;
    outcome: string;
    worker: string;
    attempted_at: Date;
  }>(
    `SELECT d.attempt, d.status_code, d.error, d.outcome, d.worker, d.attempted_at
       FROM delivery_attempts d JOIN outbox o ON o.id = d.outbox_id
      WHERE o.application_id = $1 ORDER BY d.attempted_at, d.id`,
    [applicationId],
  );
  return rows;
}

/** Delivery log lines the server wrote (pino, component "delivery"). */
export function deliveryLogs(server: ServerProcess) {
  return server.logs.filter((entry) => entry.component === "delivery" && "applicationId" in entry);
}
