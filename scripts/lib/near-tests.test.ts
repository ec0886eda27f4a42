import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { importedModules, nearTests } from "./near-tests.mjs";

/** A repository of test files and their texts, as the fast loop reads them. */
const repo: Record<string, string> = {
  "server/app.test.ts": `import { buildApp } from "./app";`,
  "server/room/reminders.test.ts": `import { schedule } from "./reminder-schedule";`,
  "server/room/room-routes.test.ts": `import { useTestApp } from "../../test/support/server";`,
  "server/store/migrate.test.ts": `import { migrate } from "./migrate";`,
  "server/crm-delivery/worker.test.ts": [
    `import { send } from "../room/reminder-schedule.ts";`,
    `vi.mock("../mail/transport");`,
  ].join("\n"),
  "desk/inbox/inbox-page.test.tsx": `import type { Lead } from "#domain/desk/contract";`,
  "app/features/faq/faq.test.tsx": `import { track } from "~/lib/analytics";\nconst later = await import("../../lib/format");`,
  "test/contract/desk-contract.test.ts": `import { DeskApi } from "#domain/desk/contract";`,
};
const tests = Object.keys(repo);
const near = (...changed: string[]) => nearTests(changed, tests, (path) => repo[path]);

describe("the tests near a change (npm run test:fast)", () => {
  it("are a changed module's folder's tests and the tests that import it, not the whole server", () => {
    expect(near("server/room/reminder-schedule.ts")).toEqual([
      "server/room/reminders.test.ts",
      "server/room/room-routes.test.ts",
      "server/crm-delivery/worker.test.ts",
    ]);
  });

  it("are a changed test file itself, and nothing for a test file that is gone", () => {
    expect(near("server/store/migrate.test.ts", "server/gone.test.ts")).toEqual([
      "server/store/migrate.test.ts",
    ]);
  });

  it("for a file in a folder without tests, are the nearest folder's above it (a migration: the store's)", () => {
    expect(near("server/store/migrations/045_more.sql")).toEqual(["server/store/migrate.test.ts"]);
  });

  it("follow tsconfig's aliases (#domain/, ~/), dynamic imports and vi.mock", () => {
    expect(near("domain/desk/contract.ts")).toEqual([
      "desk/inbox/inbox-page.test.tsx",
      "test/contract/desk-contract.test.ts",
    ]);
    expect(near("app/lib/analytics.ts")).toEqual(["app/features/faq/faq.test.tsx"]);
    expect(near("app/lib/format.ts")).toEqual(["app/features/faq/faq.test.tsx"]);
    // server/mail/ has no tests here: server/'s own, and the file that mocks it.
    expect(near("server/mail/transport.ts")).toEqual([
      "server/app.test.ts",
      "server/crm-delivery/worker.test.ts",
    ]);
  });

  it("are none for a file at the root or outside every test's reach", () => {
    expect(near("README.md", "docs/testing.md")).toEqual([]);
  });

  it("read this repository's own imports: this file imports the module it tests", () => {
    const file = "scripts/lib/near-tests.test.ts";
    expect(importedModules(file, readFileSync(file, "utf8"))).toContain("scripts/lib/near-tests");
  });
});
