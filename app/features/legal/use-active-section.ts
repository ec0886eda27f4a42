import { useEffect, useState } from "react";

/** Below the sticky header (4 rem) plus some air: a heading above this line is being read. */
const READING_LINE_PX = 120;

/** The id of the section being read, for highlighting it in the table of contents. */
export function useActiveSection(ids: string[]): string | undefined {
  const [activeId, setActiveId] = useState<string>();
  const key = ids.join(" ");

  useEffect(() => {
    const headings = key
      .split(" ")
      .map((id) => document.getElementById(id))
      .filter((element): element is HTMLElement => element !== null);
    let frame = 0;
    function update() {
      frame = 0;
      let current: string | undefined;
      for (const heading of headings) {
        if (heading.getBoundingClientRect().top <= READING_LINE_PX) current = heading.id;
        else break;
      }
      // At the very bottom the last short sections can never reach the line.
      if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2) {
        current = headings.at(-1)?.id ?? current;
      }
      setActiveId(current);
    }
    function onScroll() {
      if (!frame) frame = requestAnimationFrame(update);
    }
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll);
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [key]);

  return activeId;
}
