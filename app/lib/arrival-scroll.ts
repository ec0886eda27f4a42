import { SCROLL_AFTER_NAVIGATION_MS, SECTION_IDS } from "./scroll";

/**
 * Arriving at a home section from another page ("/#funding-form" from a
 * product page's Apply Now): the browser would jump to the section as soon as
 * it is parsed. Instead the page stays at the top, and once the document is
 * parsed it waits `waitMs`, then scrolls to the section, smoothly unless the
 * visitor asks for less motion (the section's `scroll-margin-top` clears the
 * sticky header). A page the browser prerendered ahead of the click
 * (app/lib/speculation-rules.ts) starts its wait when it is shown.
 *
 * It runs inline in the page's <head>, before the parser reaches any section:
 * it takes the fragment out of the address with `history.replaceState` (so the
 * browser has nothing to jump to) and puts it back when it scrolls. Only a new
 * navigation is handled; on a reload or a history traversal the browser
 * restores the visitor's own scroll position.
 *
 * The function is sent to the browser as its source text
 * (`arrivalScrollScript`), so it must not refer to anything outside itself.
 */
export function arriveAtSection(sections: readonly string[], waitMs: number): void {
  const hash = window.location.hash;
  let id: string;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    return;
  }
  if (sections.indexOf(id) < 0) return;
  const [navigation] = (window.performance?.getEntriesByType?.("navigation") ??
    []) as PerformanceNavigationTiming[];
  if (navigation && navigation.type !== "navigate") return;
  const address = window.location.pathname + window.location.search;
  window.history.replaceState(window.history.state, "", address);
  // A page prerendered ahead of the click waits until it is shown: the wait
  // and the scroll are the visitor's to see. (app/page/when-shown.ts does the
  // same for the page script; this function must stand alone, see above.)
  const whenShown = (show: () => void) => {
    if (document.prerendering) {
      document.addEventListener("prerenderingchange", show, { once: true });
    } else show();
  };
  document.addEventListener("DOMContentLoaded", () => {
    whenShown(() =>
      window.setTimeout(() => {
        // A link the visitor followed meanwhile has set an address of its own.
        if (window.location.hash) return;
        window.history.replaceState(window.history.state, "", address + hash);
        const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        document
          .getElementById(id)
          ?.scrollIntoView({ behavior: reduce ? "instant" : "smooth", block: "start" });
      }, waitMs),
    );
  });
}

/** The inline <head> script for pages with sections: `arriveAtSection` with the site's section ids and wait. */
export function arrivalScrollScript(): string {
  return `(${arriveAtSection.toString()})(${JSON.stringify(SECTION_IDS)},${SCROLL_AFTER_NAVIGATION_MS})`;
}

/** A route's `handle` asking the root for the arrival script in its <head>. */
export type ArrivalScrollHandle = { arrivalScroll: true };

export function wantsArrivalScroll(handle: unknown): boolean {
  return (
    typeof handle === "object" &&
    handle !== null &&
    (handle as { arrivalScroll?: unknown }).arrivalScroll === true
  );
}
