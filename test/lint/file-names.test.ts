/**
 * File names, as a newcomer searches for them: lower-case words joined by hyphens, then the
 * file's kinds (`inbox-page.tsx`, `wizard.client.tsx`, `sign-in.test.ts`), in every folder of
 * code; migrations are `NNN_snake_case.sql` (server/store/migrations/README.md). The few names
 * that are conventions of their own are listed.
 */
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

const FOLDERS = ["app", "bench", "desk", "docs", "domain", "e2e", "scripts", "server", "test", "ui"];
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*$/;
const MIGRATION = /^\d{3}_[a-z0-9]+(_[a-z0-9]+)*\.sql$/;
const CONVENTIONS = new Set(["README.md"]);
// Third-party files shipped as their authors name them (a font's licence).
const THIRD_PARTY = /^[A-Z0-9]+-LICENSE\.txt$/;

/** The checkout's files (tracked, and new ones not ignored) under the code folders. */
function files(): string[] {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", ...FOLDERS], {
    encoding: "utf8",
  });
  return listed.split("\n").filter(Boolean);
}

const misnamed = (paths: string[]) =>
  paths.filter((path) => {
    const name = path.split("/").at(-1)!;
    if (CONVENTIONS.has(name) || THIRD_PARTY.test(name)) return false;
    if (path.startsWith("server/store/migrations/")) return !MIGRATION.test(name);
    const folders = path.split("/").slice(0, -1);
    return !KEBAB.test(name) || folders.some((folder) => !KEBAB.test(folder) && folder !== "+types");
  });

describe("file names", () => {
  it("are lower-case words joined by hyphens, migrations NNN_snake_case.sql", () => {
    expect(files().length).toBeGreaterThan(500);
    expect(misnamed(files())).toEqual([]);
  });

  it("names what it refuses", () => {
    expect(
      misnamed([
        "desk/inbox/InboxPage.tsx",
        "server/mail/outbox_repository.ts",
        "app/Features/faq/faq.tsx",
        "server/store/migrations/034-documents.sql",
        "desk/inbox/inbox-page.tsx",
        "server/store/migrations/034_documents.sql",
        "app/islands/wizard.client.tsx",
      ]),
    ).toEqual([
      "desk/inbox/InboxPage.tsx",
      "server/mail/outbox_repository.ts",
      "app/Features/faq/faq.tsx",
      "server/store/migrations/034-documents.sql",
    ]);
  });
});
