/**
 * Firefox (Debian's firefox-esr; FIREFOX_PATH overrides) driven over WebDriver
 * BiDi by puppeteer-core, headless. Its scrollbars take space, as on a desktop
 * without overlay scrollbars.
 */
import puppeteer, { type ElementHandle } from "puppeteer-core";
import { firefoxPath } from "../../scripts/lib/engines.mjs";
import { E2E } from "./env";
import { firstVisible, type EngineSession } from "./engine";

export async function launchFirefox(): Promise<EngineSession> {
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: firefoxPath,
    headless: true,
    protocol: "webDriverBiDi",
    // puppeteer's 30 s to start was not always enough on a loaded 2-core machine.
    timeout: 90_000,
    // No update checks, telemetry or other outside connections from a test run.
    extraPrefsFirefox: { "network.dns.disablePrefetch": true, "app.update.enabled": false },
  });
  const page = await browser.newPage();
  return {
    name: "firefox",
    async setViewport(width, height) {
      await page.setViewport({ width, height });
      return page.evaluate(() => ({ width: window.innerWidth, height: window.innerHeight }));
    },
    async goto(path) {
      await page.goto(new URL(path, E2E.baseUrl).href);
      await page.waitForSelector("html[data-page-ready]", { timeout: 15_000 });
    },
    evaluate(fn, ...args) {
      return page.evaluate(fn as never, ...(args as unknown as never[])) as never;
    },
    async click(selector) {
      const handle = await page.evaluateHandle(firstVisible, selector);
      const element = handle.asElement() as ElementHandle<Element> | null;
      if (!element) throw new Error(`Firefox: nothing visible matches ${selector}`);
      await element.click();
      await handle.dispose();
    },
    async chooseFile(selector, path) {
      const input = (await page.$(selector)) as ElementHandle<HTMLInputElement> | null;
      if (!input) throw new Error(`Firefox: no file input matches ${selector}`);
      await input.uploadFile(path);
      await input.dispose();
    },
    async press(key, { shift = false } = {}) {
      if (shift) await page.keyboard.down("Shift");
      await page.keyboard.press(key);
      if (shift) await page.keyboard.up("Shift");
    },
    async screenshot() {
      return Buffer.from(await page.screenshot({ type: "png" }));
    },
    async close() {
      await browser.close();
    },
  };
}
