/**
 * `npm test` sets up what it can before the checks (scripts/run-tests.mjs):
 * it creates the test database when the server lacks it, and when it cannot
 * set something up it stops and says what to run.
 */
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { TEST_DATABASE_URL } from "../support/server";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

function setUp(env: Record<string, string>) {
  const result = spawnSync(process.execPath, ["scripts/run-tests.mjs", "--setup-only"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      CHROME_PATH: process.execPath,
      ...env,
    },
    encoding: "utf8",
    timeout: 30_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
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
      const result = setUp({ TEST_DATABASE_URL: url.href, E2E_DATABASE_BASE: url.href });
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

  it("stops and says what to run when PostgreSQL is out of its reach", () => {
    // Not a local address, so it does not try to start a local cluster.
    const result = setUp({ TEST_DATABASE_URL: "postgres://postgres@127.0.0.2:1/test" });
    expect(result.status).toBe(1);
    expect(result.output).toContain("need PostgreSQL at postgres://postgres@127.0.0.2:1/test");
    expect(result.output).toContain("pg_ctlcluster --skip-systemctl-redirect");
    expect(result.output).toContain("TEST_DATABASE_URL");
  });

  it("leaves a Chromium the user chose alone and says what to run when it is missing", () => {
    const result = setUp({ CHROME_PATH: "/nonexistent/chromium" });
    expect(result.status).toBe(1);
    expect(result.output).not.toContain("installing");
    expect(result.output).toContain("Chromium at /nonexistent/chromium");
    expect(result.output).toContain("apt-get install -y chromium");
  });
});
