import { describe, expect, it } from "vitest";
import { allFaqItems } from "~/content/faq";
import { faqPageJsonLd } from "./faq-jsonld";

describe("FAQPage JSON-LD", () => {
  it("holds all sixteen questions with their answers, in page order", () => {
    const data = faqPageJsonLd(allFaqItems);
    expect(data["@type"]).toBe("FAQPage");
    expect(data.mainEntity).toHaveLength(16);
    data.mainEntity.forEach((entry, index) => {
      expect(entry).toEqual({
        "@type": "Question",
        name: allFaqItems[index].question,
        acceptedAnswer: { "@type": "Answer", text: allFaqItems[index].answer },
      });
    });
  });

  it("serializes to JSON without loss", () => {
    const data = faqPageJsonLd(allFaqItems);
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);
  });
});
