import { ChevronRightIcon } from "lucide-react";

export interface Crumb {
  label: string;
  /** Omit for the current page (the last crumb is not a link). */
  href?: string;
}

/** "Home > Page" trail; the current page is text with aria-current. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const trail: Crumb[] = [{ label: "Home", href: "/" }, ...items];
  return (
    <nav aria-label="Breadcrumb" className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 lg:px-8">
      <ol className="flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground">
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1;
          return (
            <li key={crumb.label} className="inline-flex items-center gap-1.5">
              {last || !crumb.href ? (
                <span aria-current="page" className="font-medium text-foreground">
                  {crumb.label}
                </span>
              ) : (
                <a href={crumb.href} className="hover:text-foreground hover:underline">
                  {crumb.label}
                </a>
              )}
              {!last && <ChevronRightIcon className="size-4" aria-hidden="true" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
