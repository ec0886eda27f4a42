import { expect, test, type Locator, type Page } from "./support/test";
import { E2E } from "./support/env";
import { OFFSCREEN_SELECTOR } from "../app/page/skip-offscreen";
import { expectAtScrollMargin, expectScrolledIntoView, expectSkippedOffscreen } from "./support/viewport";

/** Follows a link to a home-page section: the address becomes /#id and the section scrolls into view. */
async function followToSection(link: Locator, id: string) {
  await link.click();
  await expect(link.page()).toHaveURL(`${E2E.baseUrl}/#${id}`);
  await expectScrolledIntoView(link.page().locator(`#${id}`));
}

const mainNavLink = (name: string) => (page: Page) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name });

/**
 * Links to a home-page section, each on the page it is followed from; from
 * another page, the link goes home first and then scrolls.
 */
const sectionLinks: { name: string; from: string; link: (page: Page) => Locator; section: string }[] = [
  { name: "the header's Products", from: "/", link: mainNavLink("Products"), section: "products" },
  {
    name: "the header's How It Works",
    from: "/",
    link: mainNavLink("How It Works"),
    section: "how-it-works",
  },
  { name: "the header's About Us", from: "/", link: mainNavLink("About Us"), section: "about-us" },
  {
    name: "the header's How It Works",
    from: "/faq",
    link: mainNavLink("How It Works"),
    section: "how-it-works",
  },
  {
    name: "the header's Get Funding",
    from: "/",
    link: (page) => page.getByRole("banner").getByRole("link", { name: "Get Funding" }),
    section: "funding-form",
  },
  {
    name: "the products section's Start Your Application",
    from: "/",
    link: (page) => page.locator("#products").getByRole("link", { name: "Start Your Application" }),
    section: "funding-form",
  },
  {
    name: "the CTA block's Get Funding Now",
    from: "/products/bridge-funding",
    link: (page) =>
      page.locator('section[aria-labelledby="cta-heading"]').getByRole("link", { name: "Get Funding Now" }),
    section: "funding-form",
  },
  {
    name: "the product hero's Apply Now",
    from: "/products/growth-capital",
    link: (page) => page.getByRole("link", { name: "Apply Now" }).first(),
    section: "funding-form",
  },
];

test.describe("links to a section", () => {
  for (const { name, from, link, section } of sectionLinks) {
    test(`${name} on ${from} goes to /#${section} and scrolls there`, async ({ page }) => {
      await page.goto(from);
      await followToSection(link(page), section);
    });
  }
});

/**
 * Where `#id` sits in the document while the page skips its off-screen
 * sections, and where it sits with every section rendered in full: the page
 * script gives each skipped section its real height, so the two must agree.
 */
async function sectionOffsets(page: Page, id: string) {
  return page.evaluate(
    ([target, selector]) => {
      const top = () => document.getElementById(target)!.getBoundingClientRect().top + window.scrollY;
      const skipped = top();
      const sections = [...document.querySelectorAll<HTMLElement>(selector)];
      const before = sections.map((section) => section.style.contentVisibility);
      sections.forEach((section) => (section.style.contentVisibility = "visible"));
      const rendered = top();
      sections.forEach((section, index) => (section.style.contentVisibility = before[index]));
      return { skipped: Math.round(skipped), rendered: Math.round(rendered) };
    },
    [id, OFFSCREEN_SELECTOR] as const,
  );
}

/** The page's last section (its call to action), off screen when a page loads, has been made skippable. */
const offscreenSkipped = (page: Page) => expectSkippedOffscreen(page.locator("#main > section").last());

