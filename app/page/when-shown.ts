/**
 * Runs `show` once the page is shown to the visitor. A page the browser
 * prerenders ahead of a click (Speculation Rules) runs its scripts while
 * hidden, and may never be shown at all: its page view and attribution wait
 * for `prerenderingchange`, the moment it becomes the visitor's page.
 */
export function whenShown(show: () => void, doc: Document = document): void {
  if ((doc as Document & { prerendering?: boolean }).prerendering) {
    doc.addEventListener("prerenderingchange", () => show(), { once: true });
  } else {
    show();
  }
}
