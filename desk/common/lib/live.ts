/**
 * The live inbox in the browser: one connection per tab to GET /api/desk/live
 * (server-sent events), shared by whoever listens (the navigation's count, the
 * inbox's list) and open while anyone does.
 *
 * The browser's EventSource reconnects by itself after a dropped connection;
 * once it is back, listeners are told to refetch (what changed meanwhile was
 * missed). A refused connection (the session ended, the server failed) is
 * not retried by the browser: the desk then asks for the count with a plain
 * request, and a 401 sends the user to sign in as every other request does.
 * After FAILURES_BEFORE_POLLING failures in a row, or without EventSource,
 * the count is polled every POLL_MS instead (a change of the count is then
 * the only news), and the stream is tried again every STREAM_RETRY_MS.
 *
 * An unattended tab (hidden, or no key, pointer or scroll for IDLE_AFTER_MS)
 * fetches nothing on its own: the stream is not a use of the session, so an
 * unattended desk still signs itself out after the idle timeout.
 */
import { useEffect, useRef, useSyncExternalStore } from "react";
import { useLocation, useNavigate } from "react-router";
import type { LiveChange, LiveEvent, NewCount } from "#domain/desk/contract";
import { API_BASE, isSignedOut, request } from "../api/client";
import { signInPath } from "./session";

export const LIVE_URL = `${API_BASE}/live`;
export const POLL_MS = 10_000;
export const FAILURES_BEFORE_POLLING = 3;
export const STREAM_RETRY_MS = 60_000;
/** A refused stream is opened again after this long (while not polling). */
export const REOPEN_MS = 5_000;
export const IDLE_AFTER_MS = 5 * 60_000;
/** Changes arriving together (this close) make one refetch, and refetches come at most every REFETCH_EVERY_MS. */
export const REFETCH_GATHER_MS = 50;
export const REFETCH_EVERY_MS = 1_000;

interface Listener {
  /** Applications changed (empty: something may have, refetch anyway). */
  changes?(changes: LiveChange[]): void;
  /** The session is over. */
  signedOut?(): void;
}

type Data<E extends LiveEvent["event"]> = Extract<LiveEvent, { event: E }>["data"];

const listeners = new Set<Listener>();
const countWatchers = new Set<() => void>();
let count: number | null = null;
/** Each view's part of `count` (Mine's, Unassigned's), as last heard; null before the first or when the server left it out. */
let views: NewCount["views"] | null = null;
let source: EventSource | null = null;
let openedBefore = false;
let failures = 0;
let pollTimer: ReturnType<typeof setInterval> | null = null;
let reopenTimer: ReturnType<typeof setTimeout> | null = null;
let lastActivity = Date.now();

const ACTIVITY_EVENTS = ["pointerdown", "keydown", "wheel", "scroll", "touchstart", "focus"] as const;
// Capture: a scroll inside any element counts too (scroll events do not bubble).
const ACTIVITY_OPTIONS = { capture: true, passive: true };
const noteActivity = () => (lastActivity = Date.now());

/** Someone is looking: the tab is visible and was used within IDLE_AFTER_MS. */
export function isAttended(): boolean {
  return document.visibilityState !== "hidden" && Date.now() - lastActivity < IDLE_AFTER_MS;
}

function setCount(next: NewCount) {
  const nextViews = next.views ?? null;
  const sameViews =
    nextViews === views ||
    (nextViews !== null &&
      views !== null &&
      nextViews.mine === views.mine &&
      nextViews.unassigned === views.unassigned);
  if (next.count === count && sameViews) return;
  count = next.count;
  // A new object only when a number moved: React compares snapshots by identity.
  if (!sameViews) views = nextViews && { mine: nextViews.mine, unassigned: nextViews.unassigned };
  for (const watcher of countWatchers) watcher();
}

function emitChanges(changes: LiveChange[]) {
  for (const listener of listeners) listener.changes?.(changes);
}

function emitSignedOut() {
  stop();
  for (const listener of listeners) listener.signedOut?.();
}

/** The count by a plain request: the first paint, polling, and telling a refused stream from a signed-out user. */
async function fetchCount(): Promise<void> {
  try {
    const previous = count;
    const answer = await request<NewCount>("/applications/new-count");
    setCount(answer);
    if (previous !== null && previous !== answer.count && pollTimer) emitChanges([]);
  } catch (error) {
    if (isSignedOut(error)) emitSignedOut();
  }
}

/** Polls the count (if not already), and tries the stream again in STREAM_RETRY_MS. */
function startPolling() {
  if (!pollTimer) {
    void fetchCount();
    pollTimer = setInterval(() => {
      if (isAttended()) void fetchCount();
    }, POLL_MS);
  }
  if (typeof EventSource !== "undefined") scheduleOpen(STREAM_RETRY_MS);
}

function stopPolling() {
  if (pollTimer) clearInterval(pollTimer);
  pollTimer = null;
}

function scheduleOpen(delayMs: number) {
  if (reopenTimer) return;
  reopenTimer = setTimeout(() => {
    reopenTimer = null;
    openStream();
  }, delayMs);
}

function closeStream() {
  source?.close();
  source = null;
}

