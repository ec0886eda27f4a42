/**
 * Two places axe once faulted on the desk: the count inside a selected "Due
 * soon" or "Overdue" pill (too faint on the pill's own colour), and the
 * evidence page's opt-out table, whose sideways scroll a keyboard could not
 * reach at phone width. The admin comes by a CLI invitation; the file sorts
 * after desk.spec.ts, whose first test needs a desk nobody has set up yet.
 */
import { randomUUID } from "node:crypto";
import { sampleApplication } from "../../test/support/sample-application";
import { sql } from "../support/desk-seed";
import {
  acceptInvitation,
  adminInvitationPath,
  expectNoAxeViolations,
  submitApplication,
} from "../support/desk";
import { expect, test, type Page } from "../support/test";

const apply = (page: Page, companyName: string, phone = sampleApplication.phone) =>
  submitApplication(page.request, companyName, { phone });

/**
 * The contrast of a pill's count against what is behind it: the badge's own
 * background laid over the pill's (a canvas turns any CSS colour into sRGB),
 * by WCAG's formula. axe leaves a translucent background "incomplete".
 */
async function countContrast(pill: ReturnType<Page["locator"]>): Promise<number> {
  return pill.evaluate((link) => {
    const badge = link.querySelector("span")!;
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const context = canvas.getContext("2d")!;
    const paint = (...colours: string[]) => {
      context.clearRect(0, 0, 1, 1);
      for (const colour of colours) {
        context.fillStyle = colour;
        context.fillRect(0, 0, 1, 1);
      }
      return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    };
    const luminance = (rgb: number[]) => {
      const [r, g, b] = rgb.map((value) => {
        const c = value / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const behind = paint(getComputedStyle(link).backgroundColor, getComputedStyle(badge).backgroundColor);
    const text = paint(getComputedStyle(link).backgroundColor, getComputedStyle(badge).color);
    const [light, dark] = [luminance(behind), luminance(text)].sort((a, b) => b - a);
    return (light + 0.05) / (dark + 0.05);
  });
}

test("a selected Due soon or Overdue pill shows its count legibly, and axe finds nothing", async ({
  page,
}) => {
  const tag = randomUUID().slice(0, 6);
  const late = await apply(page, `Late Lumber ${tag}`);
  const soon = await apply(page, `Soon Sawmill ${tag}`);
  sql(`UPDATE applications SET review_due_at = now() - interval '1 hour' WHERE id = '${late}'`);
  sql(`UPDATE applications SET review_due_at = now() + interval '20 minutes' WHERE id = '${soon}'`);

  // Later files share this store and count their own overdue leads: these two go back to a far deadline after.
  try {
    await checkPills(page, tag);
  } finally {
    sql(
      `UPDATE applications SET review_due_at = now() + interval '30 days' WHERE id IN ('${late}', '${soon}')`,
    );
  }
});

async function checkPills(page: Page, tag: string) {
  const email = `admin+${randomUUID().slice(0, 8)}@harborline.test`;
  await acceptInvitation(page, adminInvitationPath(email), email);
  for (const [due, label, company] of [
    ["overdue", "Overdue", `Late Lumber ${tag}`],
    ["due_soon", "Due soon", `Soon Sawmill ${tag}`],
  ] as const) {
    await page.goto(`/desk/inbox?owner=everyone&due=${due}&sort=time_left`);
    await expect(page.getByRole("link", { name: company })).toBeVisible();
    const pill = page.getByRole("navigation", { name: "Review clock" }).locator('a[aria-current="page"]');
    await expect(pill).toHaveText(new RegExp(`^${label} \\d[\\d,]*$`));
    expect(await countContrast(pill), `the count in the selected ${label} pill`).toBeGreaterThanOrEqual(4.5);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page, `the inbox's ${label} view at ${width} px`);
    }
  }
}

test("the evidence page's opt-out table scrolls from the keyboard at 390 px, and axe finds nothing", async ({
  page,
}) => {
  const phone = `(718) 555-${String(Date.now() % 10_000).padStart(4, "0")}`;
  const id = await apply(page, `Evidence Eatery ${randomUUID().slice(0, 6)}`, phone);
  await page.request.post("/api/opt-out", { form: { phone }, maxRedirects: 0 });

  const email = `admin+${randomUUID().slice(0, 8)}@harborline.test`;
  await acceptInvitation(page, adminInvitationPath(email), email);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/desk/applications/${id}/evidence`);
  const frame = page.getByRole("region", { name: "Opt-outs of this phone number and email address" });
  await expect(frame.getByRole("table")).toBeVisible();
  // Wider than the phone: the frame scrolls, and the keyboard can reach and scroll it.
  expect(await frame.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await frame.focus();
  await expect(frame).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => frame.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await expectNoAxeViolations(page, "the evidence page at 390 px");
});
