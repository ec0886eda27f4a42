/**
 * Test helpers: real stores (PGlite and PostgreSQL), a tiny built site, a
 * valid application. Used by server/**\/*.test.ts only.
 */
import { spawnSync } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { buildApp } from "../../server/app";
import { loadConfig, type Config } from "../../server/config";
import type { JobName } from "../../server/jobs";
import { migrate, readMigrations } from "../../server/store/migrate";
import { PGLITE_EXTENSIONS, openPGliteStore, pgliteStore } from "../../server/store/pglite";
import { openPostgresStore } from "../../server/store/postgres";
import type { Store } from "../../server/store/store";
import { sampleApplication } from "./sample-application";

export type Engine = "pglite" | "postgres";
const ALL_ENGINES: Engine[] = ["pglite", "postgres"];
// Every store test runs on both engines; TEST_ENGINES=pglite (the fast loop, scripts/test-fast.mjs)
// keeps to the embedded one. npm test always runs both.
export const ENGINES: Engine[] = process.env.TEST_ENGINES
  ? ALL_ENGINES.filter((engine) => process.env.TEST_ENGINES?.split(",").includes(engine))
  : ALL_ENGINES;

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export interface TestStore {
  store: Store;
  /** PostgreSQL: the connection string of the test's own database (a second pool opens it). */
  url?: string;
  /** Empties every table (between tests). */
  reset(): Promise<void>;
  /** Closes the store and drops what it created. */
  dispose(): Promise<void>;
}

const TABLES =
  "applications, consents, outbox, delivery_attempts, newsletter_subscribers, counters, desk_view_seen";

/**
 * A migrated PGlite data dir, dumped once and shared by every test file:
 * opening a fresh copy takes ~0.5 s instead of ~4 s for initdb.
 */
export async function pgliteTemplate(): Promise<Blob> {
  const migrations = readMigrations();
  const key = createHash("sha256")
    .update(JSON.stringify(migrations))
    .update(JSON.parse(readFileSync("node_modules/@electric-sql/pglite/package.json", "utf8")).version)
    .digest("hex")
    .slice(0, 16);
  const file = join(tmpdir(), `harborline-pglite-template-${key}.tar.gz`);
  if (!existsSync(file)) {
    const db = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    await migrate(pgliteStore(db), migrations);
    const dump = await db.dumpDataDir("gzip");
    await db.close();
    const partial = `${file}.${process.pid}.${randomUUID()}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
}

async function ensurePostgres(): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${TEST_DATABASE_URL}. Start it with: ` +
        "pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start",
      { cause: error },
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

// Inside every test database (a copy of the template), the schema the store uses.
const TEST_SCHEMA = "harborline_test";

const onServer = (database: string) => {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${database}`;
  return url.href;
};

let postgresTemplateName: Promise<string> | undefined;

const TEMPLATE_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * A PostgreSQL database with every migration applied, made once per set of
 * migrations and copied for each test file (CREATE DATABASE … TEMPLATE, a few
 * tens of milliseconds, where migrating a schema takes about a second). Workers
 * that start together take turns making it (an advisory lock on the test
 * database); templates over a day old are dropped then.
 */
function postgresTemplate(): Promise<string> {
  postgresTemplateName ??= (async () => {
    const key = createHash("sha256").update(JSON.stringify(readMigrations())).digest("hex").slice(0, 12);
    const name = `harborline_template_${key}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query("SELECT pg_advisory_lock(hashtext('harborline test template'))");
      const { rows } = await admin.query<{ datname: string; made: string | null }>(
        `SELECT d.datname, shobj_description(d.oid, 'pg_database') AS made
           FROM pg_database d WHERE d.datname LIKE 'harborline\\_template\\_%'`,
      );
      if (rows.some((row) => row.datname === name)) return name;
      // Another checkout's run (a branch with other migrations) may be using its own template
      // now: only templates made more than a day ago, or before they were dated, go.
      for (const { datname, made } of rows) {
        if (Date.now() - Number(made ?? 0) < TEMPLATE_KEPT_MS) continue;
        await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => undefined);
      }
      // Made under another name and renamed when whole: a run stopped half-way leaves no template.
      const partial = `harborline_partial_${randomUUID().replaceAll("-", "")}`;
      await admin.query(`CREATE DATABASE "${partial}"`);
      const store = await openPostgresStore({
        connectionString: onServer(partial),
        schema: TEST_SCHEMA,
        max: 1,
      });
      try {
        await store.exec(`CREATE SCHEMA ${TEST_SCHEMA}`);
        await migrate(store);
      } finally {
        await store.close();
      }
      await admin.query(`ALTER DATABASE "${partial}" RENAME TO "${name}"`);
      await admin.query(`COMMENT ON DATABASE "${name}" IS '${Date.now()}'`);
      return name;
    } finally {
      await admin
        .query("SELECT pg_advisory_unlock(hashtext('harborline test template'))")
        .catch(() => undefined);
      await admin.end().catch(() => undefined);
    }
  })();
  return postgresTemplateName;
}