test.describe("off-screen sections", () => {
  test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

  for (const path of ["/", "/products/growth-capital", "/faq"]) {
    test(`being skipped moves nothing on screen on ${path} (no layout shift)`, async ({ page }) => {
      await page.addInitScript(() => {
        const shifts: number[] = [];
        (window as unknown as { __shifts: number[] }).__shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
        }).observe({ type: "layout-shift", buffered: true });
      });
      await page.goto(path);
      await offscreenSkipped(page);
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts)).toEqual([]);
    });
  }

  // Blocks marked inside a long section are skipped on their own (a legal section, a FAQ topic's
  // questions): the page's last link target sits where it would with everything rendered, and a
  // table-of-contents link lands on it exactly.
  // /faq is short: on an 823 px screen all its topics lie within the one and a half screens that are
  // never skipped (app/page/skip-offscreen.ts), so it is loaded on a shorter phone screen.
  for (const { path, blocks, open, height } of [
    {
      path: "/privacy-policy",
      blocks: "article section[data-skip-offscreen]",
      open: "summary",
      height: null,
    },
    { path: "/faq", blocks: "[data-skip-offscreen]", open: null, height: 600 },
  ]) {
    test(`${path}: blocks far off screen inside a section are skipped, and links into them land exactly`, async ({
      page,
    }) => {
      if (height) await page.setViewportSize({ width: 412, height });
      await page.goto(path);
      const marked = page.locator(blocks);
      await expectSkippedOffscreen(marked.last());
      const links = page.locator('a[href^="#"]:not([href="#main"])');
      const id = (await links.last().getAttribute("href"))!.slice(1);
      const offsets = await sectionOffsets(page, id);
      expect(offsets.skipped, `#${id} sits where it would with every block rendered`).toBe(offsets.rendered);
      if (open) await page.locator(open).first().click();
      await page.locator(`a[href="#${id}"]:visible`).first().click();
      await expectAtScrollMargin(page.locator(`[id="${id}"]`));
    });
  }

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    test(`are skipped once the page is idle, at their real heights, and links still land exactly (${viewport.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto("/");
      await offscreenSkipped(page);
      const offsets = await sectionOffsets(page, "funding-form");
      expect(offsets.skipped, "the form sits where it would with every section rendered").toBe(
        offsets.rendered,
      );
      const hero = page.locator("main section").first();
      await hero.getByRole("link", { name: "Get Funding Now" }).click();
      await expectAtScrollMargin(page.locator("#funding-form"));
      await expect(page.locator("#funding-form").getByRole("heading").first()).toBeVisible();

      // Another width: every section is measured anew, and the links land as exactly.
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
      await page.setViewportSize({ width: viewport.width === 390 ? 820 : 1024, height: viewport.height });
      await expect
        .poll(async () => {
          const { skipped, rendered } = await sectionOffsets(page, "testimonials");
          return skipped - rendered;
        })
        .toBe(0);
      await offscreenSkipped(page);
      await hero.getByRole("link", { name: "Get Funding Now" }).click();
      await expectAtScrollMargin(page.locator("#funding-form"));
    });
  }
});

test.describe("header", () => {
  test("the header turns solid once the page is scrolled", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    // Glass at the top (the page shows through), opaque once scrolled.
    const alpha = () =>
      header.evaluate((element) => {
        // "rgb(r g b / a)", "rgba(r, g, b, a)", "oklab(l a b / a)": the alpha, 1 when none is given.
        const color = getComputedStyle(element).backgroundColor;
        const slash = /\/\s*([\d.]+)\)$/.exec(color);
        const rgba = /^rgba\([^,]+,[^,]+,[^,]+,\s*([\d.]+)\)$/.exec(color);
        return Number((slash ?? rgba)?.[1] ?? 1);
      });
    expect(await alpha()).toBeLessThan(1);
    await page.mouse.wheel(0, 800);
    await expect.poll(alpha).toBe(1);
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("opens, and closes after a choice", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "About Us" }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
    await expectScrolledIntoView(page.locator("#about-us"));
  });

  test("its Get Funding button scrolls to the form and closes the menu", async ({ page }) => {
    await page.goto("/faq");
    await page.getByRole("button", { name: "Open menu" }).click();
    await followToSection(
      page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Get Funding" }),
      "funding-form",
    );
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
  });
});

test.describe("calls to action", () => {
  test("hero Get Funding Now scrolls to the form and Learn More to the products", async ({ page }) => {
    await page.goto("/");
    const hero = page.locator("main section").first();
    await followToSection(hero.getByRole("link", { name: "Get Funding Now" }), "funding-form");
    await page.evaluate(() => window.scrollTo(0, 0));
    await followToSection(hero.getByRole("link", { name: "Learn More" }), "products");
  });

  test("Compare All Options shows the six products side by side", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Compare All Options" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    for (const range of ["$500K-$5M", "$100K-$2M", "$50K-$1M", "$25K-$500K", "$1M-$50M", "$50K-$5M"]) {
      await expect(dialog.getByText(range).first()).toBeVisible();
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });
});

test.describe("consultation dialog", () => {
  async function open(page: Page) {
    await page.goto("/faq");
    await page.getByRole("button", { name: "Schedule Consultation" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Schedule Your Consultation" });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  test("embeds the booking widget 700 px high", async ({ page }) => {
    const dialog = await open(page);
    const frame = dialog.locator("iframe");
    await expect(frame).toHaveAttribute("src", E2E.bookingUrl);
    const box = await frame.boundingBox();
    expect(Math.round(box?.height ?? 0)).toBe(700);
    await expect(page.frameLocator("iframe").getByRole("heading", { name: "Pick a time" })).toBeVisible();
  });

  test("closes with its close button", async ({ page }) => {
    const dialog = await open(page);
    await dialog.getByRole("button", { name: "Close consultation dialog" }).click();
    await expect(dialog).toBeHidden();
  });

  test("closes with Escape and returns focus to the trigger", async ({ page }) => {
    const dialog = await open(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Schedule Consultation" }).first()).toBeFocused();
  });

  test("closes on a click outside", async ({ page }) => {
    const dialog = await open(page);
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
  });

  test("holds the page behind it while open, and gives it back on close", async ({ page }) => {
    const dialog = await open(page);
    const heading = page.getByRole("heading", { level: 1 });
    const html = page.locator("html");
    // Once the dialog has painted: the page is inert (hidden from assistive technology, no focus,
    // no clicks) and does not scroll; the dialog itself is not.
    await expect.poll(() => heading.evaluate((element) => element.closest("[inert]") !== null)).toBe(true);
    expect(await dialog.evaluate((element) => element.closest("[inert]"))).toBeNull();
    await expect(html).toHaveCSS("overflow", "hidden");
    const before = await page.evaluate(() => scrollY);
    await page.mouse.move(10, 400);
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => scrollY)).toBe(before);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    expect(await heading.evaluate((element) => element.closest("[inert]"))).toBeNull();
    await expect(html).not.toHaveCSS("overflow", "hidden");
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(before);
  });
});

test.describe("FAQ accordion", () => {
  for (const javaScriptEnabled of [true, false]) {
    test(`one answer open at a time, and the open one collapses${javaScriptEnabled ? "" : " (before any script runs)"}`, async ({
      browser,
    }) => {
      // The accordion is the browser's own <details name>: it must work while
      // the page's scripts are still loading, so it is checked without them too.
      const context = await browser.newContext({ javaScriptEnabled, baseURL: E2E.baseUrl });
      try {
        const page = await context.newPage();
        await page.goto("/faq");
        const items = page.locator('details[data-slot="accordion-item"]');
        const questions = page.locator('[data-slot="accordion-trigger"]');
        const open = page.locator('details[data-slot="accordion-item"][open]');
        await expect(questions).toHaveCount(16);
        await expect(open).toHaveCount(0);
        await questions.nth(0).click();
        await expect(items.nth(0)).toHaveAttribute("open", "");
        await expect(items.nth(0).locator('[data-slot="accordion-content"]')).toBeVisible();
        await questions.nth(5).click();
        await expect(items.nth(5)).toHaveAttribute("open", "");
        await expect(open).toHaveCount(1);
        await questions.nth(5).click();
        await expect(open).toHaveCount(0);
      } finally {
        await context.close();
      }
    });
  }

  test("the contact block offers mailto and tel links", async ({ page }) => {
    await page.goto("/faq");
    await expect(page.locator('main a[href^="mailto:"]').first()).toBeVisible();
    await expect(page.locator('main a[href^="tel:"]').first()).toBeVisible();
  });
});

/** What the page did while it loaded: scrollY on every frame from the document's start, and any CSP violation. */
type ArrivalRecord = {
  frames: [number, number][];
  domContentLoaded: number | null;
  violations: string[];
};

declare global {
  interface Window {
    __arrival?: ArrivalRecord;
  }
}

/** Records the next documents' scroll positions frame by frame (runs before any page script). */
async function recordScrolling(page: Page) {
  await page.addInitScript(() => {
    const record: ArrivalRecord = { frames: [], domContentLoaded: null, violations: [] };
    window.__arrival = record;
    document.addEventListener("DOMContentLoaded", () => (record.domContentLoaded = performance.now()));
    document.addEventListener("securitypolicyviolation", (event) =>
      record.violations.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
    const frame = () => {
      record.frames.push([performance.now(), window.scrollY]);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/** Arrives at /#funding-form from a product page's Apply Now; returns the frames once scrolling has settled. */
async function arriveAtFundingForm(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  await page.goto("/products/growth-capital");
  await recordScrolling(page);
  await page.getByRole("link", { name: "Apply Now" }).first().click();
  await expect(page).toHaveURL(`${E2E.baseUrl}/#funding-form`);
  const section = page.locator("#funding-form");
  // Settled: the section sits at its scroll margin below the sticky header, and stays there.
  await expectAtScrollMargin(section);
  await page.waitForTimeout(200);
  const record = await page.evaluate(() => window.__arrival!);
  const header = await page.getByRole("banner").boundingBox();
  const heading = await section.getByRole("heading").first().boundingBox();
  expect(heading!.y, "the heading shows below the sticky header").toBeGreaterThanOrEqual(
    header!.y + header!.height - 1,
  );
  expect(heading!.y, "the heading shows near the top").toBeLessThan(page.viewportSize()!.height / 3);
  expect(record.violations, "no CSP violation").toEqual([]);
  expect(errors, "no console error").toEqual([]);
  expect(record.domContentLoaded).not.toBeNull();
  const early = record.frames.filter(([time]) => time < record.domContentLoaded! + 90);
  expect(early.length, "frames were recorded before the wait ended").toBeGreaterThan(0);
  expect(
    early.filter(([, y]) => y !== 0),
    "still at the top for 100 ms after the page loads: no jump",
  ).toEqual([]);
  return {
    ...record,
    domContentLoaded: record.domContentLoaded!,
    finalY: await page.evaluate(() => window.scrollY),
  };
}

test.describe("arriving at a home section from another page", () => {
  test("waits 100 ms after the page loads, then scrolls smoothly to the section", async ({ page }) => {
    const { frames, finalY } = await arriveAtFundingForm(page);
    const between = new Set(frames.map(([, y]) => y).filter((y) => y > 0 && y < finalY - 1));
    // A jump has no position between the top and the section; a glide has some (a CPU-starved
    // browser may paint only one or two frames of it, so one is enough to tell them apart).
    expect(between.size, "passes through positions on the way (smooth, not a jump)").toBeGreaterThanOrEqual(
      1,
    );
  });

  test.describe("with reduced motion", () => {
    test.use({ reducedMotion: "reduce" });

    test("waits 100 ms, then goes straight to the section without scrolling through the page", async ({
      page,
    }) => {
      const { frames, finalY } = await arriveAtFundingForm(page);
      expect(finalY).toBeGreaterThan(0);
      expect(frames.map(([, y]) => y).filter((y) => y !== 0 && Math.abs(y - finalY) > 1)).toEqual([]);
    });
  });
});
