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
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
