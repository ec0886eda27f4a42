// A tap on a link whose page Chromium has prerendered (Speculation Rules),
// for bench/taps.mjs. Chromium does not prerender for a page a DevTools
// client is attached to, and Playwright attaches to every page it opens, so
// the page is loaded in a Chromium of its own with nothing attached
// (launchUndriven); Playwright connects once the prerender has started. The
// window is 500 px wide (headless Chromium's narrowest) and not emulated as
// a phone: emulation set after the prerender would lay the prerendered page
// out anew when shown, which a phone never does.
//
// Then, as for every other tap: CPU slowed 4×, `idleMs` idle, one tap at the
// link's centre. The prerendered page runs in a renderer of its own, which a
// throttle set on the page the tab shows does not reach: it is slowed too
// (slowPrerender below), so that showing it costs what it would on a slow
// phone. Its prerender ran at full speed, before anything was attached, as a
// phone's runs while the visitor reads. Measured from the tap's pointerdown
// (its event timestamp, in the page that has it): the shown page's first
// contentful paint (Chromium reports a prerendered page's once it is shown)
// and the first frame in which `visible` (a function's source, run in the
// shown page) is true.
// Playwright's page object does not follow a prerendered page into the tab,
// so the shown page is read through the tab's DevTools session.
import { chromium } from "playwright-core";
import { launchUndriven } from "../../scripts/lib/chromium.mjs";
import { LOAD_BY_MS } from "../../scripts/page-script.mjs";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sets the CPU throttle of the page the tab is prerendering. That page is a
 * child of the tab's target, not of the page that started it, and Playwright's
 * sessions cannot address a flattened child session: it is reached through
 * nested (non-flattened) sessions, each message wrapped in
 * `Target.sendMessageToTarget`. Throws when no prerendered page is there.
 */
async function slowPrerender(browser, rate) {
  const session = await browser.newBrowserCDPSession();
  const { targetInfos } = await session.send("Target.getTargets", { filter: [{}] });
  const tab = targetInfos.find((target) => target.type === "tab");
  if (!tab) throw new Error("no tab target to find the prerendered page under");
  const { sessionId: tabSession } = await session.send("Target.attachToTarget", {
    targetId: tab.targetId,
    flatten: false,
  });
  let nextId = 1;
  const replies = new Map();
  const children = [];
  session.on("Target.receivedMessageFromTarget", ({ sessionId, message }) => {
    if (sessionId !== tabSession) return;
    let reply = JSON.parse(message);
    // A child's reply comes wrapped in the tab session's own event.
    if (reply.method === "Target.receivedMessageFromTarget") reply = JSON.parse(reply.params.message);
    else if (reply.method === "Target.attachedToTarget") children.push(reply.params);
    if (reply.id && replies.has(reply.id)) replies.get(reply.id)(reply);
  });
  const call = (method, params, child) =>
    new Promise((resolve) => {
      const id = nextId++;
      replies.set(id, resolve);
      const message = JSON.stringify({ id, method, params });
      const inTab = child
        ? { id: nextId++, method: "Target.sendMessageToTarget", params: { sessionId: child, message } }
        : { id, method, params };
      void session.send("Target.sendMessageToTarget", {
        sessionId: tabSession,
        message: JSON.stringify(inTab),
      });
    });
  await call("Target.setAutoAttach", {
    autoAttach: true,
    waitForDebuggerOnStart: false,
    flatten: false,
    filter: [{}],
  });
  const prerendered = await until(
    async () => children.find((child) => child.targetInfo.subtype === "prerender"),
    5_000,
    "the prerendered page's target",
  );
  const reply = await call("Emulation.setCPUThrottlingRate", { rate }, prerendered.sessionId);
  if (reply.error) throw new Error(`throttling the prerendered page: ${reply.error.message}`);
}

