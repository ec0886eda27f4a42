/**
 * Runs `show` once the page is shown to the visitor. A page the browser
 * prerenders ahead of a click (Speculation Rules) runs its scripts while
 * hidden, and may never be shown at all: its page view and attribution wait
 * for `prerenderingchange`, the moment it becomes the visitor's page. They
 * then wait one frame more: the page the visitor just tapped through to is
 * painted first, and counted after.
 */
export function whenShown(show: () => void, doc: Document = document): void {
  if ((doc as Document & { prerendering?: boolean }).prerendering) {
    doc.addEventListener("prerenderingchange", () => afterNextFrame(show), { once: true });
  } else {
    show();
  }
}

/** After the next frame is drawn: a task queued from its animation frame callback. */
function afterNextFrame(run: () => void) {
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => setTimeout(run, 0));
  else setTimeout(run, 0);
}
