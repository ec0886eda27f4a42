// `npm run bench:taps`: how long a tap on each interactive control of the
// public site takes on a slow phone. Headless Chromium (playwright-core),
// 390 × 844, mobile with touch, CPU slowed 4× (CDP Emulation.setCPUThrottlingRate),
// no network throttling, the built site served by the production server
// (dist/server.mjs) on 127.0.0.1:BENCH_PORT.
//
// Each control is tapped cold (a fresh browser context, so an empty cache: the
// page loaded, the control scrolled into view, 1 s idle, the first tap) and
// warm (whatever the first tap opened closed or reset, 1 s idle, the same tap
// again), BENCH_RUNS times. Two figures per tap, both from the tap's
// pointerdown (its event timestamp, so time the event waited for the main
// thread counts):
//   - Event Timing: the longest `event` entry (pointerdown, pointerup, click,
//     keydown; durationThreshold 16) of the tap, INP's measure: input delay,
//     handlers and the next paint. None is reported under 16 ms.
//   - to visible: the first animation frame in which the expected result is
//     on screen (a requestAnimationFrame poll started in a capture-phase
//     pointerdown listener; the time is taken once that frame's main-thread
//     work is done). It follows the page across a full navigation (a link
//     followed before the page's script ran) through sessionStorage and timeOrigin.
// "To result" is the larger of the two. A result not on screen within
// BENCH_TIMEOUT_MS (5 s) is "no answer": the tap was lost.
//
// Four control rows (not in the goals) tap a popover, a modal dialog, an
// in-page link and a prerendered page's link on almost empty pages served with
// the site's headers (bench/lib/control-page.mjs):
// the floor a native tap has on the machine.
//
// Also, per public route, the script the page downloads when only loaded
// (a context that sends `accept-encoding: gzip`, so the server's precompressed
// .gz files; the sum of the responses' encoded body sizes) and whether React
// DOM is among it.
//
// What "on screen" means: the menu's first link; the dialog element (not its
// content); the first FAQ answer open; for Get Funding Now and Apply Now, the
// wizard's first field (real in the page's HTML) wholly inside the viewport,
// which includes the smooth scroll there (a browser animation of about a
// second whose length depends on the distance, not on the page); the
// newsletter's message; the wizard's messages with focus moved to the first
// field in error (focus is taken away before the warm tap). The newsletter's
// message stays up after the cold tap, so its warm figure is the second
// identical submit up to the next frame. The two forms are React islands woken
// on intent (the newsletter when its field is typed in, the wizard as it comes
// within a screen): the form rows are tapped once the island is awake; the
// early wizard row BENCH_IDLE_MS after the form came into view, awake or not
// (a Next pressed before waking is held and replayed). The last column counts
// cold taps that came before the page's script ran (native controls: they
// need none) or before the form's island woke. Reset before the warm tap:
// Escape (menu, dialogs), the answer closed, back to the top (Get Funding
// Now), back in history (Apply Now). Script: every `script` response of a page
// that was only loaded (until its script has run and the network is idle, then
// BENCH_IDLE_MS), the encoded body sizes as served to a client that sends
// `accept-encoding: gzip`; inline scripts in the HTML are not counted. React
// DOM: a script containing `__reactFiber$`.
//
// Writes the "## Taps" section of BENCHMARKS.md. The section keeps one
// "Baseline" table: BENCH_TAPS_BASELINE=1 (or a section without one) makes
// this run the baseline ("before islands"); any other run is written as
// "Latest run" beside the baseline it finds. Hand-written "### " notes in
// the section stay, after the run.
//
// Needs `npm run build` (build/client and dist/server.mjs). Environment:
// BENCH_RUNS (3), BENCH_PORT (4450), BENCH_TIMEOUT_MS (5000), BENCH_IDLE_MS (1000), BENCH_ONLY
// (control ids, comma-separated: a partial run, BENCHMARKS.md left alone),
// CHROME_PATH (/usr/bin/chromium). Only 127.0.0.1 is reached: every other
// host name fails to resolve in the browser.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { cpus, loadavg, totalmem, tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { ROOT } from "../scripts/lib/bundle-server.mjs";
import { chromiumArgs, chromiumPath } from "../scripts/lib/chromium.mjs";
import { builtSiteEnv, startBenchServer } from "./lib/bench-server.mjs";
import { startControlServer } from "./lib/control-page.mjs";
import { measurePrerenderedTap } from "./lib/prerendered-tap.mjs";
import { f0, f1, packageVersion as version, writeBenchmarksSection } from "./lib/report.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 4450);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 5000);
const ONLY = process.env.BENCH_ONLY?.split(",").filter(Boolean);
const AS_BASELINE = process.env.BENCH_TAPS_BASELINE === "1";
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 1000);
const CPU_SLOWDOWN = 4;
const VIEWPORT = { width: 390, height: 844 };
const ROUTES = ["/", "/faq", "/products/growth-capital"];
const origin = `http://127.0.0.1:${PORT}`;
// Only this machine: every other host name fails to resolve.
const HOSTS_ONLY_HERE = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1";
const log = (...args) => console.log("[bench:taps]", ...args);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Lost taps (null) sort last: a median or worst that is one reads "no answer". For Event Timing,
// null is "under 16 ms" and sorts first; undefined (the tap loaded a new page) is left out.
const order = (values, none) =>
  values.filter((value) => value !== undefined).sort((a, b) => (a ?? none) - (b ?? none));
