import type { SectionId } from "~/lib/scroll";
import { OPT_OUT_PAGE_PATH } from "#domain/opt-out/form";
import { legalPagePath, legalPageSlugs, legalPageTitles } from "./legal/slugs";
import { TEXTING_PATH } from "./texting-path";

export type NavItem = { label: string; section: SectionId } | { label: string; href: string };

/** Header navigation (desktop and mobile menu). */
export const mainNav: NavItem[] = [
  { label: "Products", section: "products" },
  { label: "How It Works", section: "how-it-works" },
  { label: "About Us", section: "about-us" },
  { label: "FAQ", href: "/faq" },
];

export interface FooterColumn {
  title: string;
  links: NavItem[];
}

/**
 * Footer columns. Product links are filled in from the catalogue by the
 * footer itself so they cannot drift from the product list.
 */
export const footerColumns: FooterColumn[] = [
  {
    title: "Company",
    links: [
      { label: "About Us", section: "about-us" },
      { label: "Client Stories", section: "testimonials" },
      { label: "Apply for Funding", section: "funding-form" },
    ],
  },
  {
    title: "Resources",
    links: [
      { label: "FAQ", href: "/faq" },
      { label: "Compare Products", section: "products" },
      { label: "Funding Timeline", section: "how-it-works" },
    ],
  },
  {
    title: "Legal",
    links: [
      ...legalPageSlugs.map((slug) => ({ label: legalPageTitles[slug], href: legalPagePath(slug) })),
      { label: "Privacy Request", href: "/privacy-request" },
      { label: "Opt Out", href: OPT_OUT_PAGE_PATH },
      { label: "Text Messages", href: TEXTING_PATH },
    ],
  },
];
