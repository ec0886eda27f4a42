import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

process.env.VITE_SITE_URL = "https://example.test";
process.env.VITE_BOOKING_URL = "https://booking.example.test/widget";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    globals: true,
    environment: "node",
    setupFiles: ["./test/setup.ts"],
    include: [
      "app/**/*.test.{ts,tsx}",
      "domain/**/*.test.ts",
      "ui/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      "test/**/*.test.ts",
      "desk/**/*.test.{ts,tsx}",
    ],
    // Vitest's default is one worker fewer than the cores: one on a 2-core CI machine. Two ran
    // the Node 22 step on such a machine in 17 minutes instead of 24. Each test file has a
    // PostgreSQL schema of its own, and every advisory lock is per schema
    // (server/store/advisory-lock.ts), so files running side by side never take turns.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
