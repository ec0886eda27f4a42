// `npm run bench:uploads`: the document room's uploads through one server on
// loopback (tus, each chunk sealed with its file's key into the store).
//
// - Throughput: one 25 MB statement at a time (median of BENCH_RUNS), beside a
//   control measured in the same run: the same bytes PUT to a bare Node HTTP
//   server that throws them away (loopback and HTTP, nothing of ours).
// - Memory: the server's resident set (VmRSS, sampled every 50 ms) before and
//   while 20 uploads of 25 MB run at once, one per application. Streamed uploads
//   keep it flat; a server holding whole files would grow by 500 MB.
// - A dropping connection: a 10 MB statement through a proxy that throttles to
//   BENCH_PROXY_KBPS and cuts the connection mid-way, twice; it must complete
//   with no more than one chunk (1 MB, the room's) sent twice.
//
// Each on PGlite (the embedded default) and on PostgreSQL. With CLAMD_SOCKET
// set, the server scans every finished upload too (the figures say so).
// Writes the "## Uploads" section of BENCHMARKS.md.
//
// Environment: BENCH_RUNS (5), BENCH_PORT (4440), BENCH_PROXY_KBPS (2048),
// BENCH_ONLY=pglite|postgres, BENCH_DATABASE_URL (see lib/bench-server.mjs),
// BENCH_SERVER_LOG (a file that gets the server's log lines).
import { createServer as createHttpServer } from "node:http";
import { createServer as createTcpServer, connect } from "node:net";
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import * as tus from "tus-js-client";
import { benchServerEnv, freshSchema, serverBench, startBenchServer } from "./lib/bench-server.mjs";
import { f0, f1, packageVersion, writeBenchmarksSection } from "./lib/report.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PROXY_KBPS = Number(process.env.BENCH_PROXY_KBPS ?? 2048);
const ONLY = process.env.BENCH_ONLY;
const MB = 1_000_000;
const FILE_SIZE = 25 * MB; // DOCUMENTS_MAX_FILE_SIZE's default
const PARALLEL = 20;
const DROP_FILE_SIZE = 10 * MB;
const CHUNK_SIZE = 1024 * 1024; // UPLOAD_CHUNK_BYTES, domain/documents/room-view.ts
const RETRY_DELAYS = [1000, 3000, 10_000, 30_000]; // app/features/document-room/upload.ts
let retries = 0;
const CUTS = 2;
const loadBefore = loadavg()[0];

const serverEnv = {
  ...benchServerEnv,
  DOCUMENTS_MAX_APPLICATION_SIZE: "1GB",
  ...(process.env.CLAMD_SOCKET ? { CLAMD_SOCKET: process.env.CLAMD_SOCKET } : {}),
};
const bench = await serverBench("uploads", {
  name: "harborline-bench-uploads",
  entries: { files: "test/support/document-files.ts" },
  port: 4440,
});
const { samplePdf } = await import(join(bench.outDir, "files.mjs"));
const { log } = bench;
const origin = `http://127.0.0.1:${bench.port}`;

