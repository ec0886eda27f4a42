/** The home page's sections that links may target ("/#products" and so on). */
export const SECTION_IDS = ["products", "about-us", "how-it-works", "testimonials", "funding-form"] as const;

/** In-page section ids that links may target. */
export type SectionId = (typeof SECTION_IDS)[number];

/** The wait before scrolling after a navigation to the home page. */
export const SCROLL_AFTER_NAVIGATION_MS = 100;
