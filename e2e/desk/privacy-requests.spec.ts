/**
 * A privacy request from start to finish: a visitor (with JavaScript off: the
 * form is plain HTML) asks for a copy of their data from the page linked in
 * the footer, confirms it through the link e-mailed to the test inbox; a staff
 * member finds it in the desk's queue with its 30-day clock, takes it and
 * sends the copy; the visitor opens the e-mailed link and reads their data.
 * Screenshots at 1440 and 390 px (screenshots/privacy-*.png).
 */
import { execFileSync } from "node:child_process";
import { E2E } from "../support/env";
import { acceptInvitation } from "../support/desk";
import { expect, test, type Page } from "../support/test";
import { SCREENSHOTS, shoot } from "../support/screenshots";

interface InboxMessage {
  to: string[];
  subject: string;
  links: string[];
}

async function mailTo(address: string, subject: RegExp): Promise<InboxMessage> {
  let found: InboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const messages = (await (await fetch(`${E2E.inboxOrigin}/messages`)).json()) as InboxMessage[];
        found = messages.findLast((message) => message.to.includes(address) && subject.test(message.subject));
        return Boolean(found);
      },
      { message: `an e-mail to ${address}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

async function shootBoth(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await shoot(page, `screenshots/privacy-${name}-${width}.png`, { fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("a visitor asks for their data without JavaScript, confirms by e-mail; staff send the copy from the desk", async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const address = `visitor-${Date.now()}@example.com`;

  // The visitor, JavaScript off.
  const visitorContext = await browser.newContext({ javaScriptEnabled: false, baseURL: E2E.baseUrl });
  const visitor = await visitorContext.newPage();
  await visitor.goto("/");
  await visitor.getByRole("contentinfo").getByRole("link", { name: "Privacy Request" }).click();
  await expect(visitor).toHaveURL(/\/privacy-request$/);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Privacy request");
  await shootBoth(visitor, "form");
  await visitor.getByLabel("Send me a copy of my data").check();
  await visitor.getByLabel("Your e-mail address").fill(address);
  await visitor.getByLabel("Your name").fill("Jordan Visitor");
  await visitor.getByRole("button", { name: "Send my request" }).click();
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Check your e-mail");
  await shootBoth(visitor, "sent");

  const verification = await mailTo(address, /^Confirm your privacy request/);
  const verifyUrl = verification.links.find((link) => link.includes("/api/privacy-requests/verify?token="))!;
  await visitor.goto(verifyUrl);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Confirm your privacy request");
  await visitor.getByRole("button", { name: "Confirm my request" }).click();
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Your request is confirmed");

  // A staff member, invited from the CLI.
  const email = `privacy+${Date.now()}@harborline.test`;
  const out = execFileSync(
    process.execPath,
    ["--import", "tsx", "server/cli/applications.ts", "staff", "invite", email, "--role", "staff", "--json"],
    { env: { ...process.env, ...E2E.serverEnv, LOG_LEVEL: "silent" }, encoding: "utf8" },
  );
  const invite = new URL((JSON.parse(out.trim().split("\n").at(-1)!) as { inviteUrl: string }).inviteUrl);
  await acceptInvitation(page, invite.pathname + invite.search, email, "Avery Privacy");
  await page.getByRole("navigation").getByRole("link", { name: "Privacy requests" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Privacy requests" })).toBeVisible();
  const table = page.getByRole("table", { name: /Open privacy requests/ });
  const row = table.getByRole("row").filter({ hasText: address });
  await expect(row).toContainText("Send me a copy of my data");
  await expect(row).toContainText("Jordan Visitor");
  await expect(row).toContainText(/29 d \d+ h left|30 d left/);
  await shootBoth(page, "desk-queue");

  await row.getByRole("button", { name: `Take the request of ${address}` }).click();
  await expect(page.getByRole("status")).toContainText(`You took the request of ${address}`);
  await expect(row).toContainText("Avery Privacy");
  await row.getByRole("button", { name: `Send ${address} a copy of their data` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("working for 7 days");
  await shootBoth(page, "desk-send-copy");
  await dialog.getByRole("button", { name: "Send the copy" }).click();
  await expect(page.getByRole("status")).toContainText(`Sent ${address} the link`);
  await expect(page.getByText("No open privacy requests.")).toBeVisible();

  // The visitor reads their data.
  const answer = await mailTo(address, /^Your data held by/);
  const packageUrl = answer.links.find((link) => link.includes("/api/privacy-requests/package?token="))!;
  await visitor.goto(packageUrl);
  await visitor.getByRole("button", { name: "Show my data" }).click();
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(`The data we hold about ${address}`);
  await expect(visitor.getByRole("heading", { name: "Privacy requests" })).toBeVisible();
  await expect(visitor.getByText("Jordan Visitor")).toBeVisible();
  await shootBoth(visitor, "package");
  const json = await visitor.request.post(`${packageUrl}&format=json`);
  expect(json.status()).toBe(200);
  expect((await json.json()).email).toBe(address);
  await visitorContext.close();
});
