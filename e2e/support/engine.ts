/**
 * What the browser tests do in an engine other than Chromium (Firefox over
 * WebDriver BiDi, e2e/support/firefox.ts; WebKitGTK over WebDriver,
 * e2e/support/webkit.ts): the few things e2e/engines/behaviours.ts needs, the
 * same way in each. Clicks and keys are the driver's own input events, not
 * script.
 */
export type EngineName = "firefox" | "webkit";

export interface EngineSession {
  readonly name: EngineName;
  /** Resizes the viewport; returns the size the page sees (innerWidth/innerHeight). */
  setViewport(width: number, height: number): Promise<{ width: number; height: number }>;
  /** Opens `path` on the test server and waits until the page's script has run (html[data-page-ready]). */
  goto(path: string): Promise<void>;
  /** Runs `fn` in the page with JSON arguments and returns its (awaited) JSON result. */
  evaluate<A extends unknown[], R>(fn: (...args: A) => R | Promise<R>, ...args: A): Promise<R>;
  /** Clicks the first element matching `selector` that is visible, scrolled into view first. */
  click(selector: string): Promise<void>;
  /**
   * Chooses the file at `path` (on this machine) in the first file input matching `selector`, as a
   * person picking it would: the driver's own file upload, which fires the input's change event.
   */
  chooseFile(selector: string, path: string): Promise<void>;
  /** Presses a key at the focused element, with Shift held when asked. */
  press(key: "Tab" | "Escape" | "Enter", options?: { shift?: boolean }): Promise<void>;
  /** A PNG of the viewport. */
  screenshot(): Promise<Buffer>;
  close(): Promise<void>;
}

/** Polls `probe` until it returns something truthy; throws with `what` (and the last value) after `timeoutMs`. */
export async function until<T>(
  what: string,
  probe: () => Promise<T>,
  timeoutMs = 7_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    last = await probe();
    if (last) return last as NonNullable<T>;
    if (Date.now() > deadline)
      throw new Error(`${what}: not within ${timeoutMs} ms (last: ${JSON.stringify(last)})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until `read` returns the same value twice 300 ms apart (a smooth scroll has ended), and returns it. */
export async function settled<T>(what: string, read: () => Promise<T>, timeoutMs = 7_000): Promise<T> {
  let previous = JSON.stringify(await read());
  return until(
    what,
    async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const value = await read();
      const same = JSON.stringify(value) === previous;
      previous = JSON.stringify(value);
      return same ? { value } : null;
    },
    timeoutMs,
  ).then(({ value }) => value);
}

/** Script that clicks nothing: finds the first visible element for `selector` (for the drivers' clicks). */
export function firstVisible(selector: string): Element | null {
  return (
    [...document.querySelectorAll(selector)].find((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== "hidden";
    }) ?? null
  );
}
