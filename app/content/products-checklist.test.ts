/**
 * The document room asks for what the product page the applicant read says
 * (domain/documents/checklist.ts): each requirement that quotes a product
 * page quotes its "Documentation" list word for word, and the number of
 * monthly statements asked for is the number the page names.
 */
import { describe, expect, it } from "vitest";
import { FUNDING_TYPE_CHECKLISTS } from "#domain/documents/checklist";
import { products } from "./products";

const documentation = (slug: string) =>
  products
    .find((product) => product.slug === slug)
    ?.requirements.find((group) => group.category === "Documentation")?.items ?? [];

const withPages = Object.entries(FUNDING_TYPE_CHECKLISTS).filter(([, checklist]) => checklist.productPage);

describe("the document checklist and the product pages", () => {
  it("four funding types of the form have a product page", () => {
    expect(withPages.map(([type]) => type).sort()).toEqual([
      "real-estate",
      "revenue-based",
      "sba-loan",
      "strategic-financing",
    ]);
  });

  it.each(withPages)("%s quotes its page's Documentation list word for word", (_type, checklist) => {
    const listed = documentation(checklist.productPage!);
    expect(listed.length).toBeGreaterThan(0);
    for (const { source } of checklist.requirements) {
      const quoted = new RegExp(
        `^Product page /products/${checklist.productPage}, Documentation: "([^"]+)"`,
      ).exec(source);
      if (quoted) expect(listed).toContain(quoted[1]);
    }
  });

  it.each(withPages)("%s asks for as many monthly statements as its page says", (_type, checklist) => {
    const named = documentation(checklist.productPage!)
      .map((item) => /Last (\d+) months of (?:business )?bank statements/.exec(item)?.[1])
      .find(Boolean);
    const asked = checklist.requirements.find((requirement) => requirement.kind === "bank-statement")?.repeat;
    if (named === undefined) expect(asked).toBeUndefined();
    else expect(asked).toEqual({ per: "month", months: Number(named) });
  });
});
