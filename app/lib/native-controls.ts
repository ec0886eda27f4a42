/**
 * The page's controls are the browser's own: the mobile menu is a popover
 * (`popover` + `popovertarget`), the dialogs are `<dialog>` elements shown as
 * popovers by their invokers (`popovertarget`, ui/native-dialog.tsx), the
 * header's glass turns solid through a CSS scroll-driven animation. They
 * answer a tap before any script has run. This module adds what the platform
 * leaves to the page, and stands in where a browser lacks a feature:
 *
 * - a dialog about to open loads its deferred frames (`iframe[data-src]`, the
 *   booking page loads on open, never before), reports the opening
 *   (`data-track-open` names the event), and renders only its first screen in
 *   the frame that answers the tap (what is marked `data-after-open` follows
 *   one frame later);
 * - an open dialog is modal: once its first frame has painted, the page stops
 *   scrolling (keeping its scrollbar's gutter) and everything outside the dialog is made inert (assistive
 *   technology and the keyboard stay in it), and both are given back just
 *   before it closes, so focus can return to the trigger; focus wraps at its
 *   ends;
 * - a choice in an open popover menu closes it, and the menu button's
 *   `aria-expanded` and label follow the popover;
 * - fallbacks, each feature-detected: popovers (a dialog then opens with
 *   `showModal`, or where that is missing too as an open dialog with Escape,
 *   outside click and focus return; the menu by `data-open`), and the
 *   header's scroll state (IntersectionObserver sets `data-scrolled` where
 *   scroll-driven animations are missing).
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
    modal: typeof HTMLDialogElement !== "undefined" && "showModal" in HTMLDialogElement.prototype,
    popover: typeof HTMLElement !== "undefined" && "popover" in HTMLElement.prototype,
    scrollTimeline: typeof CSS !== "undefined" && CSS.supports?.("animation-timeline: scroll()") === true,
  };
}

/** The invoker that opened each dialog the fallback opened, for focus to go back to. */
const openedBy = new WeakMap<HTMLDialogElement, HTMLElement>();
/** Each open dialog holding the page behind it, with what gives the page back. */
const held = new Map<HTMLDialogElement, () => void>();

const isDialog = (element: Element | null): element is HTMLDialogElement => element?.localName === "dialog";

/** `element.matches(selector)`, false where the browser does not know the selector (it has no such state). */
function matchesIfKnown(element: Element, selector: ":popover-open" | ":modal"): boolean {
  try {
    return element.matches(selector);
  } catch {
    return false;
  }
}

/** Open or not, whichever way it opened: as a popover, or by the fallback's `open` attribute. */
function isOpen(dialog: HTMLDialogElement): boolean {
  return dialog.hasAttribute("open") || matchesIfKnown(dialog, ":popover-open");
}

/** Loads the dialog's deferred frames and reports the opening. */
function prepare(dialog: HTMLDialogElement): void {
  for (const frame of dialog.querySelectorAll<HTMLIFrameElement>("iframe[data-src]")) {
    const src = frame.dataset.src;
    if (src && frame.getAttribute("src") !== src) frame.src = src;
  }
  const event = dialog.dataset.trackOpen;
  if (event) track(event as BrowserEvent);
}

/**
 * Called as a dialog opens, however it opens: prepares it, and keeps its
 * first frame to its first screen: what is marked `data-after-open` (content
 * below the fold of a long dialog) is not rendered in it
 * (`dialog[data-opening]`, theme.css). Once that frame has painted, the rest
 * renders and the page behind is held.
 */
function opening(dialog: HTMLDialogElement): void {
  prepare(dialog);
  dialog.setAttribute("data-opening", "");
  afterNextPaint(() => {
    dialog.removeAttribute("data-opening");
    if (isOpen(dialog)) holdPageBehind(dialog);
  });
}

/** Runs `task` once the browser has painted the next frame (the one that answers a tap). */
function afterNextPaint(task: () => void): void {
  requestAnimationFrame(() => setTimeout(task, 0));
}

/**
 * Makes everything outside `dialog` inert, up to the body: each ancestor's
 * other children. What was inert already stays as it was. Returns the undo.
 */
