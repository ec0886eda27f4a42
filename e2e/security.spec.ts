import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "./support/test";
import { E2E } from "./support/env";
import { pages } from "./support/routes";

test("the browser bundle holds no secret: no CRM URL, no database URL", () => {
  const assets = join(E2E.buildDir, "client", "assets");
  const scripts = readdirSync(assets).filter((file) => file.endsWith(".js"));
  expect(scripts.length).toBeGreaterThan(5);
  for (const file of scripts) {
    const code = readFileSync(join(assets, file), "utf8");
    for (const secret of [
      E2E.serverEnv.LEAD_WEBHOOK_URL,
      "postgres://",
      "LEAD_WEBHOOK_URL",
      "DATABASE_URL",
    ]) {
      expect(code.includes(secret), `${file} contains ${secret}`).toBe(false);
    }
  }
});

test("every page carries the security headers and a strict CSP", async ({ request }) => {
  for (const target of [...pages.map((page) => page.path), "/no-such-page"]) {
    const response = await request.get(target);
    const headers = response.headers();
    const csp = headers["content-security-policy"] ?? "";
    const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? "";
    expect(scriptSrc, target).toContain("'sha256-");
    expect(scriptSrc, target).not.toContain("'unsafe-inline'");
    expect(csp, target).toContain("frame-ancestors 'none'");
    expect(csp, target).toContain(`frame-src ${E2E.bookingOrigin}`);
    expect(headers["x-content-type-options"], target).toBe("nosniff");
    expect(headers["referrer-policy"], target).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"], target).toBeTruthy();
  }
});

test("no page breaks its own Content-Security-Policy", async ({ page }) => {
  // Every public page in turn, each until the network is idle: fifteen pages outgrow the 30 s default.
  test.slow();
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  for (const target of pages.map((entry) => entry.path)) {
    await page.goto(target);
    await page.waitForLoadState("networkidle");
  }
  // The dialogs and the wizard load code on demand; open them too.
  await page.goto("/");
  await page.getByRole("button", { name: "Compare All Options" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await page.locator("#funding-form").scrollIntoViewIfNeeded();
  await expect(page.locator("#funding-form").getByLabel("Company Name")).toBeEditable({ timeout: 15_000 });
  await page.getByRole("button", { name: "Schedule Consultation" }).first().click();
  await expect(page.frameLocator("iframe").getByRole("heading", { name: "Pick a time" })).toBeVisible();
  expect(violations).toEqual([]);
});
