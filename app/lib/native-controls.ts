/**
 * The page's controls are the browser's own: the mobile menu is a popover
 * (`popover` + `popovertarget`), the dialogs are `<dialog>` elements opened
 * by invoker buttons (`command="show-modal"` + `commandfor`), the header's
 * glass turns solid through a CSS scroll-driven animation. They answer a tap
 * before any script has run. This module adds what the platform leaves to
 * the page, and stands in where a browser lacks a feature:
 *
 * - an invoker opening a dialog first loads the dialog's deferred frames
 *   (`iframe[data-src]`, the booking page loads on open, never before) and
 *   reports the opening (`data-track-open` names the event);
 * - a choice in an open popover menu closes it, and the menu button's
 *   `aria-expanded` and label follow the popover;
 * - fallbacks, each feature-detected: invoker commands (`command`), outside
 *   click (`closedby="any"`), modal dialogs themselves (`showModal`, with
 *   Escape and focus return), popovers, and the header's scroll state
 *   (IntersectionObserver sets `data-scrolled` where scroll-driven
 *   animations are missing).
 *
 * Everything is delegated from the document, so controls rendered later (the
 * wizard's booking offer) work too. A dialog opened before this ran (the
 * page's script loads after the first paint) is prepared when it runs.
 * Returns a function that undoes it all.
 */
import { track } from "./analytics";
import type { BrowserEvent } from "#domain/analytics/events";

/** What a browser does natively; each is looked up when wired, so tests can remove one. */
export function nativeSupport() {
  return {
    command: typeof HTMLButtonElement !== "undefined" && "command" in HTMLButtonElement.prototype,
    closedBy: typeof HTMLDialogElement !== "undefined" && "closedBy" in HTMLDialogElement.prototype,
    modal: typeof HTMLDialogElement !== "undefined" && "showModal" in HTMLDialogElement.prototype,
    popover: typeof HTMLElement !== "undefined" && "popover" in HTMLElement.prototype,
    scrollTimeline: typeof CSS !== "undefined" && CSS.supports?.("animation-timeline: scroll()") === true,
  };
}

/** The invoker that opened each dialog the fallback opened, for focus to go back to. */
const openedBy = new WeakMap<HTMLDialogElement, HTMLElement>();

/** Open or not, by its attribute (which the browser's own dialog keeps too). */
const isOpen = (dialog: HTMLDialogElement) => dialog.hasAttribute("open");

function dialogOf(invoker: Element): HTMLDialogElement | null {
  const id = invoker.getAttribute("commandfor");
  const target = id ? invoker.ownerDocument.getElementById(id) : null;
  return target instanceof HTMLElement && target.localName === "dialog"
    ? (target as HTMLDialogElement)
    : null;
}

/** Loads the dialog's deferred frames and reports the opening; called before it opens. */
function prepare(dialog: HTMLDialogElement): void {
  for (const frame of dialog.querySelectorAll<HTMLIFrameElement>("iframe[data-src]")) {
    const src = frame.dataset.src;
    if (src && frame.getAttribute("src") !== src) frame.src = src;
  }
  const event = dialog.dataset.trackOpen;
  if (event) track(event as BrowserEvent);
}

function openDialog(dialog: HTMLDialogElement, invoker: HTMLElement, modal: boolean): void {
  if (isOpen(dialog)) return;
  openedBy.set(dialog, invoker);
  if (modal) dialog.showModal();
  else {
    dialog.setAttribute("open", "");
    dialog.setAttribute("data-fallback-modal", "");
    (focusables(dialog)[0] ?? dialog).focus();
  }
}

function closeDialog(dialog: HTMLDialogElement, modal: boolean): void {
  if (!isOpen(dialog)) return;
  if (modal) dialog.close();
  else {
    dialog.removeAttribute("open");
    dialog.removeAttribute("data-fallback-modal");
    openedBy.get(dialog)?.focus();
  }
}

/** A dialog's own controls in tab order (its focus guard left out). */
function focusables(dialog: HTMLElement): HTMLElement[] {
  return [
    ...dialog.querySelectorAll<HTMLElement>(
      "button:not([disabled]), [href], input:not([disabled]), select, textarea, iframe, [tabindex]:not([tabindex='-1'])",
    ),
  ].filter((element) => !element.hasAttribute("data-focus-wrap"));
}

/** Keeps a popover menu's button in step: `aria-expanded` and its open or closed label. */
function syncMenuButton(menu: HTMLElement, open: boolean): void {
  for (const button of menu.ownerDocument.querySelectorAll<HTMLElement>(`[popovertarget="${menu.id}"]`)) {
    button.setAttribute("aria-expanded", String(open));
    const label = open ? button.dataset.labelOpen : button.dataset.labelClosed;
    if (label) button.setAttribute("aria-label", label);
  }
}

function isMenuOpen(menu: HTMLElement, popover: boolean): boolean {
  return popover ? menu.matches(":popover-open") : menu.hasAttribute("data-open");
}

