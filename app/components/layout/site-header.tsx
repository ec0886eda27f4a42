import MenuIcon from "lucide-react/icons/menu";
import XIcon from "lucide-react/icons/x";
import { useId } from "react";
import { mainNav } from "~/content/navigation";
import { cn } from "#ui/cn";
import { NavLink } from "../nav-link";
import { SectionLink } from "../section-link";
import { Button, buttonVariants } from "#ui/button";
import { Logo } from "./logo";

/** The main navigation's links, as the wide header and the mobile menu list them. */
function MainNavList({ className, linkClassName }: { className: string; linkClassName: string }) {
  return (
    <ul className={className}>
      {mainNav.map((item) => (
        <li key={item.label}>
          <NavLink item={item} className={linkClassName} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The sticky header. It is glass at the top of the page and solid once the
 * page scrolls, by a CSS scroll-driven animation (`theme.css`; where that is
 * missing, app/lib/native-controls.ts sets `data-scrolled` from an
 * IntersectionObserver on the sentinel above it) and solid while the menu is
 * open. The mobile menu is a popover its button opens and closes without
 * script (Escape and a tap outside close it too); a choice in it closes it.
 */
export function SiteHeader() {
  const menuId = useId();
  return (
    <>
      <div
        data-scroll-sentinel
        aria-hidden="true"
        className="pointer-events-none absolute top-0 left-0 h-2 w-px"
      />
      <header
        data-scroll-header
        data-scrolled="false"
        className={cn(
          "sticky top-0 z-40 border-b transition-[background-color,box-shadow,border-color] duration-200",
          "border-transparent bg-background/70 backdrop-blur-md",
          "data-[scrolled=true]:border-border data-[scrolled=true]:bg-card data-[scrolled=true]:shadow-sm",
          "has-[[popover]:popover-open]:border-border has-[[popover]:popover-open]:bg-card has-[[popover]:popover-open]:shadow-sm",
        )}
      >
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-6 px-4 sm:px-6 lg:px-8">
          <Logo />
          <nav aria-label="Main" className="hidden md:block">
            <MainNavList
              className="flex items-center gap-1"
              linkClassName="rounded-lg px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground"
            />
          </nav>
          <div className="flex items-center gap-2">
            <SectionLink className={cn(buttonVariants(), "hidden md:inline-flex")} section="funding-form">
              Get Funding
            </SectionLink>
            <Button
              variant="ghost"
              size="icon"
              className="group md:hidden"
              popoverTarget={menuId}
              aria-expanded="false"
              aria-controls={menuId}
              aria-label="Open menu"
              data-label-closed="Open menu"
              data-label-open="Close menu"
            >
              <MenuIcon className="size-6 group-aria-expanded:hidden" aria-hidden="true" />
              <XIcon className="hidden size-6 group-aria-expanded:block" aria-hidden="true" />
            </Button>
          </div>
        </div>
        {/* Overlays the page rather than pushing it down, so closing it never moves a scroll target. */}
        <div
          id={menuId}
          popover="auto"
          data-close-on-choice
          className="fixed inset-x-0 top-16 bottom-auto m-0 h-auto max-h-[calc(100dvh-4rem)] w-full overflow-y-auto border-x-0 border-y border-border bg-card p-0 text-foreground shadow-lift md:hidden"
        >
          <nav aria-label="Mobile" className="mx-auto max-w-7xl px-4 py-4 sm:px-6">
            <MainNavList
              className="flex flex-col gap-1"
              linkClassName="block rounded-lg px-3 py-3 text-base font-medium text-foreground hover:bg-muted"
            />
            <SectionLink className={cn(buttonVariants({ size: "lg" }), "mt-3 w-full")} section="funding-form">
              Get Funding
            </SectionLink>
          </nav>
        </div>
      </header>
    </>
  );
}
