// `npm start`: builds when the build is missing or stale, then runs the server
// in this process. A fresh clone needs only `npm install && npm start`.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { publicBuildEnv } from "./public-env.mjs";

const buildDir = process.env.RR_BUILD_DIR || "build";
const serverBundle = "dist/server.mjs";
const serverMain = "dist/main.mjs";
const infoFile = join(buildDir, "build-info.json");
const SOURCES = [
  "app",
  "desk",
  "domain",
  "ui",
  "server",
  "public",
  "package.json",
  "scripts/postbuild.mjs",
  "scripts/page-script.mjs",
  "scripts/build.mjs",
  "scripts/build-server.mjs",
  "scripts/public-env.mjs",
  "scripts/check-claims.mjs",
  "scripts/lib",
  "react-router.config.ts",
  "vite.config.ts",
  "vite.page.config.ts",
  "vite.desk.config.ts",
];
// What `npm run build` runs or loads (its commands, the three Vite configs, scripts/postbuild.mjs,
// scripts/build-server.mjs, tsx for scripts/check-claims.mjs). They are dependencies, so even `npm install --omit=dev` installs them.
const BUILD_TOOLS = [
  "@react-router/dev",
  "vite",
  "@tailwindcss/vite",
  "tailwindcss",
  "esbuild",
  "@gfx/zopfli",
  "tsx",
];

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

function whyRebuild() {
  if (!existsSync(join(buildDir, "client", "index.html"))) return `${buildDir}/client is missing`;
  if (existsSync("desk/index.html") && !existsSync(join(buildDir, "desk", "index.html"))) {
    return `${buildDir}/desk is missing`;
  }
  if (!existsSync(infoFile)) return `${infoFile} is missing`;
  for (const file of [serverBundle, serverMain]) if (!existsSync(file)) return `${file} is missing`;
  let info;
  try {
    info = JSON.parse(readFileSync(infoFile, "utf8"));
  } catch {
    return `${infoFile} is unreadable`;
  }
  const wanted = publicBuildEnv(process.env);
  if (info.siteUrl !== wanted.siteUrl) return `SITE_URL changed (${info.siteUrl} -> ${wanted.siteUrl})`;
  if (info.bookingUrl !== wanted.bookingUrl) {
    return `BOOKING_URL changed (${info.bookingUrl || "unset"} -> ${wanted.bookingUrl || "unset"})`;
  }
  if (Boolean(info.claimsStrict) !== wanted.claimsStrict) {
    return `CLAIMS_STRICT changed (${info.claimsStrict ? "1" : "unset"} -> ${wanted.claimsStrict ? "1" : "unset"})`;
  }
  // Opted-in computed claims (CLAIMS_COMPUTED): a newer snapshot in the server's state file, or another choice.
  if (JSON.stringify(info.claimsComputed ?? {}) !== JSON.stringify(wanted.claimsComputed)) {
    return "the computed claims the pages state changed (CLAIMS_COMPUTED, or newer figures in CLAIMS_STATE_FILE)";
  }
  const builtAt = statSync(infoFile).mtimeMs;
  const changed = SOURCES.find((source) => newestChange(source) > builtAt);
  if (changed) return `${changed} changed since the last build`;
  return null;
}

/** The build tools Node cannot find from here, looking where it would for an import. */
function missingBuildTools() {
  const lookup = createRequire(resolve("package.json")).resolve.paths;
  return BUILD_TOOLS.filter(
    (name) => !(lookup(name) ?? []).some((dir) => existsSync(join(dir, name, "package.json"))),
  );
}

/**
 * `npm run build`, its output passed on through this process's own streams as it comes (never
 * held back: a reader that stops reading does not stall the build). Not with stdio "inherit":
 * libuv puts a child's inherited standard streams in blocking mode, and that mode belongs to the
 * open pipe or socket this process shares with the child. The server, which runs in this process
 * and writes its log to the same stream, would then block in write(1) once its reader stopped
 * reading (server/log-destination.ts).
 */
function runBuild() {
  const color = process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: "1" } : {};
  const child = spawn("npm", ["run", "build"], {
    stdio: ["ignore", "pipe", "pipe"],
    // This process will serve the build: it stays marked in use from the start (scripts/build.mjs).
    env: { ...process.env, ...color, BUILD_FOR_PID: String(process.pid) },
  });
  child.stdout.on("data", (chunk) => process.stdout.write(chunk));
  child.stderr.on("data", (chunk) => process.stderr.write(chunk));
  return new Promise((resolve) => {
    child.once("error", (error) => {
      console.error(`start: could not run npm run build: ${error.message}`);
      resolve(1);
    });
    child.once("close", (code) => resolve(code ?? 1));
  });
}

const reason = whyRebuild();
if (reason) {
  const missing = missingBuildTools();
  if (missing.length > 0) {
    console.error(
      [
        `start: cannot build the site (${reason}): the build tools are not installed (${missing.join(", ")}).`,
        "start: run `npm install` (it installs them, with NODE_ENV=production too), then `npm start` again.",
      ].join("\n"),
    );
    process.exit(1);
  }
  console.log(`start: building first: ${reason}`);
  const status = await runBuild();
  if (status !== 0) {
    console.error("start: the build failed; not starting the server.");
    process.exit(status);
  }
}

await import(pathToFileURL(serverBundle).href);
