// The build's claims check (docs/claims.md): reads a prerendered page's HTML and
// finds which claims it prints (elements marked data-claim, and the pairs its
// <meta name="claims"> names for the title, the meta descriptions and the
// JSON-LD), and every figure-like phrase in its visible text or meta content
// that no claim covers. No dependency: React's output is well-formed HTML.

/**
 * A figure-like phrase: money ("$500K", "$500K-$5M", "$500M+"), percentages
 * ("95%", "3-10%", "5%+"), counts with a plus ("200+"), ratings ("4.9/5"),
 * durations ("48 hours", "2-3 weeks", "30-minute", "Day 2-3"), amounts with
 * K/M/B, and bare ranges ("12-48").
 */
const UNIT = "(?:hours?|days?|weeks?|months?|years?|minutes?)";
const NUMBER = "\\d+(?:[.,]\\d+)*";
const MONEY = `\\$${NUMBER}(?:\\s?[KMB]\\b)?\\+?`;
export const FIGURE = new RegExp(
  [
    `${MONEY}(?:\\s?[-–]\\s?${MONEY})?`,
    `\\bDay ${NUMBER}(?:\\s?[-–]\\s?${NUMBER})?`,
    `\\b${NUMBER}(?:\\s?[-–]\\s?${NUMBER})?(?:%\\+?|\\+|/5\\b|\\s?[KMB]\\b|[\\s-]${UNIT}\\b)`,
    `\\b${NUMBER}\\s?[-–]\\s?${NUMBER}\\b`,
  ].join("|"),
  "gi",
);

/**
 * What is not a claim, by the words: removed before figures are looked for.
 * Keep it short; a figure the site promises is a claim, whatever it looks like.
 */
export const ALLOWED_PHRASES = [
  { pattern: /\(\d{3}\) \d{3}-\d{4}/g, reason: "a phone number" },
  { pattern: /\b\d{4}-\d{2}(?:-\d{2})?\b/g, reason: "a date or a version stamp (2024-01)" },
  { pattern: /\bStep \d+ of \d+\b/gi, reason: "a step counter (the application's steps)" },
  { pattern: /\b\d+% complete\b/gi, reason: "the application form's progress" },
  {
    pattern: /0% Strategic Financing/gi,
    reason: "a product's name, as the product specification fixes it (any case)",
  },
];

/**
 * Pages whose figures are not claims: the legal texts state terms (days,
 * ages, amounts of liability) that are the law's or the contract's, not
 * marketing, and the lawyers own their wording.
 */
export const UNCHECKED_PAGES = [
  { path: "/terms-of-service", reason: "legal text" },
  { path: "/privacy-policy", reason: "legal text" },
  { path: "/cookie-policy", reason: "legal text" },
];

/** Why a figure marked data-not-a-claim is let through (domain/claims/text.ts). */
export const NOT_A_CLAIM_REASONS = {
  requirement: "what an applicant must meet or send (eligibility, documents)",
  sample: "figures labelled as an illustration",
  definition: "what a claim counts, on the methodology page (its period, its source's count)",
};

/** The meta tags whose content is checked, by name or property. */
const CHECKED_META = /^(description|og:title|og:description|og:image:alt|twitter:title|twitter:description)$/;
const VOID = new Set("area base br col embed hr img input link meta source track wbr".split(" "));
const RAW = new Set(["script", "style", "template"]);
const MARKER = /[\uE000-\uE002]/;
const TAG =
  /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w:-]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>/g;
