import { expect, test } from "./support/test";
import { pages } from "./support/routes";

test("no dead links or nameless buttons on any page", async ({ page, request }) => {
  // Every page and every link on it: well past 30 s on a busy machine.
  test.slow();
  const checked = new Map<string, number>();
  const homeSectionIds = new Set<string>();
  await page.goto("/");
  for (const id of await page.locator("[id]").evaluateAll((els) => els.map((el) => el.id)))
    homeSectionIds.add(id);

  for (const target of pages) {
    await page.goto(target.path);
    const links = await page.locator("a").evaluateAll((anchors) =>
      anchors.map((a) => ({
        href: a.getAttribute("href"),
        text: (a.textContent ?? "").trim(),
        label: a.getAttribute("aria-label"),
      })),
    );
    for (const link of links) {
      const where = `${target.path}: link "${link.text || link.label}"`;
      expect(link.href, where).toBeTruthy();
      expect(link.href, where).not.toBe("#");
      expect(link.href, where).not.toMatch(/^javascript:/i);
      if (link.href!.startsWith("#")) {
        expect(await page.locator(`[id="${link.href!.slice(1)}"]`).count(), `${where}: in-page target`).toBe(
          1,
        );
      } else if (link.href!.startsWith("/")) {
        const [path, hash] = link.href!.split("#");
        if (!checked.has(path)) checked.set(path, (await request.get(path || "/")).status());
        expect(checked.get(path), `${where} -> ${link.href}`).toBe(200);
        if (hash && (path === "/" || path === ""))
          expect(homeSectionIds.has(hash), `${where}: #${hash} exists on home`).toBe(true);
        if (hash && path === target.path) expect(await page.locator(`[id="${hash}"]`).count(), where).toBe(1);
      } else {
        expect(link.href, where).toMatch(/^(https?:|mailto:|tel:)/);
      }
    }
    const nameless = await page
      .locator("button:visible")
      .evaluateAll(
        (buttons) =>
          buttons.filter(
            (b) =>
              !(b.textContent ?? "").trim() &&
              !b.getAttribute("aria-label") &&
              !b.getAttribute("aria-labelledby"),
          ).length,
      );
    expect(nameless, `${target.path}: buttons without a name`).toBe(0);
  }
});

test.describe("newsletter", () => {
  test("rejects a bad address with a clear message, then subscribes a good one", async ({ page }) => {
    await page.goto("/faq");
    const footer = page.getByRole("contentinfo");
    const input = footer.getByLabel("Email address");
    await input.fill("not-an-email");
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(footer.getByRole("alert")).toHaveText("Please enter a valid email address");
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await input.fill(`reader+${Date.now()}@example.com`);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(footer.getByRole("status")).toContainText("Check your inbox");
  });
});

test("social links come from site facts and open in a new tab", async ({ page }) => {
  await page.goto("/");
  const social = page.getByRole("list", { name: "Social media" }).getByRole("link");
  expect(await social.count()).toBeGreaterThan(0);
  for (const link of await social.all()) {
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /noopener/);
  }
});