/** A valid PDF (qpdf reads it) of exactly about `size` bytes: one page and filler lines in its content. */
function pdfOfSize(size) {
  const line = "% filler line to make the page longer\n".length;
  const base = samplePdf("Statement March 2026").length;
  return samplePdf("Statement March 2026", Math.floor((size - base - 64) / line));
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function json(path, init = {}) {
  const response = await fetch(`${origin}${path}`, {
    ...init,
    headers: { "content-type": "application/json", origin, ...init.headers },
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return { body: await response.json(), response };
}

/** A new application and a room session for it: the cookie and its checklist's first item. */
async function applicant(n) {
  const { body } = await json("/api/applications", {
    method: "POST",
    body: JSON.stringify({
      ...bench.sampleApplication,
      email: `bench-${n}-${Date.now()}@example.com`,
      submissionId: crypto.randomUUID(),
    }),
  });
  const token = body.roomLink.split("/").pop();
  const { response } = await json("/api/room/session", { method: "POST", body: JSON.stringify({ token }) });
  const cookie = response.headers.get("set-cookie").split(";")[0];
  const room = await fetch(`${origin}/api/room`, { headers: { cookie } }).then((r) => r.json());
  return { cookie, itemId: room.checklist[0].id };
}

/** Uploads `file` as the room's page does (tus, 1 MB chunks, its retries) through `endpointOrigin`. */
function upload(endpointOrigin, { cookie, itemId }, file, retryDelays = RETRY_DELAYS) {
  return new Promise((resolve, reject) => {
    const attempt = new tus.Upload(file, {
      endpoint: `${endpointOrigin}/api/room/uploads`,
      headers: { cookie, origin },
      metadata: { filename: "statement.pdf", itemId },
      chunkSize: CHUNK_SIZE,
      retryDelays,
      storeFingerprintForResuming: false,
      onShouldRetry: (error, attempt) => {
        const retry = attempt < retryDelays.length;
        if (retry) retries += 1;
        log("retrying after:", error.message.split(", originated")[0]);
        return retry;
      },
      onSuccess: resolve,
      onError: reject,
    });
    attempt.start();
  });
}

/** Seconds `body` takes to PUT to a server that throws it away (the control). */
async function controlPut(body) {
  const sink = createHttpServer((request, response) => {
    request.resume();
    request.on("end", () => response.end("ok"));
  });
  await new Promise((resolve) => sink.listen(0, "127.0.0.1", resolve));
  const started = performance.now();
  await fetch(`http://127.0.0.1:${sink.address().port}/`, { method: "PUT", body }).then((r) => r.text());
  const seconds = (performance.now() - started) / 1000;
  sink.close();
  return seconds;
}

/** The resident set of process `pid` in MB, from /proc. */
function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const rss = /VmRSS:\s+(\d+) kB/.exec(status);
  return rss ? Number(rss[1]) / 1024 : 0; // 0: the process has ended (its exit is reported apart)
}

/**
 * A TCP proxy to the server that passes at most `kbps` KB/s each way and, for
 * the first `cuts` connections that carry more than `cutAfter` bytes up,
 * destroys the connection there. `sentUp` counts every byte the client sent.
 */
async function droppingProxy({ kbps, cutAfter, cuts }) {
  const stats = { sentUp: 0, cut: 0 };
  const bytesPerTick = Math.max(1, Math.round((kbps * 1024) / 20)); // 50 ms ticks
  const proxy = createTcpServer((client) => {
    const upstream = connect(bench.port, "127.0.0.1");
    let upThisConnection = 0;
    const queue = [];
    let closed = false;
    const close = () => {
      closed = true;
      clearInterval(timer);
      client.destroy();
      upstream.destroy();
    };
    const timer = setInterval(() => {
      let budget = bytesPerTick;
      while (budget > 0 && queue.length && !closed) {
        const chunk = queue[0];
        const part = chunk.subarray(0, budget);
        if (part.length === chunk.length) queue.shift();
        else queue[0] = chunk.subarray(budget);
        budget -= part.length;
        upThisConnection += part.length;
        stats.sentUp += part.length;
        upstream.write(part);
        if (stats.cut < cuts && upThisConnection > cutAfter) {
          stats.cut += 1;
          close();
          return;
        }
      }
      // Back-pressure: take more from the client only while little waits.
      if (queue.length < 4) client.resume();
    }, 50);
    client.on("data", (chunk) => {
      queue.push(chunk);
      if (queue.length >= 4) client.pause();
    });
    upstream.on("data", (chunk) => client.write(chunk));
    client.on("error", close);
    upstream.on("error", close);
    client.on("close", () => !closed && close());
    upstream.on("close", () => !closed && close());
  });
  await new Promise((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  return { stats, origin: `http://127.0.0.1:${proxy.address().port}`, close: () => proxy.close() };
}

/** `PARALLEL` uploads of `file` at once, one per new application: seconds, and the server's RSS. */
async function manyAtOnce(pid, file, tag) {
  const people = await Promise.all(Array.from({ length: PARALLEL }, (_, n) => applicant(`${tag}-${n}`)));
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  const started = performance.now();
  try {
    await Promise.all(people.map((who) => upload(origin, who, file)));
  } finally {
    clearInterval(sampler);
  }
  return {
    seconds: (performance.now() - started) / 1000,
    before,
    peak,
    after: rssMb(pid),
    growth: peak - before,
  };
}

async function measure(storeName, env) {
  retries = 0;
  // The server's last log lines, shown if it stops halfway.
  const lines = [];
  const { child, exited } = await startBenchServer(bench.outDir, {
    port: bench.port,
    env: { ...serverEnv, ...env },
    onLine: (line) => {
      if (process.env.BENCH_SERVER_LOG) appendFileSync(process.env.BENCH_SERVER_LOG, `${line}\n`);
      if (lines.push(line) > 40) lines.shift();
    },
  });
  let stopped = null;
  child.once("exit", (code, signal) => (stopped ??= `${code ?? signal}`));
  try {
    const statement = pdfOfSize(FILE_SIZE);
    // Warm-up: one upload first (module loading, the store's first chunks).
    await upload(origin, await applicant("warm"), pdfOfSize(MB));

    const throughputs = [];
    const controls = [];
    for (let run = 0; run < RUNS; run++) {
      const who = await applicant(`one-${run}`);
      const started = performance.now();
      await upload(origin, who, statement);
      throughputs.push(FILE_SIZE / MB / ((performance.now() - started) / 1000));
      controls.push(FILE_SIZE / MB / (await controlPut(statement)));
    }
    log(
      storeName,
      "one at a time (MB/s):",
      throughputs.map(f1).join(", "),
      "control:",
      controls.map(f1).join(", "),
    );

    // Memory: 20 at once of a fifth of the size first (the control: what 20 requests in flight
    // cost whatever their size), then 20 of 25 MB. Streamed, the two grow the server alike.
    const small = await manyAtOnce(child.pid, pdfOfSize(FILE_SIZE / 5), "small");
    const big = await manyAtOnce(child.pid, statement, "many");
    log(
      storeName,
      `${PARALLEL} × 5 MB: RSS +${f0(small.growth)} MB; ${PARALLEL} × 25 MB: ${f1(big.seconds)} s, RSS ${f0(big.before)} -> peak ${f0(big.peak)} MB (+${f0(big.growth)})`,
    );

    const proxy = await droppingProxy({ kbps: PROXY_KBPS, cutAfter: 3 * MB, cuts: CUTS });
    const dropStarted = performance.now();
    await upload(proxy.origin, await applicant("drop"), pdfOfSize(DROP_FILE_SIZE), [200, 1000, 3000]);
    const dropSeconds = (performance.now() - dropStarted) / 1000;
    proxy.close();
    // What went up beyond the file: request headers (small) and bytes sent again after a cut.
    const resent = proxy.stats.sentUp - DROP_FILE_SIZE;
    log(
      storeName,
      `dropping proxy: ${proxy.stats.cut} cuts, ${f0(resent)} bytes beyond the file, ${f1(dropSeconds)} s`,
    );
    if (proxy.stats.cut < CUTS) throw new Error(`the proxy cut ${proxy.stats.cut} times, not ${CUTS}`);
    if (resent > CHUNK_SIZE) throw new Error(`${resent} bytes were sent again: more than one chunk`);

    return {
      storeName,
      throughput: median(throughputs),
      control: median(controls),
      parallelSeconds: big.seconds,
      parallelThroughput: (PARALLEL * FILE_SIZE) / MB / big.seconds,
      rssBefore: big.before,
      rssPeak: big.peak,
      rssAfter: big.after,
      smallGrowth: small.growth,
      resent,
      dropSeconds,
      cuts: proxy.stats.cut,
      retries,
    };
  } catch (error) {
    // Give a server that died its moment to be reported, then say how it ended.
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 1000))]);
    if (stopped) console.error(`the server stopped (${stopped}); its last lines:\n${lines.join("\n")}`);
    throw error;
  } finally {
    stopped ??= "by the benchmark";
    child.kill("SIGTERM");
    await exited;
  }
}

