import { whenIdle } from "~/lib/when-idle";

/**
 * Runs `show` once the page is shown to the visitor. A page the browser
 * prerenders ahead of a click (Speculation Rules) runs its scripts while
 * hidden, and may never be shown at all: its page view and attribution wait
 * for `prerenderingchange`, the moment it becomes the visitor's page. They
 * then wait until the browser is idle (within a second): showing a
 * prerendered page means painting it, and the visitor's tap is answered by
 * that paint, not by the counting.
 */
export function whenShown(show: () => void, doc: Document = document): void {
  if (doc.prerendering) {
    doc.addEventListener("prerenderingchange", () => whenIdle(show, 1000), { once: true });
  } else {
    show();
  }
}
