// @vitest-environment jsdom
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { skipOffscreen } from "./skip-offscreen";

// jsdom lays nothing out: each section says how tall it is and where it is
// (`view.scrolled` is how far the page is scrolled), and CSS.supports answers
// as a browser with (or without) content-visibility would.
const view = { scrolled: 0 };
function page(heights: number[]) {
  document.body.innerHTML = `<header></header><main id="main">${heights
    .map((_, index) => `<section id="s${index}" style="padding-top: 64px; padding-bottom: 64px"></section>`)
    .join("")}</main><footer style="border-top-width: 1px; border-top-style: solid"></footer>`;
  const elements = [...document.querySelectorAll<HTMLElement>("#main > section, footer")];
  elements.forEach((element, index) => {
    const height = () => heights[index] ?? 300;
    // Laid out one under the other from the top of the page, scrolled to the top.
    const top = () => heights.slice(0, index).reduce((sum, h) => sum + h, 0) - view.scrolled;
    element.getBoundingClientRect = () =>
      ({ height: height(), top: top(), bottom: top() + height() }) as DOMRect;
  });
  return elements;
}

const supports = vi.fn(
  (property: string, value: string) => property === "content-visibility" && value === "auto",
);

/** The page's IntersectionObserver: `report(onScreen)` tells it which watched elements are in view. */
const watch = {
  callback: null as IntersectionObserverCallback | null,
  targets: new Set<Element>(),
  rootMargin: undefined as string | undefined,
};
class IntersectionObserverStub {
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    watch.callback = callback;
    watch.targets = new Set();
    watch.rootMargin = options?.rootMargin;
  }
  observe(target: Element) {
    watch.targets.add(target);
  }
  unobserve(target: Element) {
    watch.targets.delete(target);
  }
  disconnect() {
    watch.targets.clear();
  }
}
function report(onScreen: Element[] = []) {
  const entries = [...watch.targets].map(
    (target) => ({ target, isIntersecting: onScreen.includes(target) }) as IntersectionObserverEntry,
  );
  watch.callback?.(entries, {} as IntersectionObserver);
  // What is off screen is skipped one element per animation frame: let the frames run.
  vi.runAllTimers();
}

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame"],
  });
  vi.stubGlobal("CSS", { supports });
  vi.stubGlobal("IntersectionObserver", IntersectionObserverStub);
  watch.callback = null;
  view.scrolled = 0;
  Object.defineProperty(window, "innerWidth", { value: 390, configurable: true });
  // A short screen: an element more than one and a half of them (600 px) away is far.
  Object.defineProperty(window, "innerHeight", { value: 400, configurable: true });
});

