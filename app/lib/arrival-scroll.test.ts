// @vitest-environment jsdom
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { arrivalScrollScript } from "./arrival-scroll";

// The script as the home page's <head> runs it, on a page whose sections exist.
const scrollIntoView = vi.fn();
let reducedMotion = false;

beforeEach(() => {
  vi.useFakeTimers();
  reducedMotion = false;
  document.body.innerHTML = `<section id="products"></section><section id="funding-form"></section><h2 id="faq-1"></h2>`;
  Element.prototype.scrollIntoView = function (this: Element, options?: ScrollIntoViewOptions | boolean) {
    scrollIntoView(this.id, options);
  };
  window.matchMedia = ((query: string) => ({
    matches: query === "(prefers-reduced-motion: reduce)" && reducedMotion,
  })) as typeof window.matchMedia;
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  scrollIntoView.mockReset();
  window.history.replaceState(null, "", "/");
});

/** What a page caught listening (listeners are caught rather than added: each test's page is a new document). */
type Listen = { mock: { calls: unknown[][] } };
const fire = (listen: Listen, event: string) => {
  for (const [type, listener] of listen.mock.calls) {
    if (type === event) (listener as () => void)();
  }
};

/**
 * Loads `address` as a new navigation (or `type`), runs the head script, then
 * finishes parsing; `prerendered`: the browser renders it hidden, and `show()`
 * is the click that shows it.
 */
function arrive(address: string, type: NavigationTimingType = "navigate", prerendered = false) {
  window.history.replaceState({ key: "k1" }, "", address);
  vi.spyOn(window.performance, "getEntriesByType").mockReturnValue([{ type } as PerformanceNavigationTiming]);
  // jsdom has no document.prerendering: the page defines it as a browser would.
  let hidden = prerendered;
  Object.defineProperty(document, "prerendering", { configurable: true, get: () => hidden });
  const listen = vi.spyOn(document, "addEventListener").mockImplementation(() => {});
  new Function(arrivalScrollScript())();
  const duringLoad = window.location.href;
  fire(listen, "DOMContentLoaded");
  const show = () => {
    hidden = false;
    fire(listen, "prerenderingchange");
  };
  return { duringLoad, show };
}

const here = () => window.location.pathname + window.location.search + window.location.hash;

test("a new visit to /#funding-form loads at the top, waits 100 ms, then scrolls smoothly and restores the address", () => {
  const { duringLoad } = arrive("/?utm_source=ad#funding-form");
  expect(duringLoad).not.toContain("#");
  vi.advanceTimersByTime(99);
  expect(scrollIntoView).not.toHaveBeenCalled();
  expect(here()).toBe("/?utm_source=ad");
  vi.advanceTimersByTime(1);
  expect(scrollIntoView).toHaveBeenCalledWith("funding-form", { behavior: "smooth", block: "start" });
  expect(here()).toBe("/?utm_source=ad#funding-form");
  expect(window.history.state).toEqual({ key: "k1" });
});

test("with reduced motion it goes straight there", () => {
  reducedMotion = true;
  arrive("/#products");
  vi.advanceTimersByTime(100);
  expect(scrollIntoView).toHaveBeenCalledWith("products", { behavior: "instant", block: "start" });
});

test("a fragment that names no home section is left to the browser", () => {
  for (const address of ["/#faq-1", "/#main", "/#%E0%A4%A", "/#"]) {
    arrive(address);
    expect(here()).toBe(address === "/#" ? "/" : address);
    vi.advanceTimersByTime(1000);
  }
  expect(scrollIntoView).not.toHaveBeenCalled();
});

test("a reload or a step back in history keeps the visitor's own scroll position", () => {
  for (const type of ["reload", "back_forward"] as const) {
    arrive("/#funding-form", type);
    expect(here()).toBe("/#funding-form");
    vi.advanceTimersByTime(1000);
  }
  expect(scrollIntoView).not.toHaveBeenCalled();
});

test("a section link followed during the wait wins", () => {
  arrive("/#funding-form");
  window.history.pushState(null, "", "/#products");
  vi.advanceTimersByTime(100);
  expect(scrollIntoView).not.toHaveBeenCalled();
  expect(here()).toBe("/#products");
});

test("a page prerendered ahead of the click waits until it is shown, then 100 ms", () => {
  const { duringLoad, show } = arrive("/#funding-form", "navigate", true);
  expect(duringLoad).not.toContain("#");
  vi.advanceTimersByTime(5000);
  expect(scrollIntoView).not.toHaveBeenCalled();
  expect(here()).toBe("/");
  show();
  vi.advanceTimersByTime(99);
  expect(scrollIntoView).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1);
  expect(scrollIntoView).toHaveBeenCalledWith("funding-form", { behavior: "smooth", block: "start" });
  expect(here()).toBe("/#funding-form");
});
