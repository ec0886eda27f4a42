/**
 * For the tests that run `npm start` or `npm ci` as a deploy would: a copy of
 * the checkout's files (tracked, and new ones git does not ignore) in a temp
 * dir, a shell's PATH without node_modules/.bin, and a free loopback port.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** The checkout's files copied into a new temp dir named `prefix…`; returns the dir. */
export function copyCheckout(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const listed = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  for (const file of listed.stdout.split("\0").filter(Boolean)) {
    if (!existsSync(join(ROOT, file))) continue; // deleted in the working tree
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    copyFileSync(join(ROOT, file), join(dir, file));
  }
  return dir;
}

/** The PATH a shell has: none of the node_modules/.bin the run that started vitest put first. */
export const shellPath = () =>
  (process.env.PATH ?? "")
    .split(":")
    .filter((entry) => !entry.includes("node_modules"))
    .join(":");

/** A port nothing listens on just now (the OS's pick). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}