afterEach(() => {
  delete (document as { prerendering?: boolean }).prerendering;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

const styleOf = (element: HTMLElement) => ({
  visibility: element.style.getPropertyValue("content-visibility"),
  size: element.style.getPropertyValue("contain-intrinsic-block-size"),
});

test("once idle, each section and the footer is skipped while far off screen, keeping its own content height", () => {
  const [first, second, footer] = page([1000, 2200]);
  skipOffscreen();
  // Nothing changes before the browser is idle: the first paint lays out the whole page.
  expect(watch.callback).toBeNull();
  vi.runAllTimers();
  expect(watch.rootMargin, "the browser reports what leaves one and a half screens around it").toBe(
    "150% 0px",
  );
  report([first]);
  expect(styleOf(second)).toEqual({ visibility: "auto", size: "auto 2072px" });
  expect(styleOf(footer)).toEqual({ visibility: "auto", size: "auto 299px" });
  // The section on screen is left as it is (made skippable there, it would be laid out anew: a shift)...
  expect(styleOf(first)).toEqual({ visibility: "", size: "" });
  // ...and just scrolled past it, it still is: Chromium renders it that near anyway, and the change of
  // containment alone could move the screen (it once sent an arrival at the form 388 px back up)...
  view.scrolled = 1100;
  report([]);
  expect(styleOf(first)).toEqual({ visibility: "", size: "" });
  expect(watch.targets.has(first), "still watched").toBe(true);
  // ...until it is more than one and a half screens away.
  view.scrolled = 1700;
  report([]);
  expect(styleOf(first)).toEqual({ visibility: "auto", size: "auto 872px" });
  expect(watch.targets.size, "nothing left to watch").toBe(0);
});

test("a marked block inside a section on screen is skipped on its own while far off screen; unmarked ones never are", () => {
  document.body.innerHTML = `<main id="main"><section><ul>
    <li><div data-skip-offscreen id="above"></div></li><li><div id="plain"></div></li>
    <li><div data-skip-offscreen id="near"></div></li></ul></section></main>`;
  const [section, above, plain, near] = ["section", "#above", "#plain", "#near"].map((selector) =>
    document.querySelector<HTMLElement>(selector)!,
  );
  // Scrolled past the first card, with the last one on screen.
  for (const [element, height, top] of [
    [section, 3000, -1200],
    [above, 500, -1150],
    [near, 480, 300],
  ] as const)
    element.getBoundingClientRect = () => ({ height, top, bottom: top + height }) as DOMRect;
  skipOffscreen();
  vi.runAllTimers();
  // The compare button's screen: the section and the last card on it, the first card scrolled past.
  report([section, near]);
  expect(styleOf(above)).toEqual({ visibility: "auto", size: "auto 500px" });
  expect(styleOf(section).visibility).toBe("");
  expect(styleOf(near).visibility).toBe("");
  expect(watch.targets.has(plain), "an unmarked block is not watched").toBe(false);
});

test("a new viewport width shows every section again and measures it anew; a height-only resize does not", () => {
  const heights = [1000, 2200];
  const [first] = page(heights);
  view.scrolled = 4000; // past the whole page
  skipOffscreen();
  vi.runAllTimers();
  report();

  window.dispatchEvent(new Event("resize"));
  expect(styleOf(first).visibility, "the same width: a phone's toolbar").toBe("auto");

  Object.defineProperty(window, "innerWidth", { value: 1440, configurable: true });
  heights[0] = 700;
  window.dispatchEvent(new Event("resize"));
  expect(styleOf(first)).toEqual({ visibility: "", size: "" });
  vi.runAllTimers();
  report();
  expect(styleOf(first)).toEqual({ visibility: "auto", size: "auto 572px" });
});

test("undoing it puts every section back as the page rendered it, and stops listening", () => {
  const [first] = page([1000, 2200]);
  const undo = skipOffscreen();
  vi.runAllTimers();
  report();
  undo();
  expect(styleOf(first)).toEqual({ visibility: "", size: "" });
  Object.defineProperty(window, "innerWidth", { value: 1440, configurable: true });
  window.dispatchEvent(new Event("resize"));
  vi.runAllTimers();
  report();
  expect(styleOf(first)).toEqual({ visibility: "", size: "" });
});

test("a browser without content-visibility or IntersectionObserver is left alone; a single section is skipped too", () => {
  const [first] = page([1000, 2200]);
  supports.mockReturnValueOnce(false);
  skipOffscreen();
  vi.runAllTimers();
  report();
  expect(styleOf(first).visibility).toBe("");

  vi.stubGlobal("IntersectionObserver", undefined);
  skipOffscreen();
  vi.runAllTimers();
  expect(styleOf(first).visibility).toBe("");
  vi.stubGlobal("IntersectionObserver", IntersectionObserverStub);

  // /faq: its call to action is its one section.
  document.body.innerHTML = `<main id="main"><div></div><section></section></main>`;
  const only = document.querySelector("section")!;
  only.getBoundingClientRect = () => ({ height: 300, top: 2000, bottom: 2300 }) as DOMRect;
  skipOffscreen();
  vi.runAllTimers();
  report();
  expect(only.style.getPropertyValue("content-visibility")).toBe("auto");
});

test("a page prerendered ahead of a click (no frame, so no observer report) skips what is off screen at once", () => {
  Object.defineProperty(document, "prerendering", { value: true, configurable: true });
  const [first, second, footer] = page([1000, 2200]);
  skipOffscreen();
  vi.runAllTimers();
  // No report: the sections below the first screen are skipped all the same, each keeping its height.
  expect(styleOf(second)).toEqual({ visibility: "auto", size: "auto 2072px" });
  expect(styleOf(footer)).toEqual({ visibility: "auto", size: "auto 299px" });
  expect(styleOf(first)).toEqual({ visibility: "", size: "" });
  // The one on screen is still watched, and skipped once scrolled past.
  expect([...watch.targets]).toEqual([first]);
  view.scrolled = 1700;
  report([]);
  expect(styleOf(first)).toEqual({ visibility: "auto", size: "auto 872px" });
});

test("what is off screen is skipped one element per animation frame, and one brought on screen meanwhile waits", () => {
  const [first, second, third, footer] = page([1000, 900, 900]);
  skipOffscreen();
  vi.advanceTimersByTime(200); // idle (setTimeout stands in for requestIdleCallback here)
  const entries = [first, second, third, footer].map(
    (target) => ({ target, isIntersecting: target === first }) as unknown as IntersectionObserverEntry,
  );
  watch.callback?.(entries, {} as IntersectionObserver);
  const skipped = () => [second, third, footer].filter((element) => styleOf(element).visibility === "auto");
  expect(skipped(), "nothing before the next frame").toEqual([]);
  vi.advanceTimersToNextFrame();
  expect(skipped()).toEqual([second]);
  // The visitor scrolls the third section into view before its frame: it is left as it is, and watched.
  view.scrolled = 1500;
  vi.advanceTimersToNextFrame();
  expect(skipped()).toEqual([second]);
  expect(watch.targets.has(third)).toBe(true);
  vi.advanceTimersToNextFrame();
  expect(skipped()).toEqual([second, footer]);
});
