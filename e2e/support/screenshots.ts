import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { Locator, Page } from "@playwright/test";

/**
 * Screenshots for a person to look at (docs/testing.md): taken only when SCREENSHOTS=1, since no
 * test asserts on them and they cost the run about a second each. What the tests check of a page's
 * look (axe, overflow, a label read whole) runs either way.
 */
export const SCREENSHOTS = process.env.SCREENSHOTS === "1";

type Options = Omit<NonNullable<Parameters<Page["screenshot"]>[0]>, "path">;

/** Saves a screenshot of a page or an element at `path` when SCREENSHOTS=1; else does nothing. */
export async function shoot(target: Page | Locator, path: string, options: Options = {}) {
  if (!SCREENSHOTS) return;
  mkdirSync(dirname(path), { recursive: true });
  await target.screenshot({ path, ...options });
}

/** The two widths every page is photographed at: a phone's and a desktop's. */
export const SHOT_VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

/**
 * Full-page screenshots of `page` at both SHOT_VIEWPORTS, at `${prefix}-<width>.png`, when
 * SCREENSHOTS=1; the viewport is `restore` afterwards.
 */
export async function shootWidths(page: Page, prefix: string, restore: { width: number; height: number }) {
  if (!SCREENSHOTS) return;
  for (const viewport of SHOT_VIEWPORTS) {
    await page.setViewportSize(viewport);
    await shoot(page, `${prefix}-${viewport.width}.png`, { fullPage: true });
  }
  await page.setViewportSize(restore);
}
