import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import {
  addPageScript,
  addPageScriptToFiles,
  LOAD_BY_MS,
  PAGE_MANIFEST,
  pageScriptLoader,
  pageScriptPath,
} from "./page-script.mjs";

const SRC = "/assets/page-Ab12Cd.js";
const page = `<!DOCTYPE html><html><head><title>FAQ</title></head><body><h1>FAQ</h1></body></html>`;

const LOADER = `<script type="module">${pageScriptLoader(SRC)}</script>`;

test("a public page gets the page script's loader at the end of its head", () => {
  expect(addPageScript(page, SRC)).toBe(
    `<!DOCTYPE html><html><head><title>FAQ</title>${LOADER}</head><body><h1>FAQ</h1></body></html>`,
  );
});

/** Runs the loader with a stand-in PerformanceObserver and timers; returns what it imported when. */
function runLoader(paintSupported: boolean) {
  const imported: string[] = [];
  const timers: (() => void)[] = [];
  let observer: { callback: (list: unknown, obs: unknown) => void; disconnected: boolean } | undefined;
  class FakeObserver {
    constructor(callback: (list: unknown, obs: unknown) => void) {
      if (!paintSupported) throw new TypeError("no Paint Timing");
      observer = { callback, disconnected: false };
    }
    observe() {}
  }
  const paint = (name: string) =>
    observer?.callback(
      { getEntriesByName: (wanted: string) => (wanted === name ? [{ name }] : []) },
      {
        disconnect: () => (observer!.disconnected = true),
      },
    );
  const run = new Function(
    "PerformanceObserver",
    "setTimeout",
    "__import",
    pageScriptLoader(SRC).replace("import(", "__import("),
  );
  run(
    FakeObserver,
    (fn: () => void) => timers.push(fn),
    (src: string) => imported.push(src),
  );
  return { imported, timers, paint };
}

test("the loader imports the page script once, after the first contentful paint", () => {
  const { imported, timers, paint } = runLoader(true);
  expect(timers).toHaveLength(1); // the fallback, LOAD_BY_MS from now
  paint("first-paint");
  expect(timers).toHaveLength(1); // a paint with no content yet is not the one
  paint("first-contentful-paint");
  expect(imported).toEqual([]); // after the paint's own task
  timers[1]();
  expect(imported).toEqual([SRC]);
  timers[0](); // the fallback comes later and does nothing
  expect(imported).toEqual([SRC]);
});

test("without Paint Timing, or with no paint (a page prerendered and not shown), the script loads by the deadline", () => {
  const { imported, timers } = runLoader(false);
  expect(pageScriptLoader(SRC)).toContain(`setTimeout(l,${LOAD_BY_MS})`);
  timers[0]();
  expect(imported).toEqual([SRC]);
});

test("a page that hydrates with React Router keeps its own scripts only", () => {
  const spa = page.replace("</body>", "<script>window.__reactRouterContext = {};</script></body>");
  expect(addPageScript(spa, SRC)).toBe(spa);
});

test("a page that already has the script is left as it is", () => {
  const once = addPageScript(page, SRC);
  expect(addPageScript(once, SRC)).toBe(once);
});

test("the entry's hashed file comes from the build manifest, which is then removed", async () => {
  const dir = await mkdtemp(join(tmpdir(), "page-script-"));
  await writeFile(
    join(dir, PAGE_MANIFEST),
    JSON.stringify({ "app/page/main.ts": { file: "assets/page-Ab12Cd.js", isEntry: true } }),
  );
  const file = join(dir, "index.html");
  await writeFile(file, page);
  expect(await addPageScriptToFiles(dir, [file])).toEqual({ src: SRC, added: 1 });
  expect(await readFile(file, "utf8")).toContain(`${LOADER}</head>`);
  expect(existsSync(join(dir, PAGE_MANIFEST))).toBe(false);
});

test("a manifest without the page script's entry fails the build", () => {
  expect(() => pageScriptPath("{}")).toThrow(/app\/page\/main\.ts/);
});