const median = (values, none = Infinity) => {
  const sorted = order(values, none);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : undefined;
};
const worst = (values) => order(values, Infinity).at(-1);
const ms = (value) => (value === undefined ? "-" : value === null ? "no answer" : `${f0(value)}`);
const et = (value) => (value === undefined ? "-" : value === null ? "<16" : f0(value));
/** "9 gzip, 1 identity": how a route's scripts came. */
const served = (row) =>
  Object.entries(row.encodings)
    .map(([encoding, count]) => `${count} ${encoding}`)
    .join(", ");

if (!existsSync(chromiumPath)) {
  console.error(
    `[bench:taps] Chromium is not at ${chromiumPath}: run \`node scripts/run-tests.mjs --setup-only\` (installs Debian's) or set CHROME_PATH.`,
  );
  process.exit(1);
}
for (const built of ["build/client/index.html", "dist/server.mjs"]) {
  if (!existsSync(join(ROOT, built))) {
    console.error(`[bench:taps] ${built} is missing: run \`npm run build\` first`);
    process.exit(1);
  }
}
/** The newest file under `path` (ms), to tell a build older than its sources. */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(
    0,
    ...execFileSync("find", [path, "-type", "f"], { encoding: "utf8" })
      .split("\n")
      .filter(Boolean)
      .map((file) => statSync(file).mtimeMs),
  );
}
const builtAt = statSync(join(ROOT, "build/client/index.html")).mtimeMs;
const staleBy = ["app", "ui", "domain", "public"].filter((dir) => newest(join(ROOT, dir)) > builtAt);
if (staleBy.length > 0) log(`warning: ${staleBy.join(", ")} changed since the build; run \`npm run build\``);

const git = (...args) => execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();
const commit = git("rev-parse", "--short", "HEAD");
const siteChanges = git("status", "--porcelain", "--", "app", "ui", "domain", "public", "scripts").length > 0;

/** The wizard's first field, or the placeholder drawn in its place until its code has loaded. */
const FIRST_FIELD = [
  '#funding-form form :is(input:not([type="hidden"]):not([tabindex="-1"]), textarea, button[role="combobox"])',
  '#funding-form [aria-busy="true"] [aria-hidden="true"] > div',
];

/**
 * Runs in every page before its own scripts: the Event Timing observer, the
 * pointerdown listener that starts the watch for the armed control's result,
 * and the checks that say when a result is on screen.
 */
