/**
 * The root's analytics: a page view on every navigation, and the sender
 * started once the browser is idle after hydration, so counting never
 * competes with the page becoming interactive.
 */
import { useEffect } from "react";
import { useLocation } from "react-router";
import { startAnalytics, trackPageView } from "~/lib/analytics";

export function useAnalytics(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (typeof requestIdleCallback === "function") requestIdleCallback(startAnalytics, { timeout: 5000 });
    else setTimeout(startAnalytics, 1000);
  }, []);
  useEffect(trackPageView, [pathname, search]);
}
