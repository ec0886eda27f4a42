// `npm run build`: builds the site into a new folder, <build>/builds/<id>, and
// swaps it in as <build>/current in one rename once it is complete
// (server/site/build-dirs.mjs). A server already running keeps serving the
// build it loaded; one that starts afterwards loads the new one. Builds no
// live process uses are then deleted.
import { spawnSync } from "node:child_process";
import { delimiter, join, relative, resolve } from "node:path";
import { claimsBuildEnv, computedClaimsEnv } from "./public-env.mjs";
import { createBuildDir, releaseInUse, removeUnused, swapIn } from "../server/site/build-dirs.mjs";

// Fails early on a bad CLAIMS_STRICT or CLAIMS_TODAY, and takes the claims' status on one day for every step.
const { claimsToday } = claimsBuildEnv(process.env);
// The computed claims' figures, read once from the server's state file, so every step states the same ones.
const claimsComputed = computedClaimsEnv(process.env);
const root = resolve(process.env.RR_BUILD_DIR || "build");
// `npm start` names itself, the server that will load this build, so the build stays marked.
const owner = Number(process.env.BUILD_FOR_PID);
const owners = [process.pid, ...(Number.isInteger(owner) && owner > 0 ? [owner] : [])];
const dir = createBuildDir(root, owners);

const STEPS = [
  "react-router build",
  "vite build -c vite.page.config.ts",
  "vite build -c vite.desk.config.ts",
  "node scripts/postbuild.mjs",
  // Every figure on the public pages is a registered claim (docs/claims.md).
  "node --import tsx scripts/check-claims.mjs",
  "node scripts/build-server.mjs",
];
const env = {
  ...process.env,
  RR_BUILD_DIR: relative(process.cwd(), dir),
  CLAIMS_TODAY: claimsToday,
  CLAIMS_COMPUTED_SNAPSHOTS: JSON.stringify(claimsComputed),
  PATH: [resolve("node_modules/.bin"), process.env.PATH].join(delimiter),
};
for (const step of STEPS) {
  const { status, error } = spawnSync(step, { shell: true, stdio: "inherit", env });
  if (status !== 0) {
    console.error(
      `build: \`${step}\` failed${error ? `: ${error.message}` : ""}; the current build is left as it was.`,
    );
    for (const pid of owners) releaseInUse(dir, pid);
    removeUnused(root);
    process.exit(status || 1);
  }
}
swapIn(root, dir);
releaseInUse(dir, process.pid);
const removed = removeUnused(root);
console.log(
  `build: ${relative(process.cwd(), join(root, "current"))} -> ${relative(root, dir)}` +
    (removed.length > 0 ? `; removed ${removed.length} unused build(s)` : ""),
);
