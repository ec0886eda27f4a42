import type * as React from "react";
import type { SectionId } from "~/lib/scroll";

type SectionLinkProps = Omit<React.ComponentProps<"a">, "href"> & {
  section: SectionId;
};

/**
 * A real link to "/#section": on the home page the browser scrolls there
 * (smoothly unless the visitor asks for less motion, clearing the sticky
 * header: `theme.css`), from another page it loads the home page at that
 * section. No script is involved.
 */
export function SectionLink({ section, children, ...props }: SectionLinkProps) {
  return (
    <a href={`/#${section}`} {...props}>
      {children}
    </a>
  );
}
