/**
 * Focuses a form control and makes sure it shows below the sticky header.
 * Focusing scrolls an off-screen control into view, and Chromium and Firefox
 * leave its scroll margin (`[id] { scroll-margin-top }`, theme.css) above it,
 * but WebKit ignores that margin when it scrolls to a focused element: the
 * control ended up under the header. So the control is focused without the
 * browser's scroll, and, when it is not already in view below the header,
 * scrolled to its scroll margin here (smoothly, unless the visitor asked for
 * reduced motion: the page's `scroll-behavior`).
 */
export function focusBelowHeader(element: HTMLElement): void {
  element.focus({ preventScroll: true });
  const view = element.ownerDocument.defaultView;
  if (!view) return;
  const header = element.ownerDocument.querySelector("[data-scroll-header]");
  const headerBottom = header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
  const margin = Math.max(
    headerBottom,
    Number.parseFloat(view.getComputedStyle(element).scrollMarginTop) || 0,
  );
  const box = element.getBoundingClientRect();
  if (box.top >= headerBottom && box.bottom <= view.innerHeight) return;
  view.scrollBy({ top: box.top - margin });
}
