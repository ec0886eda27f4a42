// `npm test`: every check, in the order a failure is cheapest to find.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const steps = [
  ["lint", "npx", ["eslint", "--max-warnings=0", "."]],
  ["format", "npx", ["prettier", "--check", "."]],
  ["typecheck", "npm", ["run", "typecheck"]],
  ["unit, component and server tests", "npx", ["vitest", "run"]],
  ["build", "npm", ["run", "build"]],
  ["browser tests", "npx", ["playwright", "test"]],
];

if (!existsSync(process.env.CHROME_PATH ?? "/usr/bin/chromium")) {
  console.error("Chromium is missing: run `apt-get install -y chromium` (see README).");
  process.exit(1);
}

for (const [name, command, args] of steps) {
  console.log(`\n=== ${name}: ${command} ${args.join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  console.log(
    `=== ${name}: ${result.status === 0 ? "ok" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
