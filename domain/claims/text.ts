/**
 * Claims inside sentences. Content is plain strings that travel in the page's
 * HTML (loaders, decision 0005), so a claim inside one is a marker: the claim's
 * id and the words the sentence shows, between private-use characters. The
 * page renders a marked string with app/components/claim.tsx (each claim in a
 * `data-claim` element); a text-only use (a title, a meta description, JSON-LD,
 * an e-mail) takes `claimPlain`, which leaves the words.
 */
import type { ClaimId } from "./register";

const OPEN = "\uE000";
const MID = "\uE001";
const CLOSE = "\uE002";
const MARKER = new RegExp(`${OPEN}([^${MID}]*)${MID}([^${CLOSE}]*)${CLOSE}`, "g");

/**
 * Marks `text` as claim `id` inside a sentence. The register's `claimIn` and
 * `claimWording` fill in the record's words; this one alone needs no register
 * (the islands' code uses it).
 */
export function markClaim(id: ClaimId, text: string): string {
  return `${OPEN}${id}${MID}${text}${CLOSE}`;
}

/**
 * Why a figure on a page is not a claim: the build's check lets these through
 * (docs/claims.md, "The allow-list"). `requirement`: what an applicant must
 * meet or send (eligibility, documents); `sample`: figures labelled as an
 * illustration; `definition`: what a claim counts, as the methodology page
 * explains it (its period, its source's count).
 */
export const NOT_A_CLAIM_REASONS = ["requirement", "sample", "definition"] as const;
export type NotAClaimReason = (typeof NOT_A_CLAIM_REASONS)[number];
const NOT_A_CLAIM = "not-a-claim:";

/** Marks a figure inside a sentence as not a claim, for `reason`. */
export function notAClaim(reason: NotAClaimReason, text: string): string {
  return `${OPEN}${NOT_A_CLAIM}${reason}${MID}${text}${CLOSE}`;
}

/** The words only, for text that cannot hold an element. */
export function claimPlain(text: string): string {
  return text.replace(MARKER, "$2");
}

/** The claims a marked string uses, in order. */
export function claimIdsIn(text: string): string[] {
  return [...text.matchAll(MARKER)].map((match) => match[1]).filter((id) => !id.startsWith(NOT_A_CLAIM));
}

export type ClaimTextPart =
  string | { id: string; text: string } | { notAClaim: NotAClaimReason; text: string };

/** A marked string as plain runs and claims, for rendering. */
export function claimParts(text: string): ClaimTextPart[] {
  const parts: ClaimTextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(MARKER)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const [, id, words] = match;
    parts.push(
      id.startsWith(NOT_A_CLAIM)
        ? { notAClaim: id.slice(NOT_A_CLAIM.length) as NotAClaimReason, text: words }
        : { id, text: words },
    );
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** Any marker character: none may reach a page's text unrendered. */
export const CLAIM_MARKER_CHARS = /[\uE000-\uE002]/;
