import { randomUUID } from "node:crypto";
import { acceptInvitation, adminInvitationPath, expectNoAxeViolations, screenshot } from "../support/desk";
import { expect, test } from "../support/test";

/**
 * The desk's Claims page on the browser tests' real build: every claim of the
 * register with its status, and the public pages that state it read from the
 * build's claims-manifest.json, each a link that opens the page. Photographed
 * at 1440 and 390 px. Its admin comes by a CLI invitation, and its file sorts
 * after desk.spec.ts, whose first test needs a desk nobody has set up yet.
 */
test("the Claims page lists each claim with where the built site states it", async ({ page }) => {
  // Every claim of the register in four tables: axe reads a long page.
  test.slow();
  const email = `admin+${randomUUID().slice(0, 8)}@harborline.test`;
  await acceptInvitation(page, adminInvitationPath(email), email);
  await page.getByRole("link", { name: "Claims" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Claims" })).toBeVisible();
  await expect(page.getByText("Not built yet")).toHaveCount(0);

  // Nothing is filed for it: the register's description of its evidence is not evidence.
  const unsupported = page.getByRole("table", { name: "Unsupported claims" });
  const funded = unsupported.getByRole("row").filter({ hasText: "businesses-funded" });
  await expect(funded.getByRole("rowheader")).toContainText("businesses funded");
  await expect(funded).toContainText("Compliance Officer");
  await expect(funded).toContainText("None filed");
  await expect(funded).toContainText("Growing companies across many industries have funded with us");
  // The figures computed from our records (the job computed them at start-up), read by axe too.
  const computed = page.getByRole("table", { name: "Computed claims" });
  const decisions = computed.getByRole("row").filter({ hasText: "Funding decision within 48 hours" });
  await expect(decisions).toContainText(/Too little data: N = \d+, at least 30 needed/);
  await expectNoAxeViolations(page, "the Claims page");
  await screenshot(page, "claims");

  await funded.getByRole("link", { name: "/", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('[data-claim="businesses-funded"]').first()).toBeVisible();
});