const results = [];
try {
  if (ONLY !== "postgres") {
    const dataDir = mkdtempSync(join(tmpdir(), "bench-uploads-"));
    try {
      results.push(await measure("PGlite", { DATA_DIR: dataDir, SITE_URL: origin }));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (ONLY !== "pglite") {
    const schema = await freshSchema();
    const dataDir = mkdtempSync(join(tmpdir(), "bench-uploads-"));
    try {
      results.push(
        await measure(`PostgreSQL ${schema.version.split(" ")[0]}`, {
          DATABASE_URL: schema.url,
          DATA_DIR: dataDir,
          SITE_URL: origin,
          DOCUMENTS_MASTER_KEY: Buffer.alloc(32, 7).toString("base64"),
        }),
      );
    } finally {
      await schema.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
} finally {
  bench.remove();
}

const commit = (await import("node:child_process"))
  .execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" })
  .trim();
const scanning = process.env.CLAMD_SOCKET
  ? "with clamd scanning every upload"
  : "without a scanner (CLAMD_SOCKET unset)";
const rows = results.map(
  (r) =>
    `| ${r.storeName} | ${f1(r.throughput)} | ${f1(r.control)} | ${f1(r.parallelThroughput)} (${f1(r.parallelSeconds)} s) | ${f0(r.rssBefore)} / ${f0(r.rssPeak)} / ${f0(r.rssAfter)} | ${f0(r.rssPeak - r.rssBefore)} (20 × 5 MB: ${f0(r.smallGrowth)}) | ${r.cuts}, ${f0(r.resent)} B, ${f1(r.dropSeconds)} s | ${r.retries} |`,
);
writeBenchmarksSection(`## Uploads

\`npm run bench:uploads\` (bench/uploads.mjs), commit ${commit}, ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores, load ${f1(loadBefore)} at the start, tus-js-client ${packageVersion("tus-js-client")}, @tus/server ${packageVersion("@tus/server")}, ${scanning}. Uploads go as the room sends them (tus, 1 MB chunks) to one server on loopback, each chunk sealed with its file's key into the store. The control is the ceiling of loopback HTTP on this machine in the same run; read the store's figure against it, not as an absolute.

| store | one 25 MB file, MB/s (median of ${RUNS}) | control: bare PUT, MB/s | ${PARALLEL} × 25 MB at once, MB/s | server RSS MB before / peak / after | growth MB (control) | dropping proxy: cuts, bytes beyond the file, time | requests tried again, all |
| --- | --- | --- | --- | --- | --- | --- | --- |
${rows.join("\n")}

- **Memory**: ${PARALLEL} uploads of 25 MB at once (500 MB in flight) grow the server's resident set by the growth column; the control in brackets is ${PARALLEL} uploads of 5 MB at once in the same run. Streamed, the growth is what ${PARALLEL} requests in flight cost (buffers of a 1 MB PATCH, 256 KB sealed chunks, the database's own), about the same for both sizes, never the files' size: a server that held whole files would grow by 500 MB.
- **A dropping connection**: a 10 MB statement through a proxy throttled to ${PROXY_KBPS} KB/s that cuts the connection ${CUTS} times after 3 MB on a connection; tus asks the server for its offset and resumes there. "Bytes beyond the file" is everything sent up beyond the file's 10,000,000 bytes (requests' headers and bytes sent again); the run fails if it passes one chunk (${f0(CHUNK_SIZE)} bytes).
- **Tried again**: every request tus-js-client sent again in the store's run, with the room's delays (1, 3, 10, 30 s), the proxy's cuts among them; an upload that ran out of them fails the run. Those beyond the cuts were reset before the server read a request (its log has none of them): Node's client agent reuses a kept-alive socket for up to 5 s and the server closes an idle one after 5 s (\`keepAliveTimeout\`), so the two can cross; each upload resumed from the server's offset.
`);
log("written to BENCHMARKS.md");
