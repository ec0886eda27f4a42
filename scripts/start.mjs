// `npm start`: builds when the build is missing or stale, then runs the server
// in this process. A fresh clone needs only `npm install && npm start`.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { publicBuildEnv } from "./public-env.mjs";

const buildDir = process.env.RR_BUILD_DIR || "build";
const serverBundle = "dist/server.mjs";
const infoFile = join(buildDir, "build-info.json");
const SOURCES = ["app", "server", "public", "react-router.config.ts", "vite.config.ts"];

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
  if (!existsSync(infoFile)) return `${infoFile} is missing`;
  if (!existsSync(serverBundle)) return `${serverBundle} is missing`;
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
  const builtAt = statSync(infoFile).mtimeMs;
  const changed = SOURCES.find((source) => newestChange(source) > builtAt);
  if (changed) return `${changed} changed since the last build`;
  return null;
}

const reason = whyRebuild();
if (reason) {
  console.log(`start: building first: ${reason}`);
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit", env: process.env });
  if (result.status !== 0) {
    console.error("start: the build failed; not starting the server.");
    process.exit(result.status ?? 1);
  }
}

await import(pathToFileURL(serverBundle).href);