function inertOutside(dialog: HTMLElement): () => void {
  const made: Element[] = [];
  for (let inside: Element | null = dialog; inside?.parentElement; inside = inside.parentElement) {
    for (const sibling of inside.parentElement.children) {
      if (sibling === inside || sibling.hasAttribute("inert")) continue;
      sibling.setAttribute("inert", "");
      made.push(sibling);
    }
    if (inside.parentElement === dialog.ownerDocument.body) break;
  }
  return () => {
    for (const element of made) element.removeAttribute("inert");
  };
}

/**
 * Holds the page behind an open dialog, once the dialog's first frame has
 * painted: it stops scrolling (`html[data-dialog-open]`, theme.css) and,
 * unless the browser made the dialog modal itself, becomes inert. Either
 * change restyles the page (inert every element on screen); made in the tap's
 * own frame, they would hold the dialog back. A dialog taken out of the page
 * while open (its island re-rendered) gives the page back too: the browser
 * then fires no toggle event.
 */
function holdPageBehind(dialog: HTMLDialogElement): void {
  if (held.has(dialog)) return;
  const root = dialog.ownerDocument.documentElement;
  const undoInert = matchesIfKnown(dialog, ":modal") ? () => {} : inertOutside(dialog);
  // Where the page's scrollbar takes space, its gutter stays while the page stops scrolling, so
  // nothing behind the dialog moves sideways or rewraps (theme.css).
  const view = dialog.ownerDocument.defaultView;
  if (!root.hasAttribute("data-dialog-open"))
    root.toggleAttribute("data-scrollbar-gutter", !!view && view.innerWidth > root.clientWidth);
  root.setAttribute("data-dialog-open", "");
  const removed = new MutationObserver(() => {
    if (!dialog.isConnected) releasePageBehind(dialog);
  });
  removed.observe(dialog.ownerDocument.body, { childList: true, subtree: true });
  held.set(dialog, () => {
    removed.disconnect();
    undoInert();
    if (held.size === 0) {
      root.removeAttribute("data-dialog-open");
      root.removeAttribute("data-scrollbar-gutter");
    }
  });
}

function releasePageBehind(dialog: HTMLDialogElement): void {
  const release = held.get(dialog);
  held.delete(dialog);
  release?.();
}

/** Where popovers are missing: `showModal`, or, lacking that too, an open dialog with focus moved in. */
function openFallbackDialog(dialog: HTMLDialogElement, invoker: HTMLElement, modal: boolean): void {
  if (isOpen(dialog)) return;
  openedBy.set(dialog, invoker);
  opening(dialog);
  if (modal) dialog.showModal();
  else {
    dialog.setAttribute("open", "");
    dialog.setAttribute("data-fallback-modal", "");
    (focusables(dialog)[0] ?? dialog).focus();
  }
}

function closeFallbackDialog(dialog: HTMLDialogElement, modal: boolean): void {
  if (!isOpen(dialog)) return;
  releasePageBehind(dialog);
  if (modal) dialog.close();
  else {
    dialog.removeAttribute("open");
    dialog.removeAttribute("data-fallback-modal");
  }
  openedBy.get(dialog)?.focus();
}

/** A dialog's own controls in tab order: those rendered at this width (its focus guard left out). */
function focusables(dialog: HTMLElement): HTMLElement[] {
  return [
    ...dialog.querySelectorAll<HTMLElement>(
      "button:not([disabled]), [href], input:not([disabled]), select, textarea, iframe, [tabindex]:not([tabindex='-1'])",
    ),
  ].filter((element) => !element.hasAttribute("data-focus-wrap") && isRendered(element));
}

/** Not hidden at this width (the comparison's table or its cards); where the check is missing, yes. */
function isRendered(element: HTMLElement): boolean {
  return typeof element.checkVisibility !== "function" || element.checkVisibility();
}

/**
 * The Tab key, by its key or, where the key is not named, by its place on the
 * keyboard: WebKitGTK reports Shift+Tab (GTK's ISO_Left_Tab) as key
 * "Unidentified" with code "Tab".
 */
