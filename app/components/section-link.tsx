import type * as React from "react";
import { Link } from "react-router";
import { useSectionNavigation } from "~/hooks/use-section-navigation";
import type { SectionId } from "~/lib/scroll";

type SectionLinkProps = Omit<React.ComponentProps<typeof Link>, "to"> & {
  section: SectionId;
};

/**
 * A real link to "/#section" (works without JavaScript and for crawlers) that
 * scrolls smoothly, navigating home first when needed.
 */
export function SectionLink({ section, onClick, ...props }: SectionLinkProps) {
  const goToSection = useSectionNavigation();
  return (
    <Link
      to={`/#${section}`}
      preventScrollReset
      onClick={(event) => {
        onClick?.(event);
        if (
          event.defaultPrevented ||
          event.metaKey ||
          event.ctrlKey ||
          event.shiftKey ||
          event.button !== 0
        ) {
          return;
        }
        event.preventDefault();
        goToSection(section);
      }}
      {...props}
    />
  );
}
