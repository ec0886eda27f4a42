import { expect, test, type Page } from "./support/test";
import { E2E } from "./support/env";
import { pages } from "./support/routes";

async function jsonLdTypes(page: Page): Promise<string[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const types: string[] = [];
  const collect = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === "object") {
      const record = value as Record<string, unknown>;
      if (typeof record["@type"] === "string") types.push(record["@type"]);
      Object.values(record).forEach(collect);
    }
  };
  blocks.forEach((block) => collect(JSON.parse(block)));
  return types;
}

test.describe("every route", () => {
  const titles = new Set<string>();

  for (const target of pages) {
    test(`${target.path} has its content and head`, async ({ page }) => {
      const response = await page.goto(target.path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(target.h1);
      await expect(page.locator("h1")).toHaveCount(1);

      const title = await page.title();
      expect(title.length).toBeGreaterThan(10);
      expect(titles.has(title), `duplicate title ${title}`).toBe(false);
      titles.add(title);

      const description = await page.locator('meta[name="description"]').getAttribute("content");
      expect(description?.length ?? 0).toBeGreaterThan(50);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        "href",
        `${E2E.baseUrl}${target.path === "/" ? "/" : target.path}`,
      );
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", /^http/);
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute(
        "content",
        "summary_large_image",
      );

      const types = await jsonLdTypes(page);
      expect(types).toContain("FinancialService");
      for (const type of target.jsonLdTypes) expect(types).toContain(type);

      const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
      if (target.breadcrumb) {
        await expect(breadcrumb.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
        await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText(target.breadcrumb);
        await expect(breadcrumb.getByRole("link", { name: target.breadcrumb })).toHaveCount(0);
      } else {
        await expect(breadcrumb).toHaveCount(0);
      }
    });

    test(`${target.path} serves its h1 and head before any JavaScript runs`, async ({ request }) => {
      const response = await request.get(target.path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, "");
      if (typeof target.h1 === "string") expect(h1).toBe(target.h1);
      else expect(h1).toMatch(target.h1);
      expect(html).toMatch(/<title>[^<]+<\/title>/);
      expect(html).toContain('rel="canonical"');
    });
  }
});

test("sitemap.xml lists every page and robots.txt points at it", async ({ request }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  for (const target of pages) expect(sitemap).toContain(`<loc>${E2E.baseUrl}${target.path}</loc>`);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${E2E.baseUrl}/sitemap.xml`);
});

test.describe("404", () => {
  test("an unknown path answers 404 with the not-found page and logs the path", async ({ page }) => {
    const messages: string[] = [];
    page.on("console", (message) => messages.push(message.text()));
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page not found");
    await expect.poll(() => messages.join("\n")).toContain("/no-such-page");
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(`${E2E.baseUrl}/`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Scale your business without limits");
  });

  test("unknown product slugs are 404s too", async ({ request }) => {
    expect((await request.get("/products/unicorn-dust")).status()).toBe(404);
  });
});
