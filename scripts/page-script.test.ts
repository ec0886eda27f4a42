import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { addPageScript, addPageScriptToFiles, PAGE_MANIFEST, pageScriptPath } from "./page-script.mjs";

const SRC = "/assets/page-Ab12Cd.js";
const page = `<!DOCTYPE html><html><head><title>FAQ</title></head><body><h1>FAQ</h1></body></html>`;

test("a public page gets the page script at the end of its head", () => {
  expect(addPageScript(page, SRC)).toBe(
    `<!DOCTYPE html><html><head><title>FAQ</title><script type="module" src="${SRC}"></script></head><body><h1>FAQ</h1></body></html>`,
  );
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
  expect(await readFile(file, "utf8")).toContain(`<script type="module" src="${SRC}"></script></head>`);
  expect(existsSync(join(dir, PAGE_MANIFEST))).toBe(false);
});

test("a manifest without the page script's entry fails the build", () => {
  expect(() => pageScriptPath("{}")).toThrow(/app\/page\/main\.ts/);
});
