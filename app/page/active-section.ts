/**
 * The legal pages' table of contents marks the section being read
 * (`aria-current="location"` on its link; the style follows the attribute).
 * A section is being read once its heading has passed the reading line just
 * below the sticky header; at the very bottom of the page the last section
 * counts, since short closing sections can never reach the line.
 */

/** Below the sticky header (4 rem) plus some air: a heading above this line is being read. */
export const READING_LINE_PX = 120;

/** The id of the section being read: the last heading at or above the line. */
export function activeSectionId(headings: readonly HTMLElement[], atBottom: boolean): string | undefined {
  let current: string | undefined;
  for (const heading of headings) {
    if (heading.getBoundingClientRect().top <= READING_LINE_PX) current = heading.id;
    else break;
  }
  return atBottom ? (headings.at(-1)?.id ?? current) : current;
}

/**
 * Follows the reading position for every table of contents marked
 * `data-active-section-toc` (its links point at the headings: `href="#id"`).
 * The headings crossing the reading line are watched with an
 * IntersectionObserver; the bottom of the page, which no element marks, with
 * a scroll listener. Either only schedules one update per frame. Returns a
 * function that stops it.
 */
export function highlightActiveSection(doc: Document = document): () => void {
  const view = doc.defaultView;
  const links = [...doc.querySelectorAll<HTMLAnchorElement>("[data-active-section-toc] a[href^='#']")];
  if (!view || links.length === 0) return () => {};
  const linkFor = new Map<string, HTMLAnchorElement[]>();
  const headings: HTMLElement[] = [];
  for (const link of links) {
    const id = decodeURIComponent(link.hash.slice(1));
    const heading = doc.getElementById(id);
    if (!heading) continue;
    if (!linkFor.has(id)) headings.push(heading);
    linkFor.set(id, [...(linkFor.get(id) ?? []), link]);
  }

  let active: string | undefined;
  let frame = 0;
  const update = () => {
    frame = 0;
    const root = doc.documentElement;
    const atBottom = view.innerHeight + view.scrollY >= root.scrollHeight - 2;
    const next = activeSectionId(headings, atBottom);
    if (next === active) return;
    for (const link of linkFor.get(active ?? "") ?? []) link.removeAttribute("aria-current");
    for (const link of linkFor.get(next ?? "") ?? []) link.setAttribute("aria-current", "location");
    active = next;
  };
  const schedule = () => {
    if (!frame) frame = view.requestAnimationFrame(update);
  };

  const observer =
    typeof view.IntersectionObserver === "function"
      ? new view.IntersectionObserver(schedule, { rootMargin: `-${READING_LINE_PX}px 0px 0px 0px` })
      : null;
  for (const heading of headings) observer?.observe(heading);
  view.addEventListener("scroll", schedule, { passive: true });
  view.addEventListener("resize", schedule);
  update();
  return () => {
    observer?.disconnect();
    view.removeEventListener("scroll", schedule);
    view.removeEventListener("resize", schedule);
    if (frame) view.cancelAnimationFrame(frame);
  };
}
