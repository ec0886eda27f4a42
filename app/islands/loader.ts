/**
 * The island loader: the only island code a public page loads up front, and
 * no React. Every `[data-island]` element holds an island's prerendered HTML
 * (see island.tsx); the loader wakes it on the visitor's intent (focus,
 * pointer or touch inside it; the wizard also when it comes within about a
 * screen of the viewport) by importing that island's React code and
 * hydrating the element. Until then the HTML is already usable: fields take
 * typing, and a submit or a button pressed early is held here and replayed
 * once the island is awake. See docs/decisions/0012-islands.md.
 */

import { ROOM_SESSION_PATH, type RoomSessionAnswer } from "#domain/documents/room-view";

/** What an island's client module provides: hydrate `element`, resolving once React has committed. */
export interface IslandModule {
  wake(element: HTMLElement, props: Record<string, unknown>): Promise<void>;
}

type IslandImport = () => Promise<IslandModule>;

/** Each island's code, by its `data-island` name: a chunk of its own, fetched on intent. */
export const islandModules: Record<string, IslandImport> = {
  newsletter: () => import("./newsletter.client"),
  wizard: () => import("./wizard.client"),
  "document-room": () => import("./document-room.client"),
};

/**
 * Islands that also wake at once when a check says the visitor is expected:
 * the document room, when the browser already holds a session
 * (GET /api/room/session answers {open: true}; always a 200, so a visitor
 * without one sees no failed request in the console).
 */
const wakeWhen: Record<string, () => Promise<boolean>> = {
  "document-room": () =>
    fetch(ROOM_SESSION_PATH, { credentials: "same-origin" }).then(
      (response) =>
        response.ok ? response.json().then((answer: RoomSessionAnswer) => answer.open === true) : false,
      () => false,
    ),
};

/** Islands that also wake as they come within this margin of the viewport. */
const wakeOnApproach = new Set(["wizard"]);
const APPROACH_MARGIN = "100% 0px";

const INTENT_EVENTS = ["focusin", "pointerdown", "touchstart"] as const;

/** Something the visitor did before the island woke, done again once it has. */
type HeldAction =
  | { kind: "submit"; form: HTMLFormElement; submitter: HTMLElement | null }
  | { kind: "click"; button: HTMLButtonElement };

const started = new WeakSet<Element>();

/** Wakes every island under `root` on intent; an island already started is left alone. */
export function startIslands(
  root: ParentNode = document,
  modules: Record<string, IslandImport> = islandModules,
): void {
  for (const element of root.querySelectorAll<HTMLElement>("[data-island]")) {
    if (started.has(element)) continue;
    const load = modules[element.dataset.island ?? ""];
    if (load) {
      started.add(element);
      watch(element, load);
    }
  }
}

function watch(element: HTMLElement, load: IslandImport) {
  let state: "asleep" | "waking" | "awake" = "asleep";
  let held: HeldAction | null = null;
  let observer: IntersectionObserver | undefined;

  const hold = (event: Event) => {
    if (state === "awake") return;
    if (event.type === "submit") {
      event.preventDefault();
      event.stopImmediatePropagation();
      const submit = event as SubmitEvent;
      held = { kind: "submit", form: submit.target as HTMLFormElement, submitter: submit.submitter ?? null };
      wake();
      return;
    }
    // A click on a button that would not submit (a choice list, Previous):
    // without React it does nothing, so it is repeated once React is there.
    const button = (event.target as Element | null)?.closest?.("button");
    if (button && button.type !== "submit" && element.contains(button)) {
      event.preventDefault();
      held = { kind: "click", button };
      wake();
    }
  };

  const onIntent = () => wake();

  function listen(on: boolean) {
    const method = on ? "addEventListener" : "removeEventListener";
    for (const type of INTENT_EVENTS)
      element[method](type, onIntent, { capture: true, passive: true } as AddEventListenerOptions);
    element[method]("submit", hold, true);
    element[method]("click", hold, true);
  }

  function wake() {
    if (state !== "asleep") return;
    state = "waking";
    observer?.disconnect();
    load()
      .then((module) => module.wake(element, readProps(element)))
      .then(
        () => {
          state = "awake";
          listen(false);
          element.setAttribute("data-island-awake", "");
          element.removeAttribute("data-island-failed");
          replay();
        },
        () => {
          // The code did not arrive (offline, a deploy in between): the
          // plain HTML stays as it is, and the next intent tries again.
          state = "asleep";
          held = null;
          element.setAttribute("data-island-failed", "");
        },
      );
  }

  function replay() {
    const action = held;
    held = null;
    if (!action) return;
    if (action.kind === "click") {
      if (action.button.isConnected && !action.button.disabled) action.button.click();
    } else if (action.form.isConnected) {
      const submitter = action.submitter;
      if (submitter?.isConnected && submitter.matches(":enabled")) action.form.requestSubmit(submitter);
      else action.form.requestSubmit();
    }
  }

  listen(true);
  void wakeWhen[element.dataset.island ?? ""]?.().then((expected) => {
    if (expected) wake();
  });
  if (wakeOnApproach.has(element.dataset.island ?? "") && typeof IntersectionObserver === "function") {
    observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) wake();
      },
      { rootMargin: APPROACH_MARGIN },
    );
    observer.observe(element);
  }
}

/** The props the island was prerendered with (`data-island-props`, JSON). */
function readProps(element: HTMLElement): Record<string, unknown> {
  const json = element.dataset.islandProps;
  if (!json) return {};
  try {
    const props: unknown = JSON.parse(json);
    return props && typeof props === "object" ? (props as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