function instrument(firstFieldSelectors) {
  const KEY = "__bench_taps_pending";
  const state = { events: [], armed: null, pending: null, result: null, crossDocument: false };
  window.__taps = state;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        state.events.push({ name: entry.name, startTime: entry.startTime, duration: entry.duration });
      }
    }).observe({ type: "event", durationThreshold: 16, buffered: true });
  } catch {
    // no Event Timing: the figures say so
  }
  const onScreen = (element, whole = false) => {
    if (!element || !element.isConnected || !element.checkVisibility()) return false;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    return whole ? box.top >= 0 && box.bottom <= innerHeight : box.bottom > 0 && box.top < innerHeight;
  };
  const firstField = () =>
    firstFieldSelectors.map((selector) => document.querySelector(selector)).find(Boolean);
  const checks = {
    menu: () => onScreen(document.querySelector('nav[aria-label="Mobile"] a')),
    // An open native <dialog>, or a script-rendered one (role="dialog", as the baseline's were).
    dialog: () => onScreen(document.querySelector('dialog[open], dialog:popover-open, [role="dialog"]')),
    faq: () => {
      const item = document.querySelector('details[data-slot="accordion-item"]');
      return Boolean(item?.open) && onScreen(item.querySelector('[data-slot="accordion-content"]'));
    },
    form: () => onScreen(firstField(), true),
    apply: () => location.pathname === "/" && onScreen(firstField(), true),
    newsletter: () => {
      const message = document.querySelector('footer form [role="alert"]');
      return Boolean(message?.textContent.trim()) && onScreen(message);
    },
    // The step's messages shown and focus on the first field in error (the warm tap starts with focus elsewhere).
    wizard: () => {
      const messages = [...document.querySelectorAll('#funding-form form [data-slot="field-error"]')];
      const focused = document.activeElement;
      return (
        messages.some((message) => message.textContent.trim() && onScreen(message)) &&
        focused?.getAttribute("aria-invalid") === "true" &&
        Boolean(focused.closest("#funding-form"))
      );
    },
  };
  const now = () => performance.timeOrigin + performance.now();
  // Whether what a tap needs had run when it came: the page script (html[data-page-ready]; the
  // baseline's hydration, html[data-hydrated]), or for a form its island woken.
  function readyFor(island) {
    if (island) return Boolean(document.querySelector(`[data-island="${island}"][data-island-awake]`));
    const root = document.documentElement;
    return root.hasAttribute("data-page-ready") || root.hasAttribute("data-hydrated");
  }
  // A link's first answer: the first frame in which the page has moved (scrolled) or, for a link
  // to another page, that page's first contentful paint.
  const noteAnswer = (pending, at) => {
    if (sessionStorage.getItem(`${KEY}_answered`) === null)
      sessionStorage.setItem(`${KEY}_answered`, String(at - pending.downAt));
  };
  function watch(pending) {
    const tick = () => {
      if (state.pending !== pending || state.result) return;
      if (now() - pending.downAt > pending.timeoutMs) return;
      if (!state.crossDocument && scrollY !== pending.startY) noteAnswer(pending, now());
      if (!checks[pending.check]()) return requestAnimationFrame(tick);
      // The frame that shows it: its main-thread work is done when a message posted now arrives.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        state.result = { ms: now() - pending.downAt };
        sessionStorage.setItem(`${KEY}_result`, JSON.stringify(state.result));
        sessionStorage.removeItem(KEY);
      };
      channel.port2.postMessage(0);
    };
    requestAnimationFrame(tick);
  }
  state.arm = (check, timeoutMs, island) => {
    state.armed = { check, timeoutMs, island };
    state.pending = null;
    state.result = null;
    state.crossDocument = false;
    sessionStorage.removeItem(KEY);
    sessionStorage.removeItem(`${KEY}_result`);
    sessionStorage.removeItem(`${KEY}_answered`);
  };
  addEventListener(
    "pointerdown",
    (event) => {
      if (!state.armed || state.pending) return;
      state.pending = {
        ...state.armed,
        down: event.timeStamp,
        downAt: performance.timeOrigin + event.timeStamp,
        startY: scrollY,
        // Native controls answer before any script; the forms need their island awake.
        ready: readyFor(state.armed.island),
      };
      sessionStorage.setItem(KEY, JSON.stringify(state.pending));
      watch(state.pending);
    },
    { capture: true },
  );
  addEventListener(
    "pointerup",
    (event) => {
      if (state.pending && state.pending.up === undefined) state.pending.up = event.timeStamp;
    },
    { capture: true },
  );
  // A tap that loaded another document (a link is an ordinary page load): keep watching here.
  const carried = sessionStorage.getItem(KEY);
  if (carried) {
    state.pending = JSON.parse(carried);
    state.crossDocument = true;
    const pending = state.pending;
    new PerformanceObserver((list) => {
      const paint = list.getEntriesByName("first-contentful-paint")[0];
      if (paint) noteAnswer(pending, performance.timeOrigin + paint.startTime);
    }).observe({ type: "paint", buffered: true });
    watch(state.pending);
  }
}

/** What the page noted for the armed tap, reading through navigations; null while nothing yet. */
async function readTap(page) {
  try {
    return await page.evaluate(() => {
      const state = window.__taps;
      const stored = sessionStorage.getItem("__bench_taps_pending_result");
      const result = state?.result ?? (stored ? JSON.parse(stored) : null);
      const pending = state?.pending ?? null;
      if (!pending) return { result: null, pending: null };
      const types = new Set(["pointerdown", "pointerup", "click", "keydown"]);
      const end = pending.down + (result?.ms ?? pending.timeoutMs);
      const events = state.crossDocument
        ? []
        : state.events.filter(
            (entry) => types.has(entry.name) && entry.startTime >= pending.down - 1 && entry.startTime <= end,
          );
      return {
        result,
        pending,
        crossDocument: state.crossDocument,
        answered: sessionStorage.getItem("__bench_taps_pending_answered"),
        eventTiming: events.length ? Math.max(...events.map((entry) => entry.duration)) : null,
      };
    });
  } catch {
    return null; // between documents
  }
}

