/**
 * Off-screen sections stop costing the page anything once it has been laid
 * out: each of the main sections (and the footer), and each long block inside
 * a section that is marked `data-skip-offscreen` (a product card, a
 * testimonial, a FAQ topic's questions, a legal section), gets
 * `content-visibility: auto`, with its current content height as the size it
 * keeps while skipped. The browser then neither restyles nor lays out what is
 * far from the viewport, and that is most of a long page: opening a modal
 * dialog makes the rest of the document inert, and Chromium restyles all of it
 * in the tap's frame. The section a tap happens in is on screen, so the blocks
 * inside it are what is left to skip (the compare button sits below six
 * product cards, the consultation button on /faq below every topic).
 *
 * The first paint is not changed: every section is laid out once, and only
 * then measured, so a skipped section keeps exactly its real height and the
 * page's anchors ("/#funding-form", the hero's Get Funding Now) scroll to the
 * same place as before. A section is only made skippable once it is more than
 * one and a half screens from the viewport (`NEAR`), so nothing the visitor
 * sees, or is about to, moves. A new viewport width changes the
 * heights: the sections are shown in full again and measured anew once the
 * browser is idle.
 * Content a visitor searches (find in page), focuses or opens in the top layer
 * is rendered by the browser itself (that is what `auto` means).
 *
 * `content-visibility: auto` also contains layout and paint: a section clips
 * what would overflow it, and is the containing block of its `fixed`
 * descendants. Nothing in the sections overflows them, and what is fixed on
 * screen (toasts, the wizard's select lists) is portaled to <body>; keep it so.
 * A marked block is the one that draws its own shadow (the card, not the list
 * item around it): its own shadow is not clipped, a child's would be.
 * A section that clips its own overflow (a decorative glow) does it with
 * `overflow: clip`, never `hidden`: Firefox lays out a skipped scroll container
 * without its padding, so the sections below it moved up and the links to
 * them landed short (e2e/engines/firefox.spec.ts).
 */
import { whenIdle } from "~/lib/when-idle";

/**
 * What is skipped when off screen: the page's sections, the site footer, and
 * the blocks marked `data-skip-offscreen` inside them. The wizard's section
 * too: Chromium still reports a skipped element's approach to an
 * IntersectionObserver, so the wizard wakes as it comes near
 * (e2e/island-forms.spec.ts checks it with the section skipped).
 */
export const OFFSCREEN_SELECTOR = "#main > section, #main ~ footer, #main [data-skip-offscreen]";

/** The content height a skipped element must keep: its box less padding and border. */
function contentHeight(element: HTMLElement): number {
  const style = getComputedStyle(element);
  const edges = ["paddingTop", "paddingBottom", "borderTopWidth", "borderBottomWidth"] as const;
  const around = edges.reduce((sum, edge) => sum + (Number.parseFloat(style[edge]) || 0), 0);
  return Math.max(0, element.getBoundingClientRect().height - around);
}

function skip(elements: HTMLElement[]) {
  // Every height is read before any is written: one layout, not one per section.
  const heights = elements.map(contentHeight);
  elements.forEach((element, index) => {
    element.style.setProperty("contain-intrinsic-block-size", `auto ${heights[index]}px`);
    element.style.setProperty("content-visibility", "auto");
  });
}

/**
 * How far from the viewport, in screen heights, an element stays as it is.
 * Chromium renders `content-visibility: auto` content this near anyway (150%
 * of the viewport's height on each side, in Chromium 156), so making such an
 * element skippable would change nothing but its containment, and that
 * relayout next to the viewport can move what the visitor sees: made
 * skippable just as the scroll to the funding form ended, a testimonial just
 * above the screen sent the page 388 px back up (Chromium's scroll anchoring
 * answering the change; two arrivals in 25 on a busy machine).
 */
const NEAR = 1.5;

function isNear(element: HTMLElement, view: Window): boolean {
  const box = element.getBoundingClientRect();
  const margin = NEAR * view.innerHeight;
  return box.bottom > -margin && box.top < view.innerHeight + margin;
}

function show(elements: HTMLElement[]) {
  for (const element of elements) {
    element.style.removeProperty("content-visibility");
    element.style.removeProperty("contain-intrinsic-block-size");
  }
}

/**
 * Skips each element once it is more than `NEAR` screens off it (at once for
 * most of them, later for those the visitor is looking at or near): an
 * element on screen that became skippable would be laid out anew in the next
 * frame, which Chromium reports as a layout shift. Returns a function that
 * stops watching.
 */
function skipWhenOffscreen(elements: HTMLElement[], view: Window & typeof globalThis): () => void {
  let watched = elements;
  // A page prerendered ahead of a click draws no frame until it is shown, and an observer reports
  // nothing until then: what is off screen now is skipped now, so that showing the page paints
  // only what is near (the home page prerendered for Apply Now, app/lib/speculation-rules.ts).
  if (view.document.prerendering) {
    const offscreen = elements.filter((element) => !isNear(element, view));
    skip(offscreen);
    watched = elements.filter((element) => !offscreen.includes(element));
  }
  // Made skippable, an element is restyled in the next frame, and a long page's sections and
  // blocks all at once were one main-thread task of 18-25 ms on a fast machine (Lighthouse, which
  // slows it 4x, counted it as blocking time): they are skipped one per animation frame.
  const queue: HTMLElement[] = [];
  let frame = 0;
  const skipNext = () => {
    frame = 0;
    const element = queue.shift();
    if (!element) return;
    // Brought near meanwhile (the visitor scrolled), it waits until it is far again.
    if (isNear(element, view)) observer.observe(element);
    else skip([element]);
    if (queue.length > 0) frame = view.requestAnimationFrame(skipNext);
  };
  const observer = new view.IntersectionObserver(
    (entries: IntersectionObserverEntry[]) => {
      for (const entry of entries) {
        if (entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        queue.push(entry.target as HTMLElement);
      }
      if (queue.length > 0 && !frame) frame = view.requestAnimationFrame(skipNext);
    },
    { rootMargin: `${NEAR * 100}% 0px` },
  );
  for (const element of watched) observer.observe(element);
  return () => {
    observer.disconnect();
    if (frame) view.cancelAnimationFrame(frame);
    frame = 0;
    queue.length = 0;
  };
}

/** Skips the page's off-screen sections once idle; returns a function that undoes it. */
export function skipOffscreen(doc: Document = document): () => void {
  const view = doc.defaultView;
  const elements = [...doc.querySelectorAll<HTMLElement>(OFFSCREEN_SELECTOR)];
  if (
    !view ||
    elements.length === 0 ||
    typeof view.IntersectionObserver !== "function" ||
    !view.CSS?.supports?.("content-visibility", "auto")
  )
    return () => {};
  let stop = () => {};
  const start = () => whenIdle(() => (stop = skipWhenOffscreen(elements, view)));
  let cancel = start();
  let width = view.innerWidth;
  const onResize = () => {
    if (view.innerWidth === width) return; // a phone's toolbar showing or hiding: heights are the same
    width = view.innerWidth;
    cancel();
    stop();
    show(elements);
    cancel = start();
  };
  view.addEventListener("resize", onResize);
  return () => {
    cancel();
    stop();
    view.removeEventListener("resize", onResize);
    show(elements);
  };
}
