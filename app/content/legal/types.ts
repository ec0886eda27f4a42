import type { LegalPageSlug } from "./slugs";

/** A block of legal prose: paragraphs and bullet lists, in reading order. */
export type LegalBlock = { type: "paragraph"; text: string } | { type: "list"; items: string[] };

export interface LegalSection {
  heading: string;
  blocks: LegalBlock[];
}

export interface LegalDocument {
  slug: LegalPageSlug;
  title: string;
  /** Shown as "Last updated January 2024". */
  lastUpdated: string;
  summary: string;
  seo: { title: string; description: string };
  sections: LegalSection[];
}
