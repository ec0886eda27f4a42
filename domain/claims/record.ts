/**
 * What a claim record is: one objective statement the public site makes, with
 * what it means, who answers for it and what to say when it cannot be backed.
 * docs/claims.md explains each field and how to add a record.
 */

/** static: typed by hand and reviewed; computed: derived from data (not yet used). */
export type ClaimKind = "static" | "computed";

/** A reference that backs the claim: a description now, a file or export later. */
export interface ClaimEvidence {
  description: string;
  /** Where the evidence is kept, once it is (a path, a report's name). */
  file?: string;
}

/** What the figure counts, in words. */
export interface ClaimMeaning {
  numerator: string;
  denominator: string;
  population: string;
  period: string;
}

/** Where a rating or a client's story comes from. */
export interface ClaimSource {
  name: string;
  /** How many responses or cases stand behind it. */
  count: number;
  period: string;
}

export interface ClaimRecord {
  id: string;
  /** Today's text, shown by default: "Funding decision within 48 hours". */
  wording: string;
  /** The figure as sentences quote it: "48 hours". */
  figure: string;
  meaning: ClaimMeaning;
  kind: ClaimKind;
  evidence: ClaimEvidence[];
  /** Who keeps the claim true (a role or a name). */
  owner: string;
  /** Who signs it off; never the owner. */
  approver: string;
  /** The claim is reviewed again by this day (YYYY-MM-DD). */
  reviewBy: string;
  /** A softer wording that stays true without evidence. */
  fallback: string;
  /** Ratings and testimonials: their source, count and period. */
  source?: ClaimSource;
}
