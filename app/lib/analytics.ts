/**
 * The site's own analytics in the browser: a queue of small events sent to
 * our server with navigator.sendBeacon, in batches. Nothing is stored in the
 * browser (no cookie, no local or session storage) and nothing identifies the
 * visitor: the server counts visitors with a key that changes every day.
 * Events wait in memory until startAnalytics() runs (after the page is
 * interactive); then they leave on a short timer, and at once when the page
 * is hidden or left. Kept tiny and free of zod: it ships with every page.
 */
import { EVENTS_BODY_LIMIT, type BrowserEvent } from "#domain/analytics/events";

type Props = Record<string, string | number>;

const ENDPOINT = "/api/events";
/** The server takes at most this many events in one request. */
const BATCH_MAX = 50;
/** A page that cannot send (no sendBeacon) keeps no more than this. */
const QUEUE_MAX = 100;
const FLUSH_DELAY_MS = 2000;

let queue: (Props & { t: number })[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let started = false;
/** The page before this one (document.referrer at first), and this page's address. */
let from = "";
let here = "";

/** Records one event. `page` and `referrer` are added: where it happened and the page before. */
export function track(type: BrowserEvent, props?: Props): void {
  if (queue.length >= QUEUE_MAX) return;
  queue.push({
    ...props,
    type,
    page: (location.pathname + location.search).slice(0, 1000),
    referrer: from.slice(0, 1000),
    t: Date.now(),
  });
  if (started) timer ??= setTimeout(flush, FLUSH_DELAY_MS);
}

/** A page view: call on every navigation (the root does). */
export function trackPageView(): void {
  from = here || document.referrer;
  here = location.href;
  track("pageview");
}

/** Sends what is queued, in bodies under the server's limit. Each event says how old it is. */
function flush(): void {
  clearTimeout(timer);
  timer = undefined;
  const now = Date.now();
  let batch: string[] = [];
  let size = 2;
  const send = () => {
    if (batch.length)
      navigator.sendBeacon(ENDPOINT, new Blob([`[${batch.join(",")}]`], { type: "application/json" }));
    batch = [];
    size = 2;
  };
  for (const { t, ...event } of queue) {
    const json = JSON.stringify({ ...event, age: now - t });
    if (size + json.length >= EVENTS_BODY_LIMIT - 200 || batch.length === BATCH_MAX) send();
    batch.push(json);
    size += json.length + 1;
  }
  queue = [];
  send();
}

/** Starts sending (once): call when the page is interactive. */
export function startAnalytics(): void {
  if (started || !navigator.sendBeacon) return;
  started = true;
  document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && flush());
  addEventListener("pagehide", flush);
  flush();
}
