// @vitest-environment jsdom
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { inlineScriptHashes } from "../server/site/csp-hashes.mjs";
import { deferHydration, deferHydrationInFiles } from "./defer-hydration.mjs";

const moduleText =
  'import "/assets/manifest-1.js"; import * as route0 from "/assets/root-1.js"; window.__reactRouterRouteModules = {"root":route0}; import("/assets/entry.client-1.js");';
const page = [
  "<!DOCTYPE html><html><head>",
  '<link rel="modulepreload" href="/assets/manifest-1.js"/>',
  '<link rel="modulepreload" fetchpriority="low" href="/assets/entry.client-1.js"/>',
  "</head><body><main>Content</main>",
  "<script>window.__reactRouterContext = {};</script>",
  `<script type="module" async="">${moduleText}</script>`,
  "</body></html>",
].join("");
const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("deferHydration", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("drops the modulepreload links and the hydration module from the HTML as it is parsed", () => {
    const html = deferHydration(page);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain("<main>Content</main>");
  });

  it("keeps the module's exact text, so the CSP hash of the script it becomes is listed", () => {
    const hashes = inlineScriptHashes(deferHydration(page));
    expect(hashes).toContain(sha(moduleText));
    // The loader is an inline script too, hashed with the others.
    expect(hashes).toHaveLength(3);
  });

  it("leaves a page without a hydration module alone", () => {
    const plain = '<html><head><link rel="modulepreload" href="/a.js"/></head><body></body></html>';
    expect(deferHydration(plain)).toBe(plain);
  });

  it("after the first paint, preloads the modules and runs the module with the same text", () => {
    const html = deferHydration(page);
    const loader = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]).at(-1)!;
    document.head.innerHTML = "";
    document.body.innerHTML = html.slice(html.indexOf("<main>"), html.indexOf("</body>"));
    let paint: ((list: { getEntries: () => { name: string }[] }) => void) | undefined;
    class FakeObserver {
      static supportedEntryTypes = ["paint"];
      constructor(callback: typeof paint) {
        paint = callback;
      }
      observe() {}
    }
    vi.stubGlobal("PerformanceObserver", FakeObserver);
    vi.useFakeTimers();
    new Function(loader)();
    expect(document.querySelector('script[type="module"]')).toBeNull();
    paint?.({ getEntries: () => [{ name: "first-contentful-paint" }] });
    vi.runOnlyPendingTimers();
    vi.useRealTimers();
    const preloads = [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) =>
      link.getAttribute("href"),
    );
    expect(preloads).toEqual(["/assets/manifest-1.js", "/assets/entry.client-1.js"]);
    const injected = document.body.querySelectorAll('script[type="module"]');
    expect(injected).toHaveLength(1);
    expect(injected[0]?.textContent).toBe(moduleText);
  });
});

describe("deferHydration with a framework chunk", () => {
  const withFramework = page.replace(
    '<link rel="modulepreload" href="/assets/manifest-1.js"/>',
    '<link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/framework-1.js"/>',
  );

  it("imports the framework on its own before the hydration module", () => {
    const html = deferHydration(withFramework);
    expect(html).toContain('import("/assets/framework-1.js").then(');
  });

  it("still runs the hydration module when the framework import fails", async () => {
    const html = deferHydration(withFramework);
    const loader = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]).at(-1)!;
    document.head.innerHTML = "";
    document.body.innerHTML = html.slice(html.indexOf("<main>"), html.indexOf("</body>"));
    // No paint timing here: the loader falls back to the first frame.
    vi.stubGlobal("PerformanceObserver", undefined);
    new Function(loader)();
    await vi.waitFor(() => expect(document.body.querySelectorAll('script[type="module"]')).toHaveLength(1), {
      timeout: 2000,
    });
    expect(document.body.querySelector('script[type="module"]')?.textContent).toBe(moduleText);
    vi.unstubAllGlobals();
  });
});

describe("deferHydrationInFiles", () => {
  it("rewrites a built page once; running it again changes nothing", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "defer-")), "index.html");
    writeFileSync(file, page);
    expect(await deferHydrationInFiles([file])).toBe(1);
    const once = readFileSync(file, "utf8");
    expect(await deferHydrationInFiles([file])).toBe(0);
    expect(readFileSync(file, "utf8")).toBe(once);
  });

  it("fails the build when a page preloads modules but its hydration script is not recognised", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "defer-")), "index.html");
    writeFileSync(file, page.replace('type="module" async=""', 'type="module" data-new-router-output=""'));
    await expect(deferHydrationInFiles([file])).rejects.toThrow(/no hydration module found/);
  });
});
