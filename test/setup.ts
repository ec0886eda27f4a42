import "@testing-library/jest-dom/vitest";
import { afterEach } from "vitest";

// Component tests opt into jsdom per file (`// @vitest-environment jsdom`).
// Radix needs a few browser APIs that jsdom lacks.
if (typeof window !== "undefined") {
  const { cleanup, configure } = await import("@testing-library/react");
  afterEach(() => cleanup());
  // findBy… and waitFor wait up to 5 s instead of 1: the desk's routes load lazily, and on a
  // busy shared machine a file's first render has been seen to take longer than a second.
  configure({ asyncUtilTimeout: 5_000 });
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}
