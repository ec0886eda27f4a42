import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// The shipped Inter is cut to weights 400-700 (README.md beside this file). A
// class asking for another weight would get a synthesised or clamped face.
const root = join(import.meta.dirname, "..", "..");
const styledDirs = ["app", "ui", "desk"].map((dir) => join(root, dir));
const OUT_OF_RANGE = /\bfont-(thin|extralight|light|extrabold|black|\[\d+\])(?![\w-])/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(tsx?|css)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("the shipped font's weights", () => {
  it("cover every weight the site's and the desk's classes ask for", () => {
    const found = styledDirs
      .flatMap(sourceFiles)
      .flatMap((file) =>
        [...readFileSync(file, "utf8").matchAll(OUT_OF_RANGE)].map((match) => `${file}: ${match[0]}`),
      );
    expect(found).toEqual([]);
  });

  it("are declared as 400-700 in the @font-face", () => {
    const css = readFileSync(join(root, "ui", "theme.css"), "utf8");
    expect(css).toMatch(/font-family: "Inter";[^}]*font-weight: 400 700;/);
  });
});