/** Taps `target` (a locator) at its centre with the touchscreen and waits for the armed result. */
async function tap(page, target, check, island) {
  const box = await target.boundingBox();
  if (!box) throw new Error(`${check}: the control is not on screen`);
  await page.evaluate(([name, ms, isle]) => window.__taps.arm(name, ms, isle), [check, TIMEOUT_MS, island]);
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  const deadline = Date.now() + TIMEOUT_MS + 1000;
  let seen = null;
  while (Date.now() < deadline) {
    seen = (await readTap(page)) ?? seen;
    if (seen?.result) break;
    await sleep(50);
  }
  // Event Timing entries arrive after the frame they end with.
  await sleep(300);
  seen = (await readTap(page)) ?? seen;
  const toVisible = seen?.result && seen.result.ms <= TIMEOUT_MS ? seen.result.ms : null;
  // A tap that loaded another document has no Event Timing left to read (undefined, not "<16").
  const eventTiming = seen?.crossDocument ? undefined : (seen?.eventTiming ?? null);
  return {
    toVisible,
    eventTiming,
    crossDocument: Boolean(seen?.crossDocument),
    ready: seen?.pending?.ready ?? null,
    // How long the finger was down (pointerdown to pointerup, as Playwright's tap makes it).
    held: seen?.pending?.up === undefined ? undefined : seen.pending.up - seen.pending.down,
    toResult: toVisible === null ? null : Math.max(toVisible, eventTiming ?? 0),
    // A link's first answer (the page moving, or the new page's first paint), with its Event Timing.
    toAnswer: seen?.answered == null ? null : Math.max(Number(seen.answered), eventTiming ?? 0),
  };
}

/** The page's script has run (html[data-page-ready]; the baseline's hydrated app, html[data-hydrated]). */
const pageReady = (page, timeout = 15_000) =>
  page.locator("html[data-page-ready], html[data-hydrated]").first().waitFor({ state: "attached", timeout });

/** A form's React island has woken (its element carries data-island-awake). */
const islandAwake = (page, name, timeout = 15_000) =>
  page.locator(`[data-island="${name}"][data-island-awake]`).waitFor({ state: "attached", timeout });

const firstFieldVisible = (page) =>
  page.waitForFunction(() => {
    const field = document.querySelector("#funding-form form :is(input, textarea, button[role=combobox])");
    if (!field) return false;
    const box = field.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= innerHeight;
  });

/** Resets for the warm tap: Escape closes the menu (a popover) or the open dialog. */
const closeMenu = async (page) => {
  await page.keyboard.press("Escape");
  await page.locator('nav[aria-label="Mobile"]').waitFor({ state: "hidden" });
};
const closeDialog = async (page) => {
  await page.keyboard.press("Escape");
  await page.getByRole("dialog").waitFor({ state: "hidden" });
};

/**
 * The controls: where each lives, what is tapped, which check says the result
 * is on screen, what a form control needs before its first tap (`prepare`),
 * and how the result is closed or reset before the warm tap (`reset`).
 */
