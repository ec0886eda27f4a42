// @vitest-environment jsdom
import { afterEach, expect, test, vi } from "vitest";
import { startAnalytics, trackPageView } from "~/lib/analytics";
import { captureThisPage } from "~/lib/attribution-capture";

vi.mock("~/lib/analytics", () => ({ startAnalytics: vi.fn(), trackPageView: vi.fn(), track: vi.fn() }));
vi.mock("~/lib/attribution-capture", () => ({ captureThisPage: vi.fn() }));
vi.mock("~/islands/loader", () => ({ startIslands: vi.fn() }));

afterEach(() => {
  vi.resetModules();
  vi.clearAllMocks();
  delete (document as { prerendering?: boolean }).prerendering;
  delete document.documentElement.dataset.pageReady;
});

/** Loads the page script afresh, as a new page would, and waits for its last part (it runs in tasks). */
async function runPageScript() {
  await import("./main");
  await vi.waitFor(() => expect(document.documentElement.dataset.pageReady).toBe(""));
}

test("a page loaded normally counts one view and records its attribution at once", async () => {
  await runPageScript();
  expect(trackPageView).toHaveBeenCalledTimes(1);
  expect(captureThisPage).toHaveBeenCalledTimes(1);
  expect(document.documentElement.dataset.pageReady).toBe("");
});

test("a prerendered page counts its view only once it is shown (and painted), and only once", async () => {
  Object.defineProperty(document, "prerendering", { value: true, configurable: true });
  await runPageScript();
  expect(document.documentElement.dataset.pageReady).toBe("");
  expect(trackPageView).not.toHaveBeenCalled();
  expect(captureThisPage).not.toHaveBeenCalled();

  document.dispatchEvent(new Event("prerenderingchange"));
  document.dispatchEvent(new Event("prerenderingchange"));
  // Not in the task that shows the page: it is painted before anything is counted.
  expect(trackPageView).not.toHaveBeenCalled();
  await vi.waitFor(() => expect(trackPageView).toHaveBeenCalledTimes(1));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(trackPageView).toHaveBeenCalledTimes(1);
  expect(captureThisPage).toHaveBeenCalledTimes(1);
});

test("the analytics sender starts once the browser is idle, not before", async () => {
  vi.useFakeTimers();
  try {
    await import("./main");
    expect(startAnalytics).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(startAnalytics).toHaveBeenCalledTimes(1);
  } finally {
    vi.useRealTimers();
  }
});

test("the 404 page logs the path the visitor asked for; other pages log nothing", async () => {
  const error = vi.spyOn(console, "error").mockImplementation(() => {});
  try {
    await runPageScript();
    expect(error).not.toHaveBeenCalled();
    vi.resetModules();
    delete document.documentElement.dataset.pageReady;
    document.body.innerHTML = `<section data-not-found><h1>Oops! Page not found</h1></section>`;
    await runPageScript();
    expect(error).toHaveBeenCalledWith(
      "404 Error: User attempted to access non-existent route:",
      window.location.pathname,
    );
  } finally {
    error.mockRestore();
    document.body.innerHTML = "";
  }
});

test("the page script runs in several tasks, the controls' extras first", async () => {
  vi.useFakeTimers();
  try {
    await import("./main");
    expect(document.documentElement.dataset.pageReady).toBeUndefined();
    expect(trackPageView).not.toHaveBeenCalled();
    vi.runOnlyPendingTimers();
    vi.runOnlyPendingTimers();
    vi.runOnlyPendingTimers();
    expect(trackPageView).toHaveBeenCalledTimes(1);
    vi.runOnlyPendingTimers();
    expect(document.documentElement.dataset.pageReady).toBe("");
  } finally {
    vi.useRealTimers();
  }
});