function isTab(event: KeyboardEvent): boolean {
  return event.key === "Tab" || (event.key === "Unidentified" && event.code === "Tab");
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
  return popover ? matchesIfKnown(menu, ":popover-open") : menu.hasAttribute("data-open");
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

    // Where popovers are missing, the invokers are the script's: a dialog's, and the menu's.
    const invoker = target.closest<HTMLElement>("button[popovertarget]");
    if (invoker && !support.popover) {
      const controlled = doc.getElementById(invoker.getAttribute("popovertarget") ?? "");
      const action = invoker.getAttribute("popovertargetaction") ?? "toggle";
      if (isDialog(controlled)) {
        const open = action === "show" || (action === "toggle" && !isOpen(controlled));
        if (open) openFallbackDialog(controlled, invoker, support.modal);
        else closeFallbackDialog(controlled, support.modal);
      } else if (controlled) {
        setMenuOpen(
          controlled,
          action === "toggle" ? !isMenuOpen(controlled, false) : action === "show",
          false,
        );
      }
      return;
    }

    // Outside click on a fallback dialog: the click lands on the dialog itself, beyond its box.
    if (isDialog(target) && !support.popover && isOpen(target)) {
      const box = target.getBoundingClientRect();
      const inside =
        event.clientX >= box.left &&
        event.clientX <= box.right &&
        event.clientY >= box.top &&
        event.clientY <= box.bottom;
      if (!inside) closeFallbackDialog(target, support.modal);
      return;
    }

    // A choice inside the menu closes it.
    const menu = target.closest<HTMLElement>("[popover][data-close-on-choice]");
    if (menu && target.closest("a[href]")) setMenuOpen(menu, false, support.popover);
  });

  // A dialog shown as a popover, however it was shown: its opening (above), and the page behind it
  // given back before it closes (the browser then returns focus to the trigger).
  // Toggle events do not bubble: listened to on the way down.
  on(
    "beforetoggle",
    (event) => {
      const dialog = event.target as Element;
      if (!isDialog(dialog)) return;
      if (event.newState === "open") opening(dialog);
      else releasePageBehind(dialog);
    },
    true,
  );

  // A dialog the fallback opened with showModal() may close natively (Escape): it gives the page back.
  on(
    "close",
    (event) => {
      if (isDialog(event.target as Element)) releasePageBehind(event.target as HTMLDialogElement);
    },
    true,
  );

  // A popover menu's button follows it.
  on(
    "toggle",
    (event) => {
      const menu = event.target as HTMLElement;
      if (!isDialog(menu) && menu.hasAttribute?.("popover") && menu.id)
        syncMenuButton(menu, matchesIfKnown(menu, ":popover-open"));
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
    if (!isTab(event) || !event.shiftKey || !(event.target instanceof HTMLElement)) return;
    const dialog = event.target.closest("dialog");
    const all = dialog ? focusables(dialog) : [];
    if (all.length > 1 && event.target === all[0]) {
      event.preventDefault();
      all[all.length - 1].focus();
    }
  });

  if (!support.popover) {
    on("keydown", (event) => {
      if (event.key !== "Escape") return;
      if (!support.modal) {
        const open = doc.querySelector<HTMLDialogElement>("dialog[open][data-fallback-modal]");
        if (open) closeFallbackDialog(open, false);
      }
      for (const menu of doc.querySelectorAll<HTMLElement>("[popover][data-open]"))
        setMenuOpen(menu, false, false);
    });
  }

  if (!support.scrollTimeline) cleanups.push(observeHeaderScroll(doc));
  cleanups.push(() => {
    for (const dialog of [...held.keys()]) releasePageBehind(dialog);
  });

  // The script comes after the first paint: a dialog the browser already opened (and painted) is prepared
  // and holds the page now.
  for (const dialog of doc.querySelectorAll<HTMLDialogElement>("dialog[popover]")) {
    if (!isOpen(dialog)) continue;
    prepare(dialog);
    holdPageBehind(dialog);
  }

  return () => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  };
}