const ATTRIBUTE = /([^\s=>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

export function decodeEntities(text) {
  return text.replace(/&(#x[\da-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi, (_, entity) => {
    const lower = entity.toLowerCase();
    if (lower.startsWith("#x")) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith("#")) return String.fromCodePoint(Number(lower.slice(1)));
    return { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" }[lower];
  });
}

function attributesOf(source) {
  const attributes = {};
  for (const [, name, double, single, bare] of source.matchAll(ATTRIBUTE))
    attributes[name.toLowerCase()] = decodeEntities(double ?? single ?? bare ?? "");
  return attributes;
}

/** The figure-like phrases of `text` that the allow-list does not cover. */
export function figuresIn(text) {
  let rest = text;
  for (const { pattern } of ALLOWED_PHRASES)
    rest = rest.replace(pattern, (match) => " ".repeat(match.length));
  return [...rest.matchAll(FIGURE)].map((match) => match[0]);
}

/** "…context [phrase] context…" around the first `phrase` in `text`, for messages. */
function around(text, phrase) {
  const at = text.indexOf(phrase);
  const before = text.slice(Math.max(0, at - 40), at).trimStart();
  const after = text.slice(at + phrase.length, at + phrase.length + 40).trimEnd();
  return `${before}[${phrase}]${after}`.replace(/\s+/g, " ");
}

/**
 * Reads one page: the claims it prints and the figures no claim covers.
 * Returns { claims: { id: ["text" | "meta"] }, unregistered: [{ where, phrase, context }], markers: bool }.
 */
export function scanPage(html) {
  const claims = new Map();
  const use = (id, where) => claims.set(id, new Set([...(claims.get(id) ?? []), where]));
  const runs = []; // { text, covered } in document order, body only
  const metas = []; // { where, content }
  const stack = []; // { name, covered }
  let title = null;
  let declared = [];
  let inBody = false;
  let last = 0;
  const pushText = (raw) => {
    if (!inBody || raw === "") return;
    const covered = stack.some((entry) => entry.covered);
    const text = decodeEntities(raw);
    const previous = runs.at(-1);
    if (previous && previous.covered === covered) previous.text += text;
    else runs.push({ text, covered });
  };
  TAG.lastIndex = 0;
  for (let match = TAG.exec(html); match; match = TAG.exec(html)) {
    pushText(html.slice(last, match.index));
    last = TAG.lastIndex;
    const [whole, closing, rawName, rawAttributes] = match;
    // React separates neighbouring text with a comment: the words run on. A tag may end a word.
    if (whole.startsWith("<!--")) continue;
    pushText(" ");
    const name = rawName.toLowerCase();
    if (closing) {
      const at = stack.findLastIndex((entry) => entry.name === name);
      if (at >= 0) stack.length = at;
      if (name === "body") inBody = false;
      continue;
    }
    const attributes = attributesOf(rawAttributes);
    if (RAW.has(name) || name === "title") {
      const end = html.toLowerCase().indexOf(`</${name}`, last);
      const inner = html.slice(last, end < 0 ? html.length : end);
      if (name === "title" && !inBody) title = decodeEntities(inner);
      last = end < 0 ? html.length : end;
      TAG.lastIndex = last;
      continue;
    }
    if (name === "body") inBody = true;
    if (name === "meta") {
      const key = attributes.name ?? attributes.property ?? "";
      if (key === "claims") declared = JSON.parse(attributes.content ?? "[]");
      else if (CHECKED_META.test(key))
        metas.push({ where: `meta ${key}`, content: attributes.content ?? "" });
    }
    if (VOID.has(name) || whole.endsWith("/>")) continue;
    const claimId = attributes["data-claim"];
    if (claimId) use(claimId, "text");
    stack.push({ name, covered: Boolean(claimId) || "data-not-a-claim" in attributes });
  }
  pushText(html.slice(last));

  const unregistered = [];
  for (const run of runs) {
    if (run.covered) continue;
    for (const phrase of figuresIn(run.text))
      unregistered.push({ where: "text", phrase, context: around(run.text, phrase) });
  }
  // Text-only parts: each figure must lie in words the page declared for a claim.
  for (const [id] of declared) use(id, "meta");
  const textOnly = [...(title === null ? [] : [{ where: "title", content: title }]), ...metas];
  for (const { where, content } of textOnly) {
    let rest = content;
    for (const [, words] of declared) rest = rest.split(words).join(" ".repeat(words.length));
    for (const phrase of figuresIn(rest))
      unregistered.push({ where, phrase, context: around(content, phrase) });
  }
  return {
    claims: Object.fromEntries([...claims].map(([id, where]) => [id, [...where].sort()])),
    unregistered,
    markers: MARKER.test(html),
  };
}

/** "/products/sba-loans" for ".../client/products/sba-loans/index.html"; null for files that are not pages. */
export function pagePath(relativeFile) {
  const file = relativeFile.split("\\").join("/");
  if (!file.endsWith("index.html")) return null;
  const path = `/${file.slice(0, -"index.html".length)}`.replace(/\/+$/, "");
  return path === "" ? "/" : path;
}

/**
 * Checks every page against the register's ids.
 * pages: [{ path, html }]; registeredIds: string[].
 * Returns { manifest, problems }: the manifest says which page uses which
 * claim; each problem names the page and the phrase.
 */
export function checkPages(pages, registeredIds) {
  const registered = new Set(registeredIds);
  const unchecked = new Set(UNCHECKED_PAGES.map((page) => page.path));
  const manifest = { pages: {}, claims: {} };
  const problems = [];
  for (const { path, html } of [...pages].sort((a, b) => a.path.localeCompare(b.path))) {
    const scan = scanPage(html);
    manifest.pages[path] = scan.claims;
    for (const id of Object.keys(scan.claims)) {
      (manifest.claims[id] ??= []).push(path);
      if (!registered.has(id)) problems.push(`${path}: data-claim="${id}" is not in the claim register`);
    }
    if (scan.markers)
      problems.push(`${path}: a claim marker reached the HTML unrendered (use ClaimText or claimPlain)`);
    if (unchecked.has(path)) continue;
    for (const finding of scan.unregistered)
      problems.push(
        `${path}: "${finding.phrase}" in the ${finding.where} is a figure outside any claim: ${finding.context}`,
      );
  }
  return { manifest, problems };
}
