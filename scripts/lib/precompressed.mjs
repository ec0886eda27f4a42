// The build's precompressed variants (brotli 11 and zopfli gzip), kept by the
// hash of the bytes they compress: a build whose files did not change since an
// earlier one (another SITE_URL, a copy of the checkout, the tests' several
// builds) takes them from here instead of compressing again, which is most of
// a build's time on two cores. PRECOMPRESS_CACHE_DIR moves it (the tests share
// one across checkouts); entries unused for two weeks are removed.
import { createHash, randomUUID } from "node:crypto";
import { mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { readFile, rename, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants } from "node:zlib";
import { gzipAsync as zopfliGzip } from "@gfx/zopfli";

const brotli = promisify(brotliCompress);
const KEEP_MS = 14 * 24 * 60 * 60 * 1000;
// Part of every key: changing how a variant is made must not reuse old ones.
const RECIPE = "br11+zopfli5";

export function precompressCacheDir(env = process.env) {
  return env.PRECOMPRESS_CACHE_DIR || join("node_modules", ".cache", "harborline-precompressed");
}

async function compress(data) {
  return Promise.all([
    brotli(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    }),
    // Zopfli writes ordinary gzip, 3-5% smaller than zlib's level 9, for
    // clients that do not take brotli; it is slow, which a build can afford.
    zopfliGzip(data, { numiterations: 5 }),
  ]);
}

/** A cache in `dir`: `variants(data)` gives [brotli, gzip] of data, compressing only what it has not seen. */
export function precompressor(dir = precompressCacheDir()) {
  let usable = true;
  try {
    mkdirSync(dir, { recursive: true });
  } catch {
    usable = false; // a read-only install compresses every time
  }
  let hits = 0;
  return {
    get hits() {
      return hits;
    },
    async variants(data) {
      if (!usable) return compress(data);
      const key = createHash("sha256").update(RECIPE).update(data).digest("hex");
      const paths = [join(dir, `${key}.br`), join(dir, `${key}.gz`)];
      const cached = await Promise.all(paths.map((path) => readFile(path).catch(() => null)));
      if (cached.every(Boolean)) {
        hits++;
        const now = new Date();
        await Promise.all(paths.map((path) => utimes(path, now, now).catch(() => undefined)));
        return cached;
      }
      const made = await compress(data);
      await Promise.all(
        paths.map(async (path, index) => {
          // Written whole, then renamed: a build running beside this one never reads half a file.
          const partial = `${path}.${randomUUID()}.partial`;
          await writeFile(partial, made[index]);
          await rename(partial, path);
        }),
      ).catch(() => undefined);
      return made;
    },
    /** Removes entries no build has used for two weeks. */
    prune(now = Date.now()) {
      if (!usable) return;
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        try {
          if (now - statSync(path).mtimeMs > KEEP_MS) rmSync(path, { force: true });
        } catch {
          // gone already (another build pruned it)
        }
      }
    },
  };
}
