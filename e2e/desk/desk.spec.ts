import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { sampleApplication } from "../../test/support/sample-application";
import { seedDeskData } from "../support/desk-seed";
import { E2E } from "../support/env";
import {
  acceptInvitation,
  expectNoAxeViolations,
  screenshot,
  setupPath,
  signIn,
  submitApplication,
  type Account,
} from "../support/desk";
import { expect, test, type Page } from "../support/test";

// One story, in order: the first admin, an application, a staff member.
test.describe.configure({ mode: "serial" });
// Authenticator codes change every 30 s and one may not be used twice: allow for a wait.
test.setTimeout(120_000);

const tag = `${Date.now()}`;
const company = `Desk Robotics ${tag}`;
let admin: Account;
let applicationPath: string;

type Received = { idempotencyKey: string; body: { companyName: string } };
const crmReceived = async () =>
  ((await (await fetch(`${E2E.crmOrigin}/received`)).json()) as Received[]).filter(
    (sent) => sent.body.companyName === company,
  );

/** What the browser reports as breaking the page's Content-Security-Policy. */
function watchCsp(page: Page) {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test("the public site knows nothing of the desk: not its scripts, pages or sitemap", async ({ request }) => {
  const client = join(E2E.buildDir, "client");
  const files = readdirSync(client, { recursive: true, encoding: "utf8" }).filter((file) =>
    /\.(js|html|xml|txt|data|json)$/.test(file),
  );
  expect(files.length).toBeGreaterThan(10);
  for (const file of files) {
    const text = readFileSync(join(client, file), "utf8");
    for (const trace of ["/desk", "api/desk", "Lead desk"]) {
      expect(text.includes(trace), `${file} mentions ${trace}`).toBe(false);
    }
  }
  const sitemap = await request.get("/sitemap.xml");
  expect(await sitemap.text()).not.toContain("/desk");
});

test("the setup link from the server's log makes the first admin", async ({ page }) => {
  const violations = watchCsp(page);
  await page.goto("/desk");
  await expect(page.getByRole("heading", { level: 1, name: "Set up the lead desk" })).toBeVisible();
  await expect(page.getByText("setupUrl")).toBeVisible();

  admin = await acceptInvitation(page, await setupPath(), `admin+${tag}@harborline.test`);
  expect(admin.backupCodes.length).toBeGreaterThanOrEqual(8);
  await expect(page.getByRole("link", { name: "Staff" })).toBeVisible();

  // The link worked once.
  await page.goto(await setupPath());
  await expect(page.getByRole("heading", { level: 1, name: "This invitation cannot be used" })).toBeVisible();
  expect(violations, "CSP violations").toEqual([]);
});

test("sign-in page: labelled fields, axe finds nothing", async ({ page }) => {
  await page.goto("/desk/sign-in");
  await expect(page.getByLabel("Email")).toBeVisible();
  await expect(page.getByLabel("Password")).toBeVisible();
  await expectNoAxeViolations(page, "/desk/sign-in");
  const response = await page.request.get("/desk/sign-in");
  expect(response.headers()["cache-control"]).toBe("no-store");
  expect(response.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  expect(response.headers()["content-security-policy"]).toContain("script-src 'self'");
});

test("an admin signs in, finds an application, reads its timeline and redelivers it", async ({ page }) => {
  const violations = watchCsp(page);
  await submitApplication(page.request, company);
  await signIn(page, admin);
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();

  await page.getByRole("searchbox", { name: "Search" }).fill(company);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/desk\/inbox\?q=Desk/);
  await expect(page.getByText("1 application matches these filters", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, "/desk/inbox");
  await screenshot(page, "inbox");

  await page.getByRole("table").getByRole("link", { name: company }).click();
  await expect(page.getByRole("heading", { level: 1, name: company })).toBeFocused();
  applicationPath = new URL(page.url()).pathname;

  // The worker delivers it to the (fake) CRM within moments.
  await expect
    .poll(async () => {
      await page.reload();
      return page.getByText(/^Delivery attempt/).count();
    })
    .toBeGreaterThan(0);
  await expect(page.getByRole("heading", { level: 2, name: "Funding Details" })).toBeVisible();
  // Its funding type, under Funding Details (the contact card says it again with the amount).
  await expect(page.getByText("Revenue-Based Financing", { exact: true })).toBeVisible();

  // Its receipt went out through the local inbox: in the timeline beside the CRM's attempts.
  await expect
    .poll(async () => {
      await page.reload();
      return page.getByText("E-mail attempt: sent").count();
    })
    .toBeGreaterThan(0);
  const timeline = page
    .locator("section")
    .filter({ has: page.getByRole("heading", { level: 2, name: "Timeline" }) });
  await expect(timeline.getByText("E-mail queued: Receipt")).toBeVisible();
  await expect(timeline.getByText("Now: Sent")).toBeVisible();
  await expect(timeline.getByText(/^SMTP 250/)).toBeVisible();
  const reference = await page
    .getByText(/^HL-[0-9A-Z]{8}$/)
    .first()
    .innerText();
  await expectNoAxeViolations(page, "application detail");
  await screenshot(page, "detail");

  // The mail page lists the receipt, and the inbox finds the application by its reference.
  await page.getByRole("navigation", { name: "Desk" }).getByRole("link", { name: "Mail" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Mail" })).toBeFocused();
  const receipt = page.getByRole("table").getByRole("row", { name: new RegExp(reference) });
  await expect(receipt).toContainText("Receipt");
  await expect(receipt).toContainText("Sent");
  await expectNoAxeViolations(page, "/desk/mail");
  await screenshot(page, "mail");
  await page.goto(`/desk/inbox?q=${reference.toLowerCase()}`);
  await expect(page.getByText("1 application matches these filters", { exact: true })).toBeVisible();
  await page.goto("/desk/mail?status=sent");
  await page
    .getByRole("table")
    .getByRole("row", { name: new RegExp(reference) })
    .getByRole("link", { name: /^Application/ })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: company })).toBeFocused();

  // Delivered: no Redeliver, only a secondary "Send again" that asks first.
  await expect(page.getByRole("button", { name: "Redeliver" })).toHaveCount(0);
  await page.getByRole("button", { name: "Send again" }).click();
  const dialog = page.getByRole("dialog", { name: "Send to the CRM again?" });
  await expect(dialog).toContainText("The CRM already has this application");
  await dialog.getByLabel("Reason").fill("CRM lost it (e2e)");
  await dialog.getByRole("button", { name: "Send again" }).click();
  await expect(page.getByText("Queued for delivery to the CRM again.")).toBeVisible();
  await expect.poll(async () => (await crmReceived()).length, { timeout: 15_000 }).toBe(2);
  const [first, second] = await crmReceived();
  expect(second.idempotencyKey).toBe(first.idempotencyKey);
  await page.reload();
  await expect(page.getByText("CRM lost it (e2e)")).toBeVisible();

  // Admin export of the filtered inbox: the CSV holds the application.
  await page.goto(`/desk/inbox?q=${encodeURIComponent(company)}`);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);
  const csv = await page.request.get(`/api/desk/exports/applications.csv?q=${encodeURIComponent(company)}`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toMatch(/^text\/csv/);
  expect(await csv.text()).toContain(company);
  expect(violations, "CSP violations").toEqual([]);
});

test("an admin puts the application on legal hold with a reason, and releases it", async ({ page }) => {
  await signIn(page, admin, { backupCode: true });
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  await page.goto(applicationPath);
  const holds = page
    .locator("section")
    .filter({ has: page.getByRole("heading", { level: 2, name: "Legal hold" }) });
  await expect(holds).toContainText("Not on legal hold");
  await holds.getByRole("button", { name: "Hold this application" }).click();
  const dialog = page.getByRole("dialog", { name: "Put this application on legal hold" });
  await dialog.getByLabel("Reason").fill("Subpoena 24-118 (e2e)");
  await dialog.getByRole("button", { name: "Put on hold" }).click();
  await expect(holds.getByText("This application is on legal hold.")).toBeVisible();
  await expect(holds).toContainText("Active: This application");
  await expect(holds).toContainText("Reason: Subpoena 24-118 (e2e)");
  await expectNoAxeViolations(page, "application detail with a legal hold");
  await holds.scrollIntoViewIfNeeded();
  await screenshot(page, "legal-hold");

  // It survives a reload (stored), and its release keeps it as history.
  await page.reload();
  await holds.getByRole("button", { name: "Release" }).click();
  const release = page.getByRole("dialog", { name: "Release this legal hold" });
  await release.getByLabel("Reason").fill("Matter closed (e2e)");
  await release.getByRole("button", { name: "Release" }).click();
  await expect(holds.getByText("The legal hold was released.")).toBeVisible();
  await expect(holds).toContainText("Released: This application");
  await expect(holds).toContainText("Matter closed (e2e)");
});

test("a staff member cannot export: the server refuses, not only the page", async ({ page, browser }) => {
  await signIn(page, admin, { backupCode: true });
  await page.getByRole("link", { name: "Staff" }).click();
  const email = `staff+${tag}@harborline.test`;
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Role").selectOption("staff");
  await page.getByRole("button", { name: "Create invitation link" }).click();
  const link = await page.locator("code", { hasText: "/desk/invite/" }).innerText();

  const context = await browser.newContext({ baseURL: E2E.baseUrl });
  try {
    const staffPage = await context.newPage();
    await acceptInvitation(staffPage, new URL(link).pathname, email);
    await expect(staffPage.getByRole("link", { name: "Exports" })).toHaveCount(0);
    await expect(staffPage.getByRole("link", { name: "Export CSV" })).toHaveCount(0);
    for (const file of ["applications.csv", "consents.csv", "newsletter.csv", "audit.csv"]) {
      const response = await context.request.get(`/api/desk/exports/${file}`);
      expect(response.status(), file).toBe(403);
    }
    await staffPage.goto("/desk/exports");
    await expect(staffPage.getByRole("heading", { level: 1, name: "Not allowed" })).toBeVisible();
    // Staff still read applications.
    await staffPage.goto(applicationPath);
    await expect(staffPage.getByRole("heading", { level: 1, name: company })).toBeVisible();
  } finally {
    await context.close();
  }
});

/** Each width's axe check (findings collected, not stopped at), then the page's screenshots. */
async function checkDeskPage(page: Page, name: string, path: string) {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expectNoAxeViolations(page, `${path} at ${width} px`, { soft: true });
  }
  await screenshot(page, name);
}