const controls = [
  {
    id: "menu",
    label: "Menu button (header) → first menu link",
    kind: "native",
    route: "/",
    target: (page) => page.getByRole("button", { name: "Open menu" }),
    check: "menu",
    reset: closeMenu,
  },
  {
    id: "consultation",
    label: "Schedule Consultation → dialog",
    kind: "native",
    route: "/faq",
    target: (page) => page.getByRole("button", { name: "Schedule Consultation" }).first(),
    check: "dialog",
    reset: closeDialog,
  },
  {
    id: "compare",
    label: "Compare All Options → dialog",
    kind: "native",
    route: "/",
    target: (page) => page.getByRole("button", { name: "Compare All Options" }),
    check: "dialog",
    reset: closeDialog,
  },
  {
    id: "faq",
    label: "FAQ item → its answer",
    kind: "native",
    route: "/faq",
    target: (page) => page.locator('[data-slot="accordion-trigger"]').first(),
    check: "faq",
    reset: (page) =>
      page.evaluate(() => {
        document.querySelector('details[data-slot="accordion-item"]').open = false;
      }),
  },
  {
    id: "funding",
    // A link: answered when the page starts to move; the smooth scroll to the form follows.
    answersBy: "moving",
    label: "Get Funding Now (hero) → form's first field in view",
    kind: "native",
    route: "/",
    target: (page) => page.locator("main section").first().getByRole("link", { name: "Get Funding Now" }),
    check: "form",
    reset: (page) => page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" })),
  },
  {
    id: "newsletter",
    label: 'Newsletter: "not-an-email", Subscribe → error message',
    kind: "form",
    island: "newsletter",
    route: "/faq",
    target: (page) => page.getByRole("contentinfo").getByRole("button", { name: "Subscribe" }),
    check: "newsletter",
    // Typing in the field is the intent that wakes the island; the tap comes once it is awake.
    prepare: async (page) => {
      await page.getByRole("contentinfo").getByLabel("Email address").fill("not-an-email");
      await islandAwake(page, "newsletter");
    },
    // Nothing closes the message: the warm tap is the same submit again (its message was already shown).
    reset: async (page) => {
      const field = page.getByRole("contentinfo").getByLabel("Email address");
      if ((await field.inputValue()) !== "not-an-email") await field.fill("not-an-email");
      await page.evaluate(() => document.activeElement?.blur());
    },
  },
  {
    id: "wizard",
    label: "Wizard Next, step 1 empty → messages, focus on first field",
    kind: "form",
    island: "wizard",
    route: "/",
    target: (page) => page.locator("#funding-form").getByText("Next", { exact: true }),
    check: "wizard",
    // The wizard wakes as it comes within a screen of the viewport: tapped once it is awake.
    prepare: (page) => islandAwake(page, "wizard"),
    reset: (page) => page.evaluate(() => document.activeElement?.blur()),
  },
  {
    id: "wizard-early",
    label:
      "The same, tapped 1 s after the form came into view (awake or not: an early Next is held and replayed)",
    kind: "early",
    island: "wizard",
    route: "/",
    target: (page) => page.locator("#funding-form").getByText("Next", { exact: true }),
    check: "wizard",
    reset: async (page) => {
      await islandAwake(page, "wizard");
      await page.evaluate(() => document.activeElement?.blur());
    },
  },
  {
    id: "apply",
    // A link to another page: answered when that page first paints; the arrival scroll follows.
    answersBy: "moving",
    label:
      "Apply Now (/products/growth-capital) → form on /, an ordinary page load (no prerender: Firefox, Safari, or a Chromium that declines)",
    kind: "fallback",
    route: "/products/growth-capital",
    target: (page) => page.getByRole("link", { name: "Apply Now" }).first(),
    check: "apply",
    reset: async (page) => {
      await firstFieldVisible(page).catch(() => {});
      await page.goBack();
      await page.waitForURL((url) => url.pathname === "/products/growth-capital");
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    },
  },
  {
    id: "apply-500",
    answersBy: "moving",
    label:
      "The same ordinary load in the prerendered row's browser: 500 px, not emulated (DevTools attached before the page loaded, so no prerender)",
    kind: "fallback",
    route: "/products/growth-capital",
    target: (page) => page.getByRole("link", { name: "Apply Now" }).first(),
    prerender: false,
    measure: measurePrerendered,
  },
  {
    id: "apply-prerendered",
    answersBy: "moving",
    label:
      "Apply Now (/products/growth-capital) → form on /, prerendered by Chromium (500 px, not emulated: see below)",
    kind: "native",
    route: "/products/growth-capital",
    target: (page) => page.getByRole("link", { name: "Apply Now" }).first(),
    prerender: true,
    measure: measurePrerendered,
  },
  // The floor: the same two kinds of native control on an almost empty page, with the site's headers
  // (bench/lib/control-page.mjs). Not in the goals; what a tap costs on this machine before any page.
  {
    id: "control-menu",
    label: "(control) a popover menu on an almost empty page → its link",
    kind: "control",
    route: "/control-taps",
    target: (page) => page.getByRole("button", { name: "Open menu" }),
    check: "menu",
    reset: closeMenu,
  },
  {
    id: "control-dialog",
    label: "(control) a modal dialog on an almost empty page → dialog",
    kind: "control",
    route: "/control-taps",
    target: (page) => page.getByRole("button", { name: "Open dialog" }),
    check: "dialog",
    reset: closeDialog,
  },
  {
    id: "control-link",
    answersBy: "moving",
    label: "(control) an in-page link on an almost empty page → a form 3,000 px below, scrolled to smoothly",
    kind: "control",
    route: "/control-taps",
    target: (page) => page.getByRole("link", { name: "Go to the form" }),
    check: "form",
    reset: (page) => page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" })),
  },
  {
    id: "control-apply-prerendered",
    answersBy: "moving",
    label:
      "(control) a link to an almost empty page with a form, prerendered by Chromium (500 px, as Apply Now's)",
    kind: "control",
    route: "/control-apply",
    prerenderPath: "/control-form",
    target: (page) => page.getByRole("link", { name: "Apply Now" }),
    prerender: true,
    measure: measurePrerendered,
  },
].filter((control) => !ONLY || ONLY.includes(control.id));

let browser;
let controlServer;
let server;
const dataDir = mkdtempSync(join(tmpdir(), "bench-taps-"));
const results = new Map(controls.map((control) => [control.id, { cold: [], warm: [] }]));
const payloads = [];
const loadBefore = loadavg();
let chromiumVersion;

async function newPage(extraHTTPHeaders) {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 3,
    ...(extraHTTPHeaders ? { extraHTTPHeaders } : {}),
  });
  await context.addInitScript(instrument, FIRST_FIELD);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  return { context, page };
}

