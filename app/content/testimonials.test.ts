import { describe, expect, it } from "vitest";
import { testimonials } from "./testimonials";

describe("testimonials", () => {
  it("has three five-star testimonials with every field", () => {
    expect(testimonials).toHaveLength(3);
    for (const testimonial of testimonials) {
      expect(testimonial.rating).toBe(5);
      for (const field of ["id", "name", "title", "company", "content", "image"] as const) {
        expect(testimonial[field].trim()).not.toBe("");
      }
    }
    expect(new Set(testimonials.map((testimonial) => testimonial.id)).size).toBe(3);
  });

  it("carries the published claims: closed in 18 days, development accelerated by 6 months", () => {
    const texts = testimonials.map((testimonial) => testimonial.content);
    expect(texts.some((text) => /closed in 18 days/.test(text))).toBe(true);
    expect(texts.some((text) => /accelerated our development by 6 months/.test(text))).toBe(true);
  });

  it("uses an emoji avatar, not an image URL", () => {
    for (const testimonial of testimonials) {
      expect(testimonial.image).toMatch(/\p{Extended_Pictographic}/u);
      expect(testimonial.image).not.toMatch(/[/.]/);
    }
  });
});
