// @vitest-environment jsdom
/**
 * The browser's sender (app/lib/analytics.ts): nothing leaves before the page is interactive, then
 * batches go by sendBeacon as JSON (so the server's JSON-only rule holds and
 * no preflight is needed), under the server's size and count limits, on a
 * short timer and at once when the page is hidden; nothing is stored in the
 * browser.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type * as SenderModule from "~/lib/analytics";
import { EVENTS_BODY_LIMIT } from "#domain/analytics/events";
import { incomingEventsSchema } from "#domain/analytics/incoming";

type Sender = typeof SenderModule;

async function freshSender(): Promise<{
  sender: Sender;
  sent: () => Promise<unknown[][]>;
  beacon: ReturnType<typeof vi.fn>;
}> {
  vi.resetModules();
  const bodies: Blob[] = [];
  const beacon = vi.fn((url: string, body: Blob) => {
    expect(url).toBe("/api/events");
    bodies.push(body);
    return true;
  });
  Object.defineProperty(navigator, "sendBeacon", { value: beacon, configurable: true });
  const sender = await import("~/lib/analytics");
  return {
    sender,
    beacon,
    sent: async () =>
      Promise.all(
        bodies.map(async (body) => {
          expect(body.type).toBe("application/json");
          const text = await body.text();
          expect(new TextEncoder().encode(text).length).toBeLessThanOrEqual(EVENTS_BODY_LIMIT);
          return JSON.parse(text) as unknown[];
        }),
      ),
  };
}

describe("the analytics sender", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.history.replaceState(null, "", "/products/sba-loans?utm_source=partner");
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("holds events until started, then sends them as the server's closed list expects", async () => {
    const { sender, sent, beacon } = await freshSender();
    sender.trackPageView();
    sender.track("step_viewed", { step: 1 });
    vi.advanceTimersByTime(10_000);
    expect(beacon).not.toHaveBeenCalled();

    vi.advanceTimersByTime(250);
    sender.startAnalytics();
    const [batch] = await sent();
    expect(batch).toHaveLength(2);
    expect(batch[0]).toMatchObject({
      type: "pageview",
      page: "/products/sba-loans?utm_source=partner",
      referrer: "",
    });
    expect((batch[0] as { age: number }).age).toBe(10_250);
    expect(incomingEventsSchema.safeParse(batch).success).toBe(true);
  });

  it("sends on a short timer, at once when the page is hidden, and tells the server the page before", async () => {
    const { sender, sent, beacon } = await freshSender();
    sender.startAnalytics();
    sender.trackPageView();
    window.history.pushState(null, "", "/");
    sender.trackPageView();
    expect(beacon).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2000);
    expect(beacon).toHaveBeenCalledTimes(1);

    sender.track("submit_pressed");
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
    expect(beacon).toHaveBeenCalledTimes(2);
    const [views, [press]] = await sent();
    expect(views[1]).toMatchObject({
      type: "pageview",
      page: "/",
      referrer: "http://localhost:3000/products/sba-loans?utm_source=partner",
    });
    expect(press).toMatchObject({ type: "submit_pressed", page: "/" });
    Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
  });

  it("splits a long queue into bodies the server accepts", async () => {
    const { sender, sent } = await freshSender();
    window.history.replaceState(null, "", `/${"x".repeat(900)}`);
    for (let i = 0; i < 80; i++) sender.track("step_viewed", { step: 1 });
    sender.startAnalytics();
    const batches = await sent();
    expect(batches.length).toBeGreaterThan(8);
    expect(batches.flat()).toHaveLength(80);
    for (const batch of batches) expect(incomingEventsSchema.safeParse(batch).success).toBe(true);
  });

  it("stores nothing in the browser", async () => {
    localStorage.clear();
    sessionStorage.clear();
    const { sender } = await freshSender();
    sender.trackPageView();
    sender.startAnalytics();
    vi.advanceTimersByTime(5000);
    expect(document.cookie).toBe("");
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });
});