function setMenuOpen(menu: HTMLElement, open: boolean, popover: boolean): void {
  if (isMenuOpen(menu, popover) === open) return;
  if (popover) {
    if (open) menu.showPopover();
    else menu.hidePopover();
    return; // the toggle event syncs the button
  }
  menu.toggleAttribute("data-open", open);
  syncMenuButton(menu, open);
}

/** The header's solid state where CSS cannot derive it from the scroll position. */
function observeHeaderScroll(doc: Document): () => void {
  const header = doc.querySelector<HTMLElement>("[data-scroll-header]");
  const sentinel = doc.querySelector<HTMLElement>("[data-scroll-sentinel]");
  if (!header || !sentinel || typeof IntersectionObserver !== "function") return () => {};
  const observer = new IntersectionObserver(([entry]) => {
    header.dataset.scrolled = String(!entry.isIntersecting);
  });
  observer.observe(sentinel);
  return () => observer.disconnect();
}

export function wireNativeControls(doc: Document = document): () => void {
  const support = nativeSupport();
  const cleanups: (() => void)[] = [];
  const on = <K extends keyof DocumentEventMap>(
    type: K,
    listener: (event: DocumentEventMap[K]) => void,
    capture = false,
  ) => {
    doc.addEventListener(type, listener, capture);
    cleanups.push(() => doc.removeEventListener(type, listener, capture));
  };

  on("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;

    // Dialog invokers: prepare on open, and stand in for `command` where missing.
    const invoker = target.closest<HTMLElement>("button[commandfor]");
    const dialog = invoker && dialogOf(invoker);
    if (invoker && dialog) {
      const command = invoker.getAttribute("command");
      if (command === "show-modal" && !isOpen(dialog)) prepare(dialog);
      if (!support.command) {
        if (command === "show-modal") openDialog(dialog, invoker, support.modal);
        else if (command === "close") closeDialog(dialog, support.modal);
      }
      return;
    }

    // Outside click: the click lands on the dialog element itself, beyond its box (the backdrop).
    if (target.localName === "dialog" && (!support.closedBy || !support.modal)) {
      const open = target as HTMLDialogElement;
      if (open.getAttribute("closedby") !== "any" || !isOpen(open)) return;
      const box = open.getBoundingClientRect();
      const inside =
        event.clientX >= box.left &&
        event.clientX <= box.right &&
        event.clientY >= box.top &&
        event.clientY <= box.bottom;
      if (!inside) closeDialog(open, support.modal);
      return;
    }

    // The menu: a choice inside it closes it; without popovers its button toggles it.
    const menuButton = target.closest<HTMLElement>("button[popovertarget]");
    if (menuButton && !support.popover) {
      const menu = doc.getElementById(menuButton.getAttribute("popovertarget") ?? "");
      if (menu) setMenuOpen(menu, !isMenuOpen(menu, false), false);
      return;
    }
    const menu = target.closest<HTMLElement>("[popover][data-close-on-choice]");
    if (menu && target.closest("a[href]")) setMenuOpen(menu, false, support.popover);
  });

  // A popover's toggle event does not bubble: listened to on the way down.
  on(
    "toggle",
    (event) => {
      const menu = event.target as HTMLElement;
      if (menu.hasAttribute?.("popover") && menu.id) syncMenuButton(menu, menu.matches(":popover-open"));
    },
    true,
  );

  // A deferred frame reports that it loaded (`data-track-load` names the event).
  on(
    "load",
    (event) => {
      const frame = event.target as HTMLElement;
      const name = frame.localName === "iframe" && frame.getAttribute("src") && frame.dataset.trackLoad;
      if (name) track(name as BrowserEvent);
    },
    true,
  );

  // Focus stays in an open dialog: past its last control it wraps to the first, and back.
  on("focusin", (event) => {
    const guard = event.target instanceof HTMLElement && event.target.closest("[data-focus-wrap]");
    const dialog = guard && guard.closest("dialog");
    if (dialog) focusables(dialog)[0]?.focus();
  });
  on("keydown", (event) => {
    if (event.key !== "Tab" || !event.shiftKey || !(event.target instanceof HTMLElement)) return;
    const dialog = event.target.closest("dialog");
    const all = dialog ? focusables(dialog) : [];
    if (all.length > 1 && event.target === all[0]) {
      event.preventDefault();
      all[all.length - 1].focus();
    }
  });

  if (!support.modal || !support.popover) {
    on("keydown", (event) => {
      if (event.key !== "Escape") return;
      if (!support.modal) {
        const open = doc.querySelector<HTMLDialogElement>("dialog[open]");
        if (open) closeDialog(open, false);
      }
      if (!support.popover) {
        for (const menu of doc.querySelectorAll<HTMLElement>("[popover][data-open]"))
          setMenuOpen(menu, false, false);
      }
    });
  }

  if (!support.scrollTimeline) cleanups.push(observeHeaderScroll(doc));

  // The script comes after the first paint: a dialog the browser already opened gets its frames now.
  for (const open of doc.querySelectorAll<HTMLDialogElement>("dialog[open]")) prepare(open);

  return () => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  };
}
