/**
 * Test support for the islands (app/islands): puts an island's prerendered
 * HTML into the document the way the build does, and stands in for the
 * browser's IntersectionObserver and for an island's code arriving.
 */
import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { onTestFinished, vi } from "vitest";
import { act } from "@testing-library/react";
import { islandRoot } from "~/islands/hydrate";
import { Island } from "~/islands/island";
import type { IslandModule } from "~/islands/loader";

/** The island's prerendered HTML, in the document (removed when the test ends). Returns the island element. */
export function prerenderIsland<P extends Record<string, unknown>>(
  name: string,
  component: ComponentType<P>,
  props: P,
): HTMLElement {
  const host = document.createElement("div");
  host.innerHTML = renderToString(<Island name={name} component={component} props={props} />);
  document.body.append(host);
  const island = host.querySelector<HTMLElement>(`[data-island="${name}"]`);
  if (!island) throw new Error(`no island ${name} in the prerendered HTML`);
  onTestFinished(() => {
    act(() => islandRoot(island)?.unmount());
    host.remove();
  });
  return island;
}

/** IntersectionObserver, stubbed: `intersect()` tells every observer its element came near. */
export function stubIntersectionObserver() {
  const observers: {
    callback: IntersectionObserverCallback;
    options?: IntersectionObserverInit;
    observed: Element[];
  }[] = [];
  class IntersectionObserverStub {
    private record: (typeof observers)[number];
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.record = { callback, options, observed: [] };
      observers.push(this.record);
    }
    observe(element: Element) {
      this.record.observed.push(element);
    }
    unobserve() {}
    disconnect() {
      this.record.observed = [];
    }
  }
  vi.stubGlobal("IntersectionObserver", IntersectionObserverStub);
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
  return {
    observers,
    intersect() {
      for (const { callback, observed } of observers)
        if (observed.length > 0)
          callback(
            observed.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
            {} as IntersectionObserver,
          );
    },
  };
}

/**
 * An island's code as the loader imports it, counted and held back until
 * `arrive()` (or failing with `fail()`), so a test can act while it loads.
 */
export function controlledImport(real: () => Promise<IslandModule>) {
  let pending: { resolve: (module: IslandModule) => void; reject: (error: Error) => void } | undefined;
  const load = vi.fn(
    () =>
      new Promise<IslandModule>((resolve, reject) => {
        pending = { resolve, reject };
      }),
  );
  const wake = vi.fn<IslandModule["wake"]>();
  return {
    load,
    /** How many times the island was hydrated. */
    wake,
    async arrive() {
      const module = await real();
      wake.mockImplementation((element, props) => module.wake(element, props));
      pending?.resolve({ wake });
    },
    fail() {
      pending?.reject(new Error("Failed to fetch dynamically imported module"));
    },
  };
}
