/**
 * `npm test` sets up what it can before the checks (scripts/run-tests.mjs):
 * it creates the test database when the server lacks it, fetches the Node
 * version it lacks from the npm registry, and when it cannot set something up
 * it stops and says what to run.
 */
import { spawn, spawnSync } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { envName, fits, registryPackage, runtimes } from "../../scripts/lib/node-runtimes.mjs";
import { TEST_DATABASE_URL } from "../support/server";
import { standInNode, standInNodes } from "./stand-in-node";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

// The checks below on Chromium and PostgreSQL get stand-ins for both Node
// versions, so the set-up has nothing to fetch.
const standIns = mkdtempSync(join(tmpdir(), "harborline-node-stand-ins-"));
const standInEnv = standInNodes(standIns);
afterAll(() => rmSync(standIns, { recursive: true, force: true }));

function setUp(env: Record<string, string>): Promise<{ status: number | null; output: string }> {
  const child = spawn(process.execPath, ["scripts/run-tests.mjs", "--setup-only"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      CHROME_PATH: process.execPath,
      ...standInEnv,
      ...env,
    },
    timeout: 60_000,
  });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  return new Promise((resolve) => child.once("close", (status) => resolve({ status, output })));
}

async function databaseExists(name: string) {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    return rows.length === 1;
  } finally {
    await client.end();
  }
}

describe("npm test's set-up", () => {
  it("creates the test database when the server lacks it", async () => {
    const name = `harborline_setup_${randomUUID().slice(0, 8)}`;
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    try {
      const result = await setUp({ TEST_DATABASE_URL: url.href, E2E_DATABASE_BASE: url.href });
      expect(result.output).toContain(`creating database ${name}`);
      expect(result.status).toBe(0);
      expect(await databaseExists(name)).toBe(true);
    } finally {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name}`);
      await client.end();
    }
  });

  it("stops and says what to run when PostgreSQL is out of its reach", async () => {
    // Not a local address, so it does not try to start a local cluster.
    const result = await setUp({ TEST_DATABASE_URL: "postgres://postgres@127.0.0.2:1/test" });
    expect(result.status).toBe(1);
    expect(result.output).toContain("need PostgreSQL at postgres://postgres@127.0.0.2:1/test");
    expect(result.output).toContain("pg_ctlcluster --skip-systemctl-redirect");
    expect(result.output).toContain("TEST_DATABASE_URL");
  });

  it("leaves a Chromium the user chose alone and says what to run when it is missing", async () => {
    const result = await setUp({ CHROME_PATH: "/nonexistent/chromium" });
    expect(result.status).toBe(1);
    expect(result.output).not.toContain("installing");
    expect(result.output).toContain("Chromium at /nonexistent/chromium");
    expect(result.output).toContain("apt-get install -y chromium");
  });
});

/**
 * A stand-in for the npm registry on loopback: `node-<platform>-<arch>` at each
 * pinned version, whose bin/node only reports that version; or nothing at all.
 */
function fakeRegistry(work: string, serving: () => boolean) {
  const tarballs = new Map<string, Buffer>();
  for (const { pinned } of runtimes) {
    const dir = join(work, `package-${pinned}`);
    mkdirSync(join(dir, "package", "bin"), { recursive: true });
    writeFileSync(
      join(dir, "package", "package.json"),
      JSON.stringify({ name: registryPackage, version: pinned }),
    );
    renameSync(standInNode(join(dir, "package", "bin"), pinned), join(dir, "package", "bin", "node"));
    spawnSync("tar", ["czf", "node.tgz", "package"], { cwd: dir });
    tarballs.set(pinned, readFileSync(join(dir, "node.tgz")));
  }
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(request.url ?? "");
    requests.push(path);
    const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    if (!serving()) return response.writeHead(404, { "content-type": "application/json" }).end("{}");
    if (path === `/${registryPackage}`) {
      const versions = Object.fromEntries(
        [...tarballs].map(([version, tarball]) => [
          version,
          {
            name: registryPackage,
            version,
            dist: {
              tarball: `${origin}/${registryPackage}/-/${registryPackage}-${version}.tgz`,
              integrity: `sha512-${createHash("sha512").update(tarball).digest("base64")}`,
            },
          },
        ]),
      );
      const latest = runtimes[0].pinned;
      return response
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ name: registryPackage, "dist-tags": { latest }, versions }));
    }
    const version = path.match(/-(\d+\.\d+\.\d+)\.tgz$/)?.[1];
    const tarball = version && tarballs.get(version);
    if (tarball) return response.writeHead(200, { "content-type": "application/octet-stream" }).end(tarball);
    response.writeHead(404).end();
  });
  return { server, requests };
}

describe("npm test's set-up of the Node versions", () => {
  // The runtime this Node is not, which the set-up has to find or fetch.
  const lacking = runtimes.find((runtime) => !fits(runtime, process.versions.node))!;
  let work: string;
  let registry: ReturnType<typeof fakeRegistry>;
  let serving = false;
  let env: Record<string, string>;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), "harborline-node-setup-"));
    registry = fakeRegistry(work, () => serving);
    await new Promise<void>((resolve) => registry.server.listen(0, "127.0.0.1", resolve));
    const { port } = registry.server.address() as { port: number };
    env = {
      XDG_CACHE_HOME: join(work, "cache"),
      npm_config_cache: join(work, "npm-cache"),
      npm_config_registry: `http://127.0.0.1:${port}/`,
      npm_config_fetch_retries: "0",
      ...Object.fromEntries(runtimes.map((runtime) => [envName(runtime), ""])),
    };
  });

  afterAll(async () => {
    await new Promise((resolve) => registry?.server.close(resolve));
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("stops and says how to get the Node it lacks when the registry does not have it", async () => {
    serving = false;
    const result = await setUp(env);
    expect(result.status).toBe(1);
    expect(result.output).toContain(`Node ${lacking.major} (${lacking.minimum} or later) is missing`);
    expect(result.output).toContain(`npm pack ${registryPackage}@${lacking.pinned}`);
    expect(result.output).toContain(envName(lacking));
    expect(existsSync(join(work, "cache", "harborline", `node-${lacking.pinned}`))).toBe(false);
  });

  it("fetches the Node it lacks from the registry into the cache once, and uses the cached one after", async () => {
    serving = true;
    const first = await setUp(env);
    expect(first.output).toContain(`fetching ${registryPackage}@${lacking.pinned} from the npm registry`);
    expect(first.status).toBe(0);
    const binary = join(work, "cache", "harborline", `node-${lacking.pinned}`, "bin", "node");
    expect(first.output).toContain(`Node ${lacking.pinned}: ${binary} (the npm registry)`);
    expect(existsSync(binary)).toBe(true);

    registry.requests.length = 0;
    const second = await setUp(env);
    expect(second.status).toBe(0);
    expect(second.output).toContain(`Node ${lacking.pinned}: ${binary} (the cache)`);
    expect(second.output).not.toContain("fetching");
    expect(registry.requests).toEqual([]);
  });

  it("refuses a TEST_NODE_ variable that names another Node version, and fetches nothing", async () => {
    serving = true;
    // This Node under the other line's variable: the wrong version for it.
    const result = await setUp({ ...env, [envName(lacking)]: process.execPath });
    expect(result.status).toBe(1);
    expect(result.output).toContain(
      `${envName(lacking)}=${process.execPath} is Node ${process.versions.node}, not Node ${lacking.major}`,
    );
    expect(result.output).not.toContain("fetching");
  });
});
