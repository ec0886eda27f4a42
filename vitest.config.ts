import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

const SHARED = [
  "server/**/*.test.ts",
  "domain/**/*.test.ts",
  "test/contract/**/*.test.ts",
  "test/fault/**/*.test.ts",
];
// Server files that replace a module for the file (vi.mock): they get a module graph of their own.
const ISOLATED_SERVER_FILES = [
  "server/intake/intake-references.test.ts",
  "test/contract/input-limits.test.ts",
];

process.env.VITE_SITE_URL = "https://example.test";
process.env.VITE_BOOKING_URL = "https://booking.example.test/widget";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    globals: true,
    environment: "node",
    setupFiles: ["./test/setup.ts"],
    // Two projects. "server" runs the server's, the domain's and the contract's and fault tests
    // without a fresh module graph per file (isolate: false): each file builds its own app on its
    // own store, and reloading Fastify, better-auth, kysely, zod and PGlite's WebAssembly for each
    // of them was most of their time. "isolated" runs the rest as before: the component tests
    // (jsdom), the build's scripts, and the few server files that replace modules (vi.mock).
    projects: [
      {
        extends: true,
        test: {
          name: "server",
          include: SHARED,
          exclude: [...configDefaults.exclude, ...ISOLATED_SERVER_FILES],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "isolated",
          include: [
            "app/**/*.test.{ts,tsx}",
            "ui/**/*.test.{ts,tsx}",
            "scripts/**/*.test.ts",
            "desk/**/*.test.{ts,tsx}",
            "test/*.test.ts",
            "test/install/**/*.test.ts",
            "test/lint/**/*.test.ts",
            ...ISOLATED_SERVER_FILES,
          ],
        },
      },
    ],
    // Vitest's default is one worker fewer than the cores: one on a 2-core CI machine. Two ran
    // the Node 22 step on such a machine in 17 minutes instead of 24. Each test file has a
    // PostgreSQL schema of its own, and every advisory lock is per schema
    // (server/store/advisory-lock.ts), so files running side by side never take turns.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // `npm run test:coverage`: how much of the server's and the domain's code the vitest tests
    // run (BENCHMARKS.md keeps the figures); `npm test` does not measure it.
    coverage: {
      provider: "v8",
      include: ["server/**/*.{ts,tsx}", "domain/**/*.{ts,tsx}"],
      exclude: ["**/*.test.{ts,tsx}"],
      reporter: ["text-summary", "json-summary"],
    },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
