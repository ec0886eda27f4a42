import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { envName, runtimes } from "../../scripts/lib/node-runtimes.mjs";

/** A stand-in for a Node binary: it only reports its version, which is all `npm test`'s set-up asks of it. */
export function standInNode(dir: string, version: string): string {
  const path = join(dir, `node-${version}`);
  writeFileSync(path, `#!/bin/sh\necho v${version}\n`);
  chmodSync(path, 0o755);
  return path;
}

/** TEST_NODE_22 and TEST_NODE_20 naming stand-ins in `dir`, so the set-up has no Node to fetch. */
export function standInNodes(dir: string): Record<string, string> {
  return Object.fromEntries(runtimes.map((runtime) => [envName(runtime), standInNode(dir, runtime.pinned)]));
}
