// React Router writes a <link rel="modulepreload"> for every module a page
// needs into <head>. Browsers fetch those at high priority, in competition
// with the first paint, although the page is complete HTML and CSS without
// them: hydration can wait a few milliseconds, the first paint should not.
// Marking them low priority keeps them early but out of the paint's way
// (Lighthouse then also stops counting them as render-blocking).
import { readFile, writeFile } from "node:fs/promises";

const MODULEPRELOAD = /<link rel="modulepreload"(?![^>]*fetchpriority)/g;

export function lowerPreloadPriority(html) {
  return html.replace(MODULEPRELOAD, '<link rel="modulepreload" fetchpriority="low"');
}

export async function lowerPreloadPriorityInFiles(htmlFiles) {
  let changed = 0;
  await Promise.all(
    htmlFiles.map(async (file) => {
      const html = await readFile(file, "utf8");
      const rewritten = lowerPreloadPriority(html);
      if (rewritten !== html) {
        await writeFile(file, rewritten);
        changed++;
      }
    }),
  );
  return changed;
}
