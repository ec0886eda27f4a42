import { LogOutIcon, MenuIcon, XIcon } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { NavLink, Outlet, useLocation, useRouteLoaderData } from "react-router";
import { cn } from "#ui/cn";
import { Button } from "#ui/button";
import { signOut } from "../api/requests";
import { isApiError } from "../api/client";
import type { Me } from "#domain/desk/contract";
import { ROLE_LABEL } from "../lib/format";
import { useNewCount } from "../lib/live";
import { DutySwitch } from "./duty-switch";
import { ErrorAlert } from "./messages";
import { NewCountBadge } from "./new-count-badge";
import { DeskBrand } from "./public-frame";

export const LAYOUT_ID = "layout";

/** The signed-in user (from the layout's loader). */
export function useMe(): Me {
  const me = useRouteLoaderData(LAYOUT_ID) as Me | undefined;
  if (!me) throw new Error("useMe is used outside the signed-in layout");
  return me;
}

export const NAV = [
  { to: "/inbox", label: "Inbox" },
  { to: "/quarantine", label: "Quarantine" },
  { to: "/health", label: "Delivery health" },
  { to: "/mail", label: "Mail" },
  { to: "/analytics", label: "Analytics" },
  { to: "/claims", label: "Claims" },
  { to: "/consents", label: "Consents" },
  { to: "/privacy-requests", label: "Privacy requests" },
  { to: "/exports", label: "Exports", admin: true },
  // Every member reads the routing rules there; only admins manage accounts.
  { to: "/staff", label: "Staff" },
  { to: "/audit", label: "Audit log", admin: true },
  { to: "/account", label: "Account" },
] as const;

/**
 * Ends the session on the server, then loads the sign-in page as a new
 * document: nothing fetched while signed in stays in memory, and going back
 * asks the server again (which answers 401).
 */
export function useSignOut() {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  async function run() {
    setPending(true);
    setError(null);
    try {
      await signOut();
    } catch (caught) {
      // Already signed out is still signed out.
      if (!(isApiError(caught) && caught.status === 401)) {
        setPending(false);
        setError(isApiError(caught) ? caught.message : "Signing out failed. Try again.");
        return;
      }
    }
    window.location.replace("/desk/sign-in?signedOut=1");
  }
  return { run, error, pending };
}

function navClass({ isActive }: { isActive: boolean }) {
  return cn(
    "block rounded-lg px-3 py-2 text-sm font-medium transition-colors",
    isActive ? "bg-white/15 text-white" : "text-ink-muted hover:bg-white/10 hover:text-white",
  );
}

/** The signed-in frame: header with the nav (a menu on a phone), sign out, the page. */
export function DeskLayout() {
  const me = useMe();
  const newCount = useNewCount();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const signOutAction = useSignOut();
  const links = NAV.filter((item) => !("admin" in item) || me.role === "admin");

  // The phone menu closes once a link was followed.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-[60] rounded-lg bg-primary px-4 py-2 font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <header className="bg-ink text-ink-foreground print:hidden">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <DeskBrand />
          <div className="flex items-center gap-2">
            <span className="hidden text-right text-xs text-ink-muted sm:block">
              <span className="block font-medium text-ink-foreground">{me.name || me.email}</span>
              {ROLE_LABEL[me.role]}
            </span>
            <Button
              type="button"
              variant="outline-inverse"
              size="sm"
              onClick={signOutAction.run}
              disabled={signOutAction.pending}
            >
              <LogOutIcon aria-hidden="true" />
              Sign out
            </Button>
            <Button
              type="button"
              variant="outline-inverse"
              size="sm"
              className="relative lg:hidden"
              aria-expanded={menuOpen}
              aria-controls={menuId}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <XIcon aria-hidden="true" /> : <MenuIcon aria-hidden="true" />}
              Menu
              {/* The navigation folded away on a phone: its count of new applications on the button's corner. */}
              {!menuOpen && (
                <NewCountBadge
                  count={newCount}
                  className="absolute -top-2 -right-2 ml-0 min-w-5 justify-center px-1.5 ring-2 ring-ink"
                />
              )}
            </Button>
          </div>
        </div>
        <nav
          id={menuId}
          aria-label="Desk"
          className={cn("border-t border-white/10 lg:block", menuOpen ? "block" : "hidden")}
        >
          <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-2 sm:px-6 lg:flex-row lg:flex-wrap">
            {links.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={navClass}>
                  {item.label}
                  {item.to === "/inbox" && <NewCountBadge count={newCount} />}
                </NavLink>
              </li>
            ))}
            <DutySwitch onDuty={me.onDuty} />
          </ul>
        </nav>
      </header>
      <main
        id="main"
        className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8"
      >
        {signOutAction.error && <ErrorAlert>{signOutAction.error}</ErrorAlert>}
        <Outlet />
      </main>
    </div>
  );
}
