import { describe, expect, it } from "vitest";
import { siteFacts } from "#domain/site-facts";
import {
  cookieCategories,
  cookieCategoryHeading,
  findLegalDocumentByPath,
  legalContact,
  legalDocuments,
  legalSectionId,
  type LegalDocument,
} from "./index";
import { legalPageSlugs } from "./slugs";

function fullText(doc: LegalDocument): string {
  const blocks = doc.sections.flatMap((section) => [
    section.heading,
    ...section.blocks.flatMap((block) => (block.type === "paragraph" ? [block.text] : block.items)),
  ]);
  return [doc.title, doc.summary, ...blocks].join("\n");
}

function doc(slug: (typeof legalPageSlugs)[number]): LegalDocument {
  const found = legalDocuments.find((candidate) => candidate.slug === slug);
  if (!found) throw new Error(`no document for ${slug}`);
  return found;
}

describe("legal documents", () => {
  it("has exactly one document per legal slug, in slug order", () => {
    expect(legalDocuments.map((d) => d.slug)).toEqual([...legalPageSlugs]);
    expect(legalDocuments).toHaveLength(3);
  });

  it.each(legalPageSlugs)("%s: dated January 2024, with a summary and unique SEO", (slug) => {
    const d = doc(slug);
    expect(d.lastUpdated).toBe("January 2024");
    expect(d.title.length).toBeGreaterThan(0);
    expect(d.summary.length).toBeGreaterThan(100);
    expect(d.seo.title).toContain(siteFacts.brand);
    expect(d.seo.description.length).toBeGreaterThanOrEqual(120);
    expect(d.seo.description.length).toBeLessThanOrEqual(160);
  });

  it("gives every page its own SEO title and description", () => {
    expect(new Set(legalDocuments.map((d) => d.seo.title)).size).toBe(3);
    expect(new Set(legalDocuments.map((d) => d.seo.description)).size).toBe(3);
  });

  it.each(legalPageSlugs)("%s: every section has a heading and at least one non-empty block", (slug) => {
    for (const section of doc(slug).sections) {
      expect(section.heading.trim()).not.toBe("");
      expect(section.blocks.length).toBeGreaterThan(0);
      for (const block of section.blocks) {
        if (block.type === "paragraph") expect(block.text.trim()).not.toBe("");
        else {
          expect(block.items.length).toBeGreaterThan(0);
          for (const item of block.items) expect(item.trim()).not.toBe("");
        }
      }
    }
  });

  it.each(legalPageSlugs)("%s: section ids are unique and non-empty", (slug) => {
    const ids = doc(slug).sections.map((section) => legalSectionId(section.heading));
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(legalPageSlugs)("%s: no placeholder text and ends with a contact section", (slug) => {
    const d = doc(slug);
    expect(fullText(d)).not.toMatch(/lorem|ipsum|TODO|TBD|\[.*?\]/i);
    expect(d.sections.at(-1)?.heading).toBe("Contact us");
    expect(fullText(d)).toContain(siteFacts.phone.display);
  });
});

describe("privacy policy", () => {
  const privacy = doc("privacy-policy");
  const text = fullText(privacy);

  it("is last updated January 2024 and mentions accounts", () => {
    expect(privacy.lastUpdated).toBe("January 2024");
    expect(text).toMatch(/\baccounts?\b/i);
    expect(text).toMatch(/client portal login/i);
  });

  it("promises an answer to privacy inquiries within 30 days", () => {
    expect(text).toMatch(/privacy inquiries within 30 days/i);
  });

  it("covers the required topics", () => {
    for (const pattern of [
      /credit score range/i,
      /job title/i,
      /user agent/i,
      /IP address/i,
      /UTM parameters/i,
      /referr/i,
      /newsletter/i,
      /Reply STOP/,
      /HELP/,
      /Message and data rates may apply/i,
      /at least 5 years/i,
      /CCPA\/CPRA/,
      /do not sell personal information/i,
      /children/i,
      /United States/,
      /funding partners?.*consent/i,
      /CRM/,
    ]) {
      expect(text).toMatch(pattern);
    }
    expect(text).toContain(siteFacts.privacyEmail);
    expect(text).toContain(siteFacts.legalName);
  });
});

describe("terms of service", () => {
  const text = fullText(doc("terms-of-service"));

  it("is governed by New York law with AAA arbitration", () => {
    expect(text).toMatch(/laws of the State of New York/);
    expect(text).toMatch(/American Arbitration Association \(AAA\)/);
    expect(text).toMatch(/Commercial Arbitration Rules/);
    expect(text).toMatch(/seated in New York, NY/);
    expect(text).toMatch(/class-action waiver/i);
  });

  it("says nothing is an offer to lend until a signed agreement, and covers eligibility and SMS", () => {
    expect(text).toMatch(/not an offer, approval or commitment to lend/i);
    expect(text).toMatch(/written agreement signed by you and by us/i);
    expect(text).toMatch(/at least 18 years old/i);
    expect(text).toMatch(/United States/);
    expect(text).toMatch(/only with your consent/i);
    expect(text).toMatch(/Reply STOP/);
    expect(text).toMatch(/booking/i);
  });
});

describe("cookie policy", () => {
  const cookies = doc("cookie-policy");
  const text = fullText(cookies);

  it("has exactly the four categories Essential, Analytics, Functional, Marketing", () => {
    expect([...cookieCategories]).toEqual(["Essential", "Analytics", "Functional", "Marketing"]);
    const categoryHeadings = cookies.sections
      .map((section) => /^(\w+) cookies and storage$/.exec(section.heading)?.[1])
      .filter(Boolean);
    expect(categoryHeadings).toEqual(["Essential", "Analytics", "Functional", "Marketing"]);
    for (const category of cookieCategories) {
      const section = cookies.sections.find((s) => s.heading === cookieCategoryHeading(category));
      const sectionText = section?.blocks
        .map((block) => (block.type === "paragraph" ? block.text : block.items.join(" ")))
        .join(" ");
      expect(sectionText).toMatch(/Consent needed: (yes|no|not)/);
    }
  });

  it("is honest about what the site stores", () => {
    expect(text).toMatch(/local storage/i);
    expect(text).toMatch(/7 days/);
    expect(text).toMatch(/never includes your SMS consent/i);
    expect(text).toMatch(/UTM parameters/);
    expect(text).toMatch(/booking provider/i);
    expect(text).toMatch(/does not set analytics cookies/i);
  });
});

describe("helpers", () => {
  it("finds a document by path, with or without a trailing slash", () => {
    expect(findLegalDocumentByPath("/privacy-policy")?.slug).toBe("privacy-policy");
    expect(findLegalDocumentByPath("/terms-of-service/")?.slug).toBe("terms-of-service");
    expect(findLegalDocumentByPath("/cookie-policy")?.title).toBe("Cookie Policy");
    expect(findLegalDocumentByPath("/faq")).toBeUndefined();
    expect(findLegalDocumentByPath("/")).toBeUndefined();
  });

  it("slugifies headings into anchor ids", () => {
    expect(legalSectionId("California privacy rights (CCPA/CPRA)")).toBe(
      "california-privacy-rights-ccpa-cpra",
    );
    expect(legalSectionId("Children's privacy")).toBe("childrens-privacy");
  });

  it("sends privacy questions to the privacy team and terms questions to the main desk", () => {
    expect(legalContact({ slug: "privacy-policy" }).email).toBe(siteFacts.privacyEmail);
    expect(legalContact({ slug: "cookie-policy" }).email).toBe(siteFacts.privacyEmail);
    expect(legalContact({ slug: "terms-of-service" }).email).toBe(siteFacts.email);
  });
});
