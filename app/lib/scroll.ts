/** In-page section ids that links may target. */
export type SectionId = "products" | "about-us" | "how-it-works" | "testimonials" | "funding-form";

/** The wait before scrolling after a navigation to the home page. */
export const SCROLL_AFTER_NAVIGATION_MS = 100;

export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Smoothly scroll to a section (instantly when the visitor asks for less motion). */
export function scrollToSection(id: string): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  element.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
  return true;
}
