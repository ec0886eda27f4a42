import { expect, it } from "vitest";
import { legalPageSlugs } from "~/content/legal/slugs";
import { sitemapPaths } from "./sitemap";

it("lists every public page once, the legal pages and the texting opt-in page among them", () => {
  const paths = sitemapPaths();
  expect(new Set(paths).size).toBe(paths.length);
  expect(paths).toEqual(
    expect.arrayContaining([...legalPageSlugs.map((slug) => `/${slug}`), "/faq", "/texting"]),
  );
});
