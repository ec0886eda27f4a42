import type { ReactNode } from "react";
import { Link, type To } from "react-router";
import { cn } from "#ui/cn";

/** One view a page can show: its link, and whether it is the one shown. */
export interface ViewTab {
  /** Unique among the tabs. */
  key: string;
  to: To;
  current: boolean;
  /** The link's text and whatever follows it (a count). */
  label: ReactNode;
}

/** Pills' colours: filled when current, a card otherwise (the inbox's due views, the e-mails' states). */
export const PILL_COLOURS = {
  currentClassName: "border-primary bg-primary text-primary-foreground",
  otherClassName: "border-border bg-card hover:bg-muted",
};

/**
 * A page's choice of view as a list of links in a named nav: the current one
 * `aria-current="page"`, so the view is in the URL and a screen reader says
 * which is shown. Each page gives its own look: the nav's, the list's and an
 * item's classes, and the link's, always and as current or not.
 */
export function ViewTabs({
  label,
  tabs,
  className,
  listClassName,
  itemClassName,
  linkClassName,
  currentClassName,
  otherClassName,
  children,
}: {
  /** The nav's accessible name. */
  label: string;
  tabs: ViewTab[];
  className?: string;
  listClassName: string;
  itemClassName?: string;
  linkClassName: string;
  currentClassName: string;
  otherClassName: string;
  /** Shown in the nav before the list (a caption such as "Order:"). */
  children?: ReactNode;
}) {
  return (
    <nav aria-label={label} className={className}>
      {children}
      <ul className={listClassName}>
        {tabs.map((tab) => (
          <li key={tab.key} className={itemClassName}>
            <Link
              to={tab.to}
              aria-current={tab.current ? "page" : undefined}
              className={cn(linkClassName, tab.current ? currentClassName : otherClassName)}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