function openStream() {
  if (source || listeners.size === 0) return;
  const stream = new EventSource(LIVE_URL);
  source = stream;
  stream.addEventListener("open", () => {
    failures = 0;
    stopPolling();
    // Back after a gap: whatever changed meanwhile was not heard.
    if (openedBefore) emitChanges([]);
    openedBefore = true;
  });
  stream.addEventListener("counts", (event) => {
    setCount(JSON.parse((event as MessageEvent<string>).data) as Data<"counts">);
  });
  stream.addEventListener("applications", (event) => {
    emitChanges((JSON.parse((event as MessageEvent<string>).data) as Data<"applications">).changes);
  });
  stream.addEventListener("error", () => {
    if (source !== stream) return;
    failures += 1;
    const refused = stream.readyState === EventSource.CLOSED;
    if (refused || failures >= FAILURES_BEFORE_POLLING) closeStream();
    // A refusal may be the end of the session: a plain request says so.
    if (refused) void fetchCount();
    if (failures >= FAILURES_BEFORE_POLLING) startPolling();
    else if (refused) scheduleOpen(REOPEN_MS);
  });
}

function start() {
  for (const name of ACTIVITY_EVENTS) window.addEventListener(name, noteActivity, ACTIVITY_OPTIONS);
  if (typeof EventSource === "undefined") startPolling();
  else openStream();
}

function stop() {
  closeStream();
  stopPolling();
  if (reopenTimer) clearTimeout(reopenTimer);
  reopenTimer = null;
  for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, noteActivity, ACTIVITY_OPTIONS);
}

/** Listens while the returned function is not called; the first listener opens the connection, the last closes it. */
export function listen(listener: Listener): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    failures = 0;
    openedBefore = false;
    count = null;
    views = null;
    start();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) stop();
  };
}

const watchCount = (watcher: () => void) => {
  countWatchers.add(watcher);
  return () => void countWatchers.delete(watcher);
};

/** "(3) Inbox · Lead desk": the count before the page's own title (none at zero). */
export function titleWithCount(title: string, newCount: number | null): string {
  const bare = title.replace(/^\(\d+\+?\) /, "");
  return newCount ? `(${newCount > 99 ? "99+" : newCount}) ${bare}` : bare;
}

/**
 * The signed-in user's count of new applications, live, also shown in the
 * tab's title whatever page set it; a session found over sends them to sign in.
 * Used once, by the signed-in layout.
 */
export function useNewCount(): number | null {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef(location.pathname + location.search);
  useEffect(() => {
    here.current = location.pathname + location.search;
  }, [location.pathname, location.search]);

  useEffect(
    () => listen({ signedOut: () => navigate(signInPath(here.current), { replace: true }) }),
    [navigate],
  );
  const current = useSyncExternalStore(watchCount, () => count);

  useEffect(() => {
    const apply = () => {
      const next = titleWithCount(document.title, current);
      if (next !== document.title) document.title = next;
    };
    apply();
    // Pages set their own titles (useDocumentTitle): put the count back in front.
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = titleWithCount(document.title, null);
    };
  }, [current]);
  return current;
}

/**
 * Each owner view's part of the new count (Mine, Unassigned), live: the
 * inbox's tabs show it. Null until the server has said. Reads what the
 * signed-in layout's connection hears (useNewCount opens it).
 */
export function useNewCountViews(): NewCount["views"] | null {
  return useSyncExternalStore(watchCount, () => views);
}

/** A change this tab made itself is not news to it for this long after its request ended. */
export const OWN_CHANGE_MS = 5_000;
/** Applications this tab is changing, and until when (Infinity: still sending). */
const changingHere = new Map<string, number>();

/**
 * This tab is changing these applications itself (the inbox's bulk actions):
 * their `updated` changes are not news to it, from now until OWN_CHANGE_MS
 * after the returned function is called (when the request is over and the
 * page has fetched what it did). Others' changes to other applications still are.
 */
export function changing(ids: readonly string[]): () => void {
  for (const id of ids) changingHere.set(id, Infinity);
  return () => {
    const until = Date.now() + OWN_CHANGE_MS;
    for (const id of ids) changingHere.set(id, until);
  };
}

function isOwnChange(change: LiveChange): boolean {
  const until = changingHere.get(change.id);
  if (until === undefined || change.kind !== "updated") return false;
  if (until > Date.now()) return true;
  changingHere.delete(change.id);
  return false;
}

/**
 * Calls `onChange` with what changed while the calling page is shown, soon
 * after the first change and then at most every REFETCH_EVERY_MS with what
 * gathered meanwhile: a burst is a few calls, not one per application. The
 * inbox refetches with it. What this tab is changing itself (`changing`) is
 * left out: a batch of nothing else calls nothing.
 */
export function useLiveInbox(onChange: (changes: LiveChange[]) => void): void {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    let gathered: LiveChange[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastCall = -Infinity;
    const stopListening = listen({
      changes(changes) {
        const news = changes.filter((change) => !isOwnChange(change));
        // Empty: a gap, after which anything may have changed. Only ours: nothing to tell.
        if (changes.length > 0 && news.length === 0) return;
        gathered.push(...news);
        if (timer) return;
        const wait = Math.max(REFETCH_GATHER_MS, lastCall + REFETCH_EVERY_MS - Date.now());
        timer = setTimeout(() => {
          timer = undefined;
          lastCall = Date.now();
          const batch = gathered;
          gathered = [];
          latest.current(batch);
        }, wait);
      },
    });
    return () => {
      clearTimeout(timer);
      stopListening();
    };
  }, []);
}
