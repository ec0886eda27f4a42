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

/** Loads `address` as a new navigation (or `type`), runs the head script, then finishes parsing. */
function arrive(address: string, type: NavigationTimingType = "navigate") {
  window.history.replaceState({ key: "k1" }, "", address);
  vi.spyOn(window.performance, "getEntriesByType").mockReturnValue([{ type } as PerformanceNavigationTiming]);
  // Listeners are caught rather than added: each test's page is a new document.
  const listen = vi.spyOn(document, "addEventListener").mockImplementation(() => {});
  new Function(arrivalScrollScript())();
  const duringLoad = window.location.href;
  for (const [type, listener] of listen.mock.calls) {
    if (type === "DOMContentLoaded") (listener as () => void)();
  }
  listen.mockRestore();
  return duringLoad;
}

const here = () => window.location.pathname + window.location.search + window.location.hash;

test("a new visit to /#funding-form loads at the top, waits 100 ms, then scrolls smoothly and restores the address", () => {
  const duringLoad = arrive("/?utm_source=ad#funding-form");
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