test("every desk page is axe-clean at 1440 and 390 px, with spam, dead deliveries and a bounced e-mail", async ({
  page,
  browser,
}) => {
  // Sixteen pages, each at two widths with axe and a screenshot: minutes on a busy machine.
  test.setTimeout(900_000);
  await signIn(page, admin, { backupCode: true });
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  const data = await seedDeskData(page, tag);
  const invited = await page.request.post("/api/desk/staff/invitations", {
    headers: { origin: E2E.baseUrl },
    data: { email: `invitee+${tag}@harborline.test`, role: "staff" },
  });
  expect(invited.status()).toBe(201);
  const { inviteUrl } = (await invited.json()) as { inviteUrl: string };

  const pages: [name: string, path: string][] = [
    ["axe-inbox", "/desk/inbox"],
    ["axe-application-dead", `/desk/applications/${data.refused}`],
    ["axe-application-retrying", `/desk/applications/${data.retrying}`],
    ["axe-application-spam", `/desk/applications/${data.spam}`],
    ["axe-evidence", `/desk/applications/${data.refused}/evidence`],
    ["axe-quarantine", "/desk/quarantine"],
    ["axe-consents", `/desk/consents?phone=${encodeURIComponent(sampleApplication.phone)}`],
    ["axe-health", "/desk/health"],
    ["axe-mail", "/desk/mail"],
    ["axe-analytics", "/desk/analytics"],
    ["axe-audit", "/desk/audit"],
    ["axe-exports", "/desk/exports"],
    ["axe-staff", "/desk/staff"],
    ["axe-account", "/desk/account"],
  ];
  for (const [name, path] of pages) await checkDeskPage(page, name, path);

  // Before sign-in: the sign-in page and an invitation.
  const context = await browser.newContext({ baseURL: E2E.baseUrl });
  try {
    const visitor = await context.newPage();
    await checkDeskPage(visitor, "axe-sign-in", "/desk/sign-in");
    await checkDeskPage(visitor, "axe-invite", new URL(inviteUrl).pathname);
  } finally {
    await context.close();
  }
});

test("after sign-out, the back button and the old cookie show nothing", async ({ page, context }) => {
  // Signed in, then through the inbox to the application: pages the back button returns to.
  await signIn(page, admin, {
    path: `/desk/sign-in?next=${encodeURIComponent(`/inbox?q=${company}`)}`,
    backupCode: true,
  });
  await page.getByRole("table").getByRole("link", { name: company }).click();
  await expect(page.getByRole("heading", { level: 1, name: company })).toBeVisible();
  const cookies = await context.cookies();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to the lead desk" })).toBeVisible();
  await expect(page.getByText("You are signed out.")).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/desk\/sign-in\?next=/);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to the lead desk" })).toBeVisible();
  await expect(page.getByText(company)).toHaveCount(0);

  // The session ended on the server: the cookie it had opens nothing.
  await context.clearCookies();
  await context.addCookies(cookies);
  const api = await page.request.get(`/api/desk${applicationPath.replace("/desk", "")}`);
  expect(api.status()).toBe(401);
  expect(await api.text()).not.toContain(company);
  await page.goto(applicationPath);
  await expect(page).toHaveURL(/\/desk\/sign-in\?next=/);
  await expect(page.getByText(company)).toHaveCount(0);
});
