// Every page is complete prerendered HTML and CSS; its JavaScript only makes
// it interactive. React Router starts hydration from an async inline module
// and modulepreloads the whole module graph in <head>, so on a fast
// connection the scripts download, evaluate and hydrate before the browser's
// first paint, and the paint waits for them. This rewrite starts hydration
// right after the first contentful paint instead: the modulepreload links and
// the hydration module are added by a small classic script once the page has
// painted. Nothing visible changes; interactivity starts a frame later.
//
// The hydration module's text is kept, unchanged, in a data block
// (<script type="text/x-hydration-module">) and copied into the module script
// the loader creates, so its CSP hash (server/site/csp-hashes.mjs hashes every
// inline script of a page, the data block and the loader included) still
// matches.
import { readFile, writeFile } from "node:fs/promises";

const MODULEPRELOAD = /<link rel="modulepreload"[^>]*?\shref="([^"]+)"[^>]*?\/?>/g;
const HYDRATION_MODULE = /<script type="module" async="">([\s\S]*?)<\/script>/;
export const HYDRATION_MODULE_ID = "rr-hydration-module";
/** The chunk vite.config.ts gathers React, React DOM and React Router into. */
const FRAMEWORK_CHUNK = /\/assets\/framework-[\w-]+\.js$/;

/**
 * The loader: once the browser reports the first contentful paint (or, where
 * paint timing is missing, after the first frame: requestAnimationFrame, then
 * a task), preload the page's modules and run the hydration module. A hidden
 * page (a background tab) paints nothing, so it hydrates at once, and a
 * timer makes sure hydration never waits longer than three seconds.
 *
 * The framework chunk (React, React DOM, React Router) is imported first, on
 * its own: evaluating it is the largest piece of script work, and done apart
 * it is one task, the page's modules and the hydration another, rather than
 * one long task that blocks input for both.
 */
export function hydrationLoader(preloads) {
  const framework = preloads.find((url) => FRAMEWORK_CHUNK.test(url));
  return [
    "(function(){var d=document,w=window,P=w.PerformanceObserver,s=0;",
    "function h(){if(s)return;s=1;",
    // One insertion for all the links: appending them one by one costs a phone
    // a style invalidation each.
    "var f=d.createDocumentFragment();",
    `${JSON.stringify(preloads)}.forEach(function(u){var l=d.createElement("link");l.rel="modulepreload";l.href=u;f.appendChild(l)});d.head.appendChild(f);`,
    `function r(){var m=d.createElement("script");m.type="module";m.text=d.getElementById(${JSON.stringify(HYDRATION_MODULE_ID)}).text;d.body.appendChild(m)}`,
    framework ? `import(${JSON.stringify(framework)}).then(function(){setTimeout(r,0)},r)}` : "r()}",
    "function a(){setTimeout(h,0)}",
    'if(d.visibilityState==="hidden")return h();',
    'd.addEventListener("visibilitychange",h);setTimeout(h,3000);',
    'if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0)',
    'new P(function(l){l.getEntries().some(function(e){return e.name==="first-contentful-paint"})&&a()}).observe({type:"paint",buffered:true});',
    "else requestAnimationFrame(a)})()",
  ].join("");
}

/** The page with hydration deferred past the first paint; unchanged when it has no hydration module. */
export function deferHydration(html) {
  const module = html.match(HYDRATION_MODULE);
  if (!module) return html;
  const preloads = [...html.matchAll(MODULEPRELOAD)].map((match) => match[1]);
  return html
    .replace(MODULEPRELOAD, "")
    .replace(
      HYDRATION_MODULE,
      () =>
        `<script type="text/x-hydration-module" id="${HYDRATION_MODULE_ID}">${module[1]}</script>` +
        `<script>${hydrationLoader(preloads)}</script>`,
    );
}

export async function deferHydrationInFiles(htmlFiles) {
  let changed = 0;
  await Promise.all(
    htmlFiles.map(async (file) => {
      const html = await readFile(file, "utf8");
      const rewritten = deferHydration(html);
      // A page that preloads modules but whose hydration script we no longer
      // recognise (React Router changed its output) must stop the build, not
      // ship quietly with hydration back in front of the first paint.
      if (rewritten === html && html.includes(`<link rel="modulepreload"`)) {
        throw new Error(`defer-hydration: no hydration module found in ${file}; update HYDRATION_MODULE`);
      }
      if (rewritten !== html) {
        await writeFile(file, rewritten);
        changed++;
      }
    }),
  );
  return changed;
}
