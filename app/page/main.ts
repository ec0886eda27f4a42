/**
 * The public pages' only script (docs/decisions/0013-pages-without-framework.md).
 * React renders every page at build time and no public page hydrates; this
 * module does what the page still needs at run time, with no framework:
 *
 * - the native controls' extras and fallbacks (menu, dialogs, header);
 * - the React islands (newsletter form, funding wizard, document room), each
 *   woken on the visitor's intent (the room also when a session is already
 *   there): their code is a chunk of its own, loaded only then;
 * - the legal pages' table of contents highlight;
 * - the page's off-screen sections skipped once it has been laid out
 *   (./skip-offscreen.ts: opening a dialog then restyles only what is near);
 * - the 404 page's console line;
 * - attribution and the page view, once the page is shown (a prerendered
 *   page may never be), and the analytics sender once the browser is idle.
 *
 * The build (vite.page.config.ts) bundles it on its own and
 * scripts/page-script.mjs adds a loader for it to every public page, which
 * imports it once the page has painted its first content. Each part below
 * runs in a task of its own, the controls first, so that no long task holds
 * up a tap on a slow phone. `html[data-page-ready]`, set last, is what
 * browser tests wait for, and what a product page's prerender of the home
 * page waits for (app/lib/speculation-rules.ts).
 */
import { captureThisPage } from "~/lib/attribution-capture";
import { startAnalytics, trackPageView } from "~/lib/analytics";
import { startIslands } from "~/islands/loader";
import { wireNativeControls } from "~/lib/native-controls";
import { highlightActiveSection } from "./active-section";
import { logNotFound } from "./not-found";
import { skipOffscreen } from "./skip-offscreen";
import { whenShown } from "./when-shown";

const parts: (() => void)[] = [
  wireNativeControls,
  startIslands,
  () => {
    highlightActiveSection();
    logNotFound();
    skipOffscreen();
  },
  () =>
    whenShown(() => {
      captureThisPage();
      trackPageView();
      // Counting never competes with the page answering the visitor.
      if (typeof requestIdleCallback === "function") requestIdleCallback(startAnalytics, { timeout: 5000 });
      else setTimeout(startAnalytics, 1000);
    }),
  () => {
    document.documentElement.dataset.pageReady = "";
  },
];
/** Runs the parts one task each: a tap that comes meanwhile is answered between two of them. */
function runInTasks(next = 0) {
  parts[next]();
  if (next + 1 < parts.length) setTimeout(runInTasks, 0, next + 1);
}
runInTasks();