export async function openTestStore(engine: Engine): Promise<TestStore> {
  if (engine === "pglite") {
    const store = await openPGliteStore({ loadDataDir: await pgliteTemplate() });
    return {
      store,
      reset: () => store.exec(`TRUNCATE ${TABLES} CASCADE`),
      dispose: () => store.close(),
    };
  }
  await ensurePostgres();
  // Each test file gets a database of its own, a copy of the migrated template, dropped afterwards.
  const template = await postgresTemplate();
  const database = `harborline_test_${randomUUID().replaceAll("-", "")}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}" TEMPLATE "${template}"`).catch(async (error) => {
    // 3D000: the template went (dropped by hand, or a day old when another run began): made again.
    if ((error as { code?: string }).code !== "3D000") throw error;
    postgresTemplateName = undefined;
    await admin.query(`CREATE DATABASE "${database}" TEMPLATE "${await postgresTemplate()}"`);
  });
  const url = onServer(database);
  const store = await openPostgresStore({ connectionString: url, schema: TEST_SCHEMA, max: 5 });
  // Finds every migration applied: the copy is of today's migrations.
  await migrate(store);
  return {
    store,
    url,
    reset: () => store.exec(`TRUNCATE ${TABLES} CASCADE`),
    async dispose() {
      await store.close();
      await admin.query(`DROP DATABASE "${database}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Another pool on `db`'s PostgreSQL database, as a second server process would open it. */
export async function openAnotherPool(db: TestStore, max: number): Promise<Store> {
  if (!db.url) throw new Error("openAnotherPool: a PostgreSQL test store only");
  return openPostgresStore({ connectionString: db.url, schema: TEST_SCHEMA, max });
}

/** A store for tests that never reach the database. */
export function stubStore(overrides: Partial<Store> = {}): Store {
  const fail = () => Promise.reject(new Error("stub store: no database in this test"));
  return {
    engine: "pglite",
    query: fail,
    exec: fail,
    transaction: fail,
    syncToDisk: async () => undefined,
    maintain: async () => undefined,
    ping: async () => true,
    listen: async () => async () => undefined,
    close: async () => undefined,
    ...overrides,
  };
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    CLIENT_DIR: join(tmpdir(), "harborline-no-site", "client"),
    BOOKING_URL: "https://booking.example.test/widget",
    SITE_URL: "http://localhost:3000",
    RATE_LIMIT_MAX: "1000",
    // Tests send sign-in guesses in waves of hundreds from one address (the throttle's tests).
    DESK_SIGN_IN_RATE_LIMIT_MAX: "1000000",
    ...env,
  });
}

/** An app on `store` with test settings; it runs no periodic job unless `jobs` names it (server/jobs.ts). */
export async function buildTestApp(options: {
  store: Store;
  env?: Record<string, string>;
  jobs?: JobName[];
}) {
  const app = await buildApp({
    config: testConfig(options.env),
    store: options.store,
    logger: false,
    jobs: options.jobs,
  });
  await app.ready();
  return app;
}

/**
 * One app on a fresh store of `engine` for a describe block: opened before its
 * tests, emptied before each (unless `resetEach: false`), closed after.
 */
export function useTestApp(
  engine: Engine,
  options: { env?: Record<string, string>; resetEach?: boolean } = {},
) {
  const context = {} as { db: TestStore; app: Awaited<ReturnType<typeof buildTestApp>> };
  beforeAll(async () => {
    context.db = await openTestStore(engine);
    context.app = await buildTestApp({ store: context.db.store, env: options.env });
  });
  afterAll(async () => {
    await context.app?.close();
    await context.db?.dispose();
  });
  if (options.resetEach !== false) beforeEach(() => context.db.reset());
  return context;
}

/**
 * Two app instances on one PostgreSQL schema for a describe block, each with
 * its own pool as two server processes would have: what one counts or
 * stores, the other sees.
 */
export function useTwoInstances(options: { env?: Record<string, string> } = {}) {
  type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
  const context = {} as { first: TestApp; second: TestApp };
  let db: TestStore | undefined;
  let otherStore: Store | undefined;
  beforeAll(async () => {
    db = await openTestStore("postgres");
    otherStore = await openAnotherPool(db, 3);
    context.first = await buildTestApp({ store: db.store, env: options.env });
    context.second = await buildTestApp({ store: otherStore, env: options.env });
  });
  afterAll(async () => {
    await context.first?.close();
    await context.second?.close();
    await otherStore?.close();
    await db?.dispose();
  });
  return context;
}

// ---------------------------------------------------------------------------
// A tiny prerendered site, run through the real scripts/postbuild.mjs.

export const FIXTURE_INLINE_SCRIPTS = {
  home: ['window.__reactRouterContext = {"basename":"/"};', 'import("/assets/app-abc123.js");'],
  faq: ["window.__faq = 1;"],
  notFound: ["window.__notFound = true;"],
  room: ["window.__room = 1;"],
};

const page = (title: string, body: string, scripts: string[]) =>
  `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>${title}</title>` +
  `<script type="application/ld+json">{"@type":"Organization"}</script></head><body>${body}` +
  scripts.map((script) => `<script>${script}</script>`).join("") +
  `<script type="module" src="/assets/app-abc123.js"></script></body></html>`;

export interface FixtureSite {
  buildDir: string;
  clientDir: string;
  dispose(): void;
}

export function createFixtureSite(): FixtureSite {
  const buildDir = mkdtempSync(join(tmpdir(), "harborline-site-"));
  const clientDir = join(buildDir, "client");
  const write = (path: string, content: string) => {
    mkdirSync(join(clientDir, path, ".."), { recursive: true });
    writeFileSync(join(clientDir, path), content);
  };
  write(
    "index.html",
    page("Home", "<h1>Scale your business without limits</h1>", FIXTURE_INLINE_SCRIPTS.home),
  );
  write("faq/index.html", page("FAQ", "<h1>Frequently Asked Questions</h1>", FIXTURE_INLINE_SCRIPTS.faq));
  // The document room: "/documents" and the welcome every "/documents/<token>" is served.
  write("documents/index.html", page("Document room", "<h1>Get a link</h1>", FIXTURE_INLINE_SCRIPTS.room));
  write(
    "documents/open/index.html",
    page("Document room", "<h1>Your document room</h1>", FIXTURE_INLINE_SCRIPTS.room),
  );
  write(
    "404/index.html",
    page("Page not found", "<h1>Oops! Page not found</h1>", FIXTURE_INLINE_SCRIPTS.notFound),
  );
  write("assets/app-abc123.js", `export const answer = ${JSON.stringify("x".repeat(2000))};\n`);
  // The page script's build (vite.page.config.ts) leaves its file and a manifest naming it.
  write("assets/page-abc123.js", "document.documentElement.dataset.pageReady = '';\n");
  write("page-manifest.json", JSON.stringify({ "app/page/main.ts": { file: "assets/page-abc123.js" } }));
  write("robots.txt", "User-agent: *\nAllow: /\n");
  const result = spawnSync(process.execPath, ["scripts/postbuild.mjs"], {
    env: { ...process.env, RR_BUILD_DIR: buildDir },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`postbuild failed: ${result.stderr}`);
  return { buildDir, clientDir, dispose: () => rmSync(buildDir, { recursive: true, force: true }) };
}

// ---------------------------------------------------------------------------

export function validApplication(overrides: Record<string, unknown> = {}) {
  return { ...sampleApplication, submissionId: randomUUID(), ...overrides };
}
