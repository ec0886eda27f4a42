import { useEffect } from "react";
import { useLocation } from "react-router";
import { SCROLL_AFTER_NAVIGATION_MS, scrollToSection } from "~/lib/scroll";

/** On the home page: after arriving with a hash, wait 100 ms, then scroll smoothly. */
export function useScrollToHashOnArrival() {
  const location = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(location.hash.slice(1));
    if (!id) return;
    const timer = window.setTimeout(() => scrollToSection(id), SCROLL_AFTER_NAVIGATION_MS);
    return () => window.clearTimeout(timer);
  }, [location.key, location.hash]);
}
