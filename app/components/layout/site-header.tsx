import MenuIcon from "lucide-react/icons/menu";
import XIcon from "lucide-react/icons/x";
import { useEffect, useId, useState } from "react";
import { useLocation } from "react-router";
import { mainNav } from "~/content/navigation";
import { cn } from "#ui/cn";
import { NavLink } from "../nav-link";
import { SectionLink } from "../section-link";
import { Button, buttonVariants } from "#ui/button";
import { Logo } from "./logo";

function useScrolledPastTop() {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > 8);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);
  return scrolled;
}

/** The main navigation's links, as the wide header and the mobile menu list them. */
function MainNavList({
  className,
  linkClassName,
  onNavigate,
}: {
  className: string;
  linkClassName: string;
  onNavigate?: () => void;
}) {
  return (
    <ul className={className}>
      {mainNav.map((item) => (
        <li key={item.label}>
          <NavLink item={item} onClick={onNavigate} className={linkClassName} />
        </li>
      ))}
    </ul>
  );
}

export function SiteHeader() {
  const scrolled = useScrolledPastTop();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();

  // A route change always closes the mobile menu.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setMenuOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  const close = () => setMenuOpen(false);

  return (
    <header
      data-scrolled={scrolled || menuOpen}
      className={cn(
        "sticky top-0 z-40 border-b transition-[background-color,box-shadow,border-color] duration-200",
        "border-transparent bg-background/70 backdrop-blur-md",
        "data-[scrolled=true]:border-border data-[scrolled=true]:bg-card data-[scrolled=true]:shadow-sm",
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-6 px-4 sm:px-6 lg:px-8">
        <Logo onNavigate={close} />
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
            className="md:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? (
              <XIcon className="size-6" aria-hidden="true" />
            ) : (
              <MenuIcon className="size-6" aria-hidden="true" />
            )}
          </Button>
        </div>
      </div>
      {/* Overlays the page rather than pushing it down, so closing it never moves a scroll target. */}
      <div
        id={menuId}
        hidden={!menuOpen}
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-y border-border bg-card shadow-lift md:hidden"
      >
        <nav aria-label="Mobile" className="mx-auto max-w-7xl px-4 py-4 sm:px-6">
          <MainNavList
            className="flex flex-col gap-1"
            linkClassName="block rounded-lg px-3 py-3 text-base font-medium text-foreground hover:bg-muted"
            onNavigate={close}
          />
          <SectionLink
            className={cn(buttonVariants({ size: "lg" }), "mt-3 w-full")}
            section="funding-form"
            onClick={close}
          >
            Get Funding
          </SectionLink>
        </nav>
      </div>
    </header>
  );
}
