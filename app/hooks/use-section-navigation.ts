import { useCallback, useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { SCROLL_AFTER_NAVIGATION_MS, scrollToSection, type SectionId } from "~/lib/scroll";

/**
 * Go to a home-page section from anywhere: on the home page scroll there;
 * elsewhere navigate to "/#section" and let the home page scroll after 100 ms.
 */
export function useSectionNavigation() {
  const location = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (section: SectionId) => {
      if (location.pathname === "/") {
        scrollToSection(section);
        if (window.location.hash !== `#${section}`) {
          window.history.pushState(window.history.state, "", `#${section}`);
        }
        return;
      }
      void navigate(`/#${section}`, { preventScrollReset: true });
    },
    [location.pathname, navigate],
  );
}

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
