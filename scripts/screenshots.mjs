// Full-page screenshots of every route at phone and desktop widths, for a
// person to look at: `node scripts/screenshots.mjs [origin] [outDir]`.
import { mkdirSync } from "node:fs";
import { chromium } from "playwright-core";
import { chromiumArgs, chromiumPath } from "./lib/chromium.mjs";
import { siteRoutes } from "./lib/site-routes.mjs";

const origin = process.argv[2] ?? "http://127.0.0.1:3000";
const outDir = process.argv[3] ?? "screenshots";
const routes = process.env.ROUTES?.split(",") ?? siteRoutes();
const widths = [390, 1440];

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: chromiumArgs,
});
for (const width of widths) {
  const page = await browser.newPage({ viewport: { width, height: width < 600 ? 844 : 900 } });
  for (const route of routes) {
    await page.goto(`${origin}${route}`, { waitUntil: "networkidle" });
    // Scroll through once so lazy sections (the wizard) load as a visitor would see them.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForTimeout(300);
    const name = route === "/" ? "home" : route.slice(1).replaceAll("/", "_");
    await page.screenshot({ path: `${outDir}/${name}-${width}.png`, fullPage: true });
  }
  await page.close();
}
await browser.close();
console.log(`screenshots in ${outDir}/`);
