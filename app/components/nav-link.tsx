import type * as React from "react";
import type { NavItem } from "~/content/navigation";
import { SectionLink } from "./section-link";

/** Renders a navigation item: a section link, an internal route or an external/mailto link. */
export function NavLink({
  item,
  ...props
}: { item: NavItem } & Omit<React.ComponentProps<"a">, "href" | "children">) {
  if ("section" in item) {
    return (
      <SectionLink section={item.section} {...props}>
        {item.label}
      </SectionLink>
    );
  }
  if (item.href.startsWith("/")) {
    return (
      <a href={item.href} {...props}>
        {item.label}
      </a>
    );
  }
  return (
    <a href={item.href} {...props}>
      {item.label}
    </a>
  );
}
