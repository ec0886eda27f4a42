import { useEffect, useRef } from "react";
import { Outlet, ScrollRestoration, useLocation } from "react-router";

/**
 * Every page's parent. After a route change (not the first load) focus moves
 * to the new page's h1, so keyboard and screen-reader users start at the top
 * of what changed.
 */
export function Root() {
  const { pathname } = useLocation();
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.querySelector<HTMLElement>("main h1")?.focus();
  }, [pathname]);

  useEffect(() => {
    // The browser tests wait for this mark (e2e/support/test.ts), as on the site.
    document.documentElement.dataset.hydrated = "";
  }, []);

  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** Shown while the first page's data loads. */
export function Loading() {
  return (
    <p role="status" className="p-6 text-sm text-muted-foreground">
      Loading the lead desk…
    </p>
  );
}