async function measureControl(control, run) {
  const { context, page } = await newPage();
  try {
    // A control row's page is on the control server (bench/lib/control-page.mjs).
    const base = control.kind === "control" ? controlServer.origin : origin;
    await page.goto(`${base}${control.route}`, { waitUntil: "load" });
    const target = control.target(page);
    await target.scrollIntoViewIfNeeded();
    await control.prepare?.(page);
    await sleep(IDLE_MS);
    const cold = await tap(page, target, control.check, control.island);
    // The warm tap is made on a running page: its script run, a form's island awake, the first tap done.
    // The control page has no script to wait for.
    if (control.kind !== "control") await pageReady(page).catch(() => {});
    if (control.island) await islandAwake(page, control.island).catch(() => {});
    await control.reset(page);
    await target.scrollIntoViewIfNeeded();
    await sleep(IDLE_MS);
    const warm = await tap(page, target, control.check, control.island);
    results.get(control.id).cold.push(cold);
    results.get(control.id).warm.push(warm);
    const show = (tapped) =>
      `${tapped.toResult === null ? "no answer" : `${f0(tapped.toResult)} ms`} (ET ${et(tapped.eventTiming)}, visible ${ms(tapped.toVisible)}${tapped.ready || control.kind === "control" ? "" : control.island ? ", before the island woke" : ", before the page script"}${tapped.crossDocument ? ", new document" : ""})`;
    log(`run ${run} ${control.id}: cold ${show(cold)}, warm ${show(warm)}`);
  } catch (error) {
    // A run that could not be made (a reset that timed out, say) is left out: its row counts fewer runs.
    log(`run ${run} ${control.id}: not measured: ${error.message.split("\n")[0]}`);
  } finally {
    await context.close();
  }
}

/**
 * Apply Now in a Chromium of its own (bench/lib/prerendered-tap.mjs), the home page prerendered or
 * (`control.prerender` false) not: a cold tap only, as a prerender serves one.
 */
async function measurePrerendered(control, run) {
  try {
    const base = control.kind === "control" ? controlServer.origin : origin;
    const tapped = await measurePrerenderedTap({
      url: `${base}${control.route}`,
      prerenderPath: control.prerenderPath ?? "/",
      link: control.target,
      visible: `() => {
        const field = ${JSON.stringify(FIRST_FIELD)}.map((selector) => document.querySelector(selector)).find(Boolean);
        const box = field?.getBoundingClientRect();
        return Boolean(box && box.height > 0 && box.top >= 0 && box.bottom <= innerHeight);
      }`,
      cpuSlowdown: CPU_SLOWDOWN,
      idleMs: IDLE_MS,
      timeoutMs: TIMEOUT_MS,
      args: [HOSTS_ONLY_HERE],
      prerender: control.prerender,
    });
    if (tapped.activated !== control.prerender) throw new Error(`prerendered: ${tapped.activated}`);
    const cold = {
      toVisible: tapped.toVisible,
      crossDocument: true,
      ready: true,
      toResult: tapped.toVisible,
      toAnswer: tapped.toAnswer,
    };
    results.get(control.id).cold.push(cold);
    log(
      `run ${run} ${control.id}: cold first paint ${ms(cold.toAnswer)} ms, form in view ${ms(cold.toVisible)} ms`,
    );
  } catch (error) {
    log(`run ${run} ${control.id}: not measured: ${error.message.split("\n")[0]}`);
  }
}

/** The script a route downloads when only loaded, as gzip, and whether React DOM is in it. */
async function measurePayload(route) {
  const { context, page } = await newPage({ "accept-encoding": "gzip" });
  const scripts = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response);
  });
  try {
    await page.goto(`${origin}${route}`, { waitUntil: "load" });
    await pageReady(page).catch(() => {});
    await page.waitForLoadState("networkidle");
    await sleep(IDLE_MS);
    let bytes = 0;
    const react = [];
    const encodings = {};
    for (const response of scripts) {
      const sizes = await response.request().sizes();
      bytes += sizes.responseBodySize;
      const encoding = response.headers()["content-encoding"] ?? "identity";
      encodings[encoding] = (encodings[encoding] ?? 0) + 1;
      if ((await response.body()).includes("__reactFiber$")) react.push(new URL(response.url()).pathname);
    }
    const row = { route, files: scripts.length, bytes, react, encodings };
    log(
      `${route}: ${scripts.length} scripts, ${f1(bytes / 1024)} KiB (${served(row)}), React DOM ${react.length ? `in ${react.join(", ")}` : "absent"}`,
    );
    payloads.push(row);
  } finally {
    await context.close();
  }
}

try {
  ({ child: server } = await startBenchServer(join(ROOT, "dist"), {
    port: PORT,
    env: builtSiteEnv(origin, dataDir),
  }));
  controlServer = await startControlServer(origin);
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumArgs, HOSTS_ONLY_HERE],
  });
  chromiumVersion = browser.version();
  log(`${chromiumVersion}, ${RUNS} runs, ${controls.length} controls, on ${origin}`);
  for (const route of ROUTES) await measurePayload(route);
  for (let run = 1; run <= RUNS; run++) {
    for (const control of controls) await (control.measure ?? measureControl)(control, run);
  }
} finally {
  await browser?.close();
  await controlServer?.close();
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}
const loadAfter = loadavg();

