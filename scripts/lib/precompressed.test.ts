import { mkdtempSync, readdirSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { precompressor } from "./precompressed.mjs";

const dirs: string[] = [];
const cacheDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "harborline-precompressed-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const page = Buffer.from(`<!DOCTYPE html><p>${"Scale your business without limits. ".repeat(200)}</p>`);

describe("the build's precompressed variants", () => {
  it("are brotli and gzip of the bytes, made once and taken from the cache by the next build", async () => {
    const dir = cacheDir();
    const first = precompressor(dir);
    const [br, gz] = await first.variants(page);
    expect(brotliDecompressSync(br).equals(page)).toBe(true);
    expect(gunzipSync(gz).equals(page)).toBe(true);
    expect(first.hits).toBe(0);

    const next = precompressor(dir);
    const again = await next.variants(page);
    expect(next.hits).toBe(1);
    expect(again[0].equals(br) && again[1].equals(gz)).toBe(true);
    // Other bytes are compressed, not served from another file's entry.
    const other = Buffer.from(page.toString().replace("Scale", "Grow"));
    expect(gunzipSync((await next.variants(other))[1]).equals(other)).toBe(true);
    expect(next.hits).toBe(1);
  });

  it("forgets entries no build has used for two weeks, and keeps the rest", async () => {
    const dir = cacheDir();
    const cache = precompressor(dir);
    await cache.variants(page);
    expect(readdirSync(dir)).toHaveLength(2);
    cache.prune(Date.now() + 13 * 24 * 3600_000);
    expect(readdirSync(dir)).toHaveLength(2);
    const old = new Date(Date.now() - 15 * 24 * 3600_000);
    for (const name of readdirSync(dir)) utimesSync(join(dir, name), old, old);
    cache.prune();
    expect(readdirSync(dir)).toHaveLength(0);
  });
});
