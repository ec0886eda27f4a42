import type * as React from "react";
import type { SectionId } from "~/lib/scroll";

type SectionLinkProps = Omit<React.ComponentProps<"a">, "href"> & {
  section: SectionId;
};

/**
 * A real link to "/#section": on the home page the browser scrolls there
 * (smoothly unless the visitor asks for less motion, clearing the sticky
 * header: `theme.css`) with no script; from another page it loads the home
 * page, which waits 100 ms and then scrolls there (`~/lib/arrival-scroll`).
 */
export function SectionLink({ section, children, ...props }: SectionLinkProps) {
  return (
    <a href={`/#${section}`} {...props}>
      {children}
    </a>
  );
}