const lost = (taps) => taps.filter((tapped) => tapped.toResult === null).length;

const rows = controls.map((control) => {
  const { cold, warm } = results.get(control.id);
  const pick = (taps, key) => taps.map((tapped) => tapped[key]);
  return {
    control,
    coldMedian: median(pick(cold, "toResult")),
    coldWorst: worst(pick(cold, "toResult")),
    warmMedian: median(pick(warm, "toResult")),
    warmWorst: worst(pick(warm, "toResult")),
    coldEt: median(pick(cold, "eventTiming"), 0),
    coldVisible: median(pick(cold, "toVisible")),
    coldAnswer: median(pick(cold, "toAnswer")),
    warmAnswer: median(pick(warm, "toAnswer")),
    warmEt: median(pick(warm, "eventTiming"), 0),
    warmVisible: median(pick(warm, "toVisible")),
    coldLost: lost(cold),
    warmLost: lost(warm),
    early: cold.filter((tapped) => tapped.ready === false).length,
    crossDocument: cold.filter((tapped) => tapped.crossDocument).length,
    runs: cold.length,
  };
});
const held = median(
  [...results.values()].flatMap(({ cold, warm }) => [...cold, ...warm].map((tapped) => tapped.held)),
);

const within = (value, limit) => value !== null && value <= limit;
function goal(label, list, pass, show) {
  const missed = list.filter((item) => !pass(item));
  return missed.length === 0
    ? `- ${label}: **met** (${list.length} of ${list.length}).`
    : `- ${label}: **missed** on ${missed.length} of ${list.length}: ${missed.map(show).join("; ")}.`;
}
const nativeRows = rows.filter((row) => row.control.kind === "native");
const formRows = rows.filter((row) => row.control.kind === "form");
const goals = [
  goal(
    "Every native control ≤ 100 ms cold (median; a link: to its first answer)",
    nativeRows,
    (row) => within(row.control.answersBy ? row.coldAnswer : row.coldMedian, 100),
    (row) =>
      `${row.control.id} ${ms(row.control.answersBy ? row.coldAnswer : row.coldMedian)}${row.control.answersBy ? " to its first answer" : ""}`,
  ),
  goal(
    "Every form interaction ≤ 200 ms cold and warm (medians)",
    formRows,
    (row) => within(row.coldMedian, 200) && within(row.warmMedian, 200),
    (row) => `${row.control.id} ${ms(row.coldMedian)} cold, ${ms(row.warmMedian)} warm`,
  ),
  goal(
    "Script before interaction ≤ 20 KiB gzip per public route",
    payloads,
    (row) => row.bytes <= 20 * 1024,
    (row) => `${row.route} ${f1(row.bytes / 1024)} KiB`,
  ),
];

const today = new Date().toISOString().slice(0, 10);
const label = `commit ${commit}${siteChanges ? " with uncommitted changes to the site" : ""}, ${today}, ${RUNS} run${RUNS === 1 ? "" : "s"}`;
// BENCHMARKS.md's table has the goals' rows and the control rows; the console gets every row.
const tableOf = (shown) => [
  `| control | route | cold median | cold worst | warm median | warm worst | cold: ET / visible | warm: ET / visible | a link's first answer: cold / warm | cold taps before the page script (native) or island (forms) |`,
  `| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |`,
  ...shown.map(
    (row) =>
      `| ${row.control.label} | ${row.control.route} | ${ms(row.coldMedian)} | ${ms(row.coldWorst)}${row.coldLost ? ` (${row.coldLost} lost)` : ""} | ${ms(row.warmMedian)} | ${ms(row.warmWorst)}${row.warmLost ? ` (${row.warmLost} lost)` : ""} | ${et(row.coldEt)} / ${ms(row.coldVisible)} | ${et(row.warmEt)} / ${ms(row.warmVisible)} | ${row.control.answersBy ? `${ms(row.coldAnswer)} / ${ms(row.warmAnswer)}` : "-"} | ${row.control.kind === "control" ? "- (no script)" : `${row.early} of ${row.runs}`}${row.crossDocument ? ` (${row.crossDocument} loaded a new page)` : ""} |`,
  ),
];
const inGoalsOrControl = (row) => !["early", "fallback"].includes(row.control.kind);
const runTable = [
  ...tableOf(rows.filter(inGoalsOrControl)),
  "",
  "Goals:",
  "",
  ...goals,
  `- Script before interaction per route, KiB gzip (files, content-encoding; React DOM loaded): ${payloads
    .map(
      (row) =>
        `${row.route} ${f1(row.bytes / 1024)} (${row.files}, ${served(row)}; ${row.react.length ? `yes: ${row.react.map((path) => path.split("/").pop()).join(", ")}` : "no"})`,
    )
    .join(", ")}.`,
  "",
  `Native controls: ${nativeRows.map((row) => row.control.id).join(", ")}; form interactions: ${formRows.map((row) => row.control.id).join(", ")} (not in the goals, nor in this table: the wizard's early tap and Apply Now without a prerender, which the run prints; nor are the control rows, the same kinds of native control and link on almost empty pages, the floor a tap has on this machine). Playwright's tap lifts the finger ${f0(held)} ms (median from pointerdown to pointerup) after it touches down. Machine: ${cpus().length} × ${cpus()[0]?.model.trim() ?? "CPU"}, ${f0(totalmem() / 2 ** 30)} GiB, load average ${loadBefore.map((n) => n.toFixed(2)).join(" / ")} before and ${loadAfter.map((n) => n.toFixed(2)).join(" / ")} after (1 / 5 / 15 min); Node ${process.versions.node}, Chromium ${chromiumVersion} (${chromiumPath}) through playwright-core ${version("playwright-core")}.`,
].join("\n");
const everyRow = `Every row:\n${tableOf(rows).join("\n")}`;