async function until(read, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/**
 * Loads `url`, waits for the prerender of `prerenderPath`, taps `link`
 * (a function of the Playwright page giving a locator) and returns
 * `{ toAnswer, toVisible, activated }` in ms from the tap (null: not within
 * `timeoutMs`); `activated` says whether the shown page was the prerendered
 * one. `args`: more Chromium flags. `prerender: false` measures the same tap
 * in the same browser and window with the page loaded by Playwright, which
 * Chromium does not prerender for: an ordinary load, to compare with.
 */
export async function measurePrerenderedTap({
  url,
  prerenderPath,
  link,
  visible,
  cpuSlowdown,
  idleMs,
  timeoutMs,
  args,
  prerender = true,
}) {
  const path = new URL(url).pathname;
  const undriven = await launchUndriven(prerender ? url : "about:blank", { width: 500, height: 844, args });
  let browser;
  try {
    let page;
    let cdp;
    if (prerender) {
      // Parsed; its script runs after its first paint (LOAD_BY_MS at the latest) and marks it
      // ready, and the prerender starts then.
      await undriven.untilLoaded();
      await sleep(LOAD_BY_MS + 500);
      browser = await chromium.connectOverCDP(undriven.endpoint);
      page = browser
        .contexts()[0]
        .pages()
        .find((candidate) => candidate.url().endsWith(path));
      cdp = await browser.contexts()[0].newCDPSession(page);
      const statuses = [];
      cdp.on("Preload.prerenderStatusUpdated", (event) => {
        if (new URL(event.key.url).pathname === prerenderPath)
          statuses.push(event.prerenderStatus ?? event.status);
      });
      await cdp.send("Preload.enable");
      await until(
        async () => statuses.includes("Ready"),
        15_000,
        `the prerender of ${prerenderPath} (${statuses})`,
      );
    } else {
      // The same browser and window, with the page loaded by Playwright: attached, so nothing is prerendered.
      browser = await chromium.connectOverCDP(undriven.endpoint);
      page = browser.contexts()[0].pages()[0];
      cdp = await browser.contexts()[0].newCDPSession(page);
      await page.goto(url, { waitUntil: "load" });
    }
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
    if (prerender) await slowPrerender(browser, cpuSlowdown);
    const evaluate = async (expression) => {
      const { result, exceptionDetails } = await cdp.send("Runtime.evaluate", {
        expression,
        returnByValue: true,
        awaitPromise: true,
      });
      if (exceptionDetails) throw new Error(exceptionDetails.text);
      return result.value;
    };
    const target = link(page);
    await target.scrollIntoViewIfNeeded();
    await sleep(idleMs);
    await evaluate(
      `addEventListener("pointerdown", (event) => localStorage.setItem("__bench_down_at", String(performance.timeOrigin + event.timeStamp)), { capture: true, once: true })`,
    );
    const box = await target.boundingBox();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await until(
      async () => (await evaluate("location.pathname")) === prerenderPath,
      timeoutMs,
      "the new page",
    );
    // The first frame with the result on screen (the shown page's smooth scroll takes longer than this takes).
    const seenAt = await evaluate(`new Promise((resolve) => {
      const visible = ${visible};
      const tick = () => visible() ? resolve(performance.timeOrigin + performance.now()) : requestAnimationFrame(tick);
      setTimeout(() => resolve(null), ${timeoutMs});
      tick();
    })`);
    // The paint entry is reported once its frame is presented, which can come after that frame's
    // requestAnimationFrame (a page whose result is on its first screen): waited for, 1 s at most.
    const shown = await evaluate(`new Promise((resolve) => {
      const report = (paint) => resolve({
        downAt: Number(localStorage.getItem("__bench_down_at")),
        activationStart: performance.getEntriesByType("navigation")[0].activationStart,
        paintAt: paint ? performance.timeOrigin + paint.startTime : null,
      });
      new PerformanceObserver((list) => {
        const paint = list.getEntriesByName("first-contentful-paint")[0];
        if (paint) report(paint);
      }).observe({ type: "paint", buffered: true });
      setTimeout(() => report(performance.getEntriesByName("first-contentful-paint")[0]), 1000);
    })`);
    const since = (at) => (at === null || !shown.downAt ? null : at - shown.downAt);
    const within = (value) => (value !== null && value <= timeoutMs ? value : null);
    return {
      toAnswer: within(since(shown.paintAt)),
      toVisible: within(since(seenAt)),
      activated: shown.activationStart > 0,
    };
  } finally {
    await browser?.close().catch(() => {});
    await undriven.close();
  }
}