if (ONLY) {
  console.log(`\n${everyRow}\n\n${runTable}\n\nBENCH_ONLY set: a partial run; BENCHMARKS.md left as it was.`);
  process.exit(0);
}

// The baseline kept from the section as it is, unless this run replaces it.
const file = join(ROOT, "BENCHMARKS.md");
const existing = existsSync(file) ? readFileSync(file, "utf8") : "";
const sectionStart = existing.search(/^## Taps$/m);
const section = sectionStart === -1 ? "" : existing.slice(sectionStart).split(/\n(?=## )/)[0];
const baselineStart = section.indexOf("\n### Baseline");
const keptBaseline =
  AS_BASELINE || baselineStart === -1
    ? null
    : section
        .slice(baselineStart + 1)
        .split(/\n(?=### )/)[0]
        .trimEnd() + "\n";

const intro = `## Taps

\`flock /tmp/bench.lock npm run bench:taps\` (bench/taps.mjs, after \`npm run build\`; \`BENCH_TAPS_BASELINE=1\` makes a run the baseline, any other run is written beside it).

How long a tap on each interactive control of the public site takes on a slow phone: headless Chromium, ${VIEWPORT.width} × ${VIEWPORT.height}, mobile with touch, CPU slowed ${CPU_SLOWDOWN}× (CDP \`Emulation.setCPUThrottlingRate\`), no network throttling, the built site served by the production server on loopback. Each control is tapped **cold** (a new browser context, so an empty cache: the page loaded, the control scrolled into view, ${IDLE_MS / 1000} s idle, the first tap) and **warm** (the page's script run and a form's island awake, what the first tap opened closed or reset, ${IDLE_MS / 1000} s idle, the same tap again), BENCH_RUNS times (3 unless set; each table says). Times in ms from the tap's pointerdown (its event timestamp, so waiting for a busy main thread counts). What "on screen" means for each control, and how the script is counted: bench/taps.mjs.

- **ET**: Event Timing, the longest \`event\` entry (pointerdown, pointerup, click) of the tap, INP's measure: input delay, handlers and the next paint. Entries under 16 ms are not reported ("<16").
- **visible**: the first frame in which the expected result is on screen (a link, an ordinary page load, is followed into the new page).
- **a link's first answer**: for Get Funding Now (an in-page link) the first frame in which the page has moved, for Apply Now (a link to the home page) that page's first contentful paint; the larger of it and Event Timing. The page's smooth scroll to the form follows: "visible" keeps the time to the form's first field wholly in view. The goal for a native control is judged on this first answer for the two links, on "to result" for the others.
- **cold / warm median and worst** are "to result", the larger of the two. "No answer": the result was not on screen within ${TIMEOUT_MS / 1000} s (the tap was lost); it counts as the slowest.
`;

// Hand-written subsections (any "### " but the baseline and the latest run) stay, after the run.
const notes = section
  .split(/\n(?=### )/)
  .slice(1)
  .filter((part) => !/^### (Baseline|Latest run)/.test(part))
  .map((part) => `\n${part.trimEnd()}\n`)
  .join("");
// A run is the baseline only when asked (BENCH_TAPS_BASELINE=1); without a kept baseline (it lives
// in git history: git show 8b3b5cf:BENCHMARKS.md), the run is the latest one alone.
const baseline = AS_BASELINE
  ? `### Baseline (${label})\n\n${runTable}\n`
  : keptBaseline
    ? `${keptBaseline.trimEnd()}\n`
    : "";
const latest = AS_BASELINE ? "" : `${baseline ? "\n" : ""}### Latest run (${label})\n\n${runTable}\n`;
writeBenchmarksSection(`${intro}\n${baseline}${latest}${notes}`);
log(
  `BENCHMARKS.md: ${AS_BASELINE ? "written as the baseline" : keptBaseline ? "latest run beside the kept baseline" : "latest run"}`,
);
console.log(`\n${everyRow}\n\n${runTable}`);
