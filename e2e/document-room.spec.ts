import { lockedPdf, samplePdf, samplePng, sampleHtml } from "../test/support/document-files";
import { expectNoAxeViolations } from "./support/axe";
import { queryRows } from "./support/db";
import { E2E } from "./support/env";
import { shootWidths } from "./support/screenshots";
import { expect, test, type Locator, type Page } from "./support/test";
import { form, reachReview, uniqueApplicant } from "./support/wizard";

/**
 * The applicant's document room on a phone (390 px, touch): applies through
 * the wizard, follows the success screen's link and the receipt e-mail's,
 * opens the room with one deliberate press (the link itself used nothing up),
 * sends statements (one locked with a password, which it asks for) and a photo
 * into their items, declares one not applicable,
 * sees the checklist fill and the documents' status change, and has a web page
 * renamed .pdf refused before it is sent. Photographed at 390 and 1440 px when
 * SCREENSHOTS=1.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const SHOTS = process.env.SHOTS_DIR ?? "test-results/shots";

const shootBoth = (page: Page, name: string) =>
  shootWidths(page, `${SHOTS}/document-room-${name}`, { width: 390, height: 844 });

interface InboxMessage {
  to: string[];
  subject: string;
  links: string[];
}

async function roomLinkMailedTo(address: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const messages = (await (await fetch(`${E2E.inboxOrigin}/messages`)).json()) as InboxMessage[];
        const receipt = messages.findLast((message) => message.to.includes(address));
        link = receipt?.links.find((href) => href.includes("/documents/"));
        return Boolean(link);
      },
      { message: `a receipt with a room link to ${address}`, timeout: 20_000 },
    )
    .toBe(true);
  return link!;
}

const item = (page: Page, name: string | RegExp) => page.getByRole("region", { name });

async function send(target: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  await target.getByLabel(/^Choose a file for/).setInputFiles(file);
}

test("an applicant opens the room from the receipt, fills the checklist and sees a web page refused", async ({
  page,
}) => {
  test.slow();
  // The room, its uploads and its password form stay inside the page's Content-Security-Policy.
  const violations: string[] = [];
  // And the page logs no error: a request it makes only to ask must not fail (a 401 is logged).
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  const applicant = uniqueApplicant();
  await reachReview(page, applicant);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Confirm & Submit Application" }).click();

  // The success screen keeps its words and adds the room's link with what to send first.
  await expect(page.getByText("Application Submitted Successfully!")).toBeVisible();
  const offer = page.getByRole("region", { name: "Next: send your documents" });
  await expect(offer).toContainText("Business tax return, Business bank statement and Photo ID");
  const offered = await offer.getByRole("link", { name: "Open your document room" }).getAttribute("href");
  expect(offered).toMatch(/\/documents\/[A-Za-z0-9_-]{43}$/);
  await expect(form(page).getByLabel("Company Name")).toHaveValue("");

  // The receipt carries the same room.
  const mailed = await roomLinkMailedTo(applicant.email);
  expect(new URL(mailed).pathname).toBe(new URL(offered!, E2E.baseUrl).pathname);

  // The scripts the page fetches: before the press only the public pages' own; the room's
  // code (and React) on the press; tus-js-client (its chunk "browser-…") at the first upload.
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  const fetched = (pattern: RegExp) => scripts.some((path) => pattern.test(path));

  // Opening the link (what a mail scanner does too) starts nothing.
  consoleErrors.length = 0;
  const response = await page.goto(new URL(mailed).pathname);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["referrer-policy"]).toBe("no-referrer");
  expect(response?.headers()["x-robots-tag"]).toContain("noindex");
  await expect(page.getByRole("heading", { name: "Your document room", level: 1 })).toBeVisible();
  const [application] = await queryRows<{ id: string }>("SELECT id FROM applications WHERE email = $1", [
    applicant.email,
  ]);
  const sessions = () =>
    queryRows<{ count: string }>("SELECT count(*) FROM room_sessions WHERE application_id = $1", [
      application.id,
    ]).then(([row]) => Number(row.count));
  expect(await sessions()).toBe(0);
  await shootBoth(page, "welcome");
  await expectNoAxeViolations(page, "the room's welcome", { soft: true });

  expect(fetched(/\/assets\/page-/)).toBe(true);
  expect(fetched(/document-room|hydrate-|browser-/)).toBe(false);
  expect(consoleErrors, "the welcome logs no error (it only asks whether a session is there)").toEqual([]);

  await page.getByRole("button", { name: "Open my documents" }).click();
  await expect(page.getByRole("heading", { name: "Your documents", level: 2 })).toBeFocused();
  expect(await sessions()).toBe(1);
  expect(fetched(/\/assets\/document-room\.client-/)).toBe(true);
  expect(fetched(/\/assets\/browser-/)).toBe(false);
  await expect(
    page.getByText("Each file can be up to 25 MB, and all your files together up to 250 MB"),
  ).toBeVisible();
  await expect(page.getByTestId("room-stage")).toHaveText("Received");
  await expect(page.getByText("Documents needed. 5 documents are still needed.")).toBeVisible();

  const taxReturn = item(page, /^Business tax return/);
  const statements = page.getByRole("region", { name: /^Business bank statement/ });
  await expect(statements).toHaveCount(3);
  const id = item(page, /^Photo ID/);
  await expect(id.getByText("Take a photo")).toBeVisible();

  await send(taxReturn, {
    name: "tax-return-2025.pdf",
    mimeType: "application/pdf",
    buffer: samplePdf("Form 1120"),
  });
  await expect(taxReturn.getByText("tax-return-2025.pdf was sent.")).toBeVisible();
  expect(fetched(/\/assets\/browser-/)).toBe(true);
  await expect(taxReturn.getByTestId("item-state")).toHaveText("Received");
  await expect(page.getByTestId("room-announcement")).toHaveText(/tax-return-2025\.pdf was sent/);

  // A web page saved under a PDF's name is refused in the browser, with what to send instead.
  const first = statements.nth(0);
  await send(first, { name: "statement.pdf", mimeType: "application/pdf", buffer: sampleHtml });
  await expect(
    first.getByText(/statement\.pdf was not sent\. This file is a web page, not a PDF/),
  ).toBeVisible();
  await expect(first.getByTestId("item-state")).toHaveText("Needed");
  await shootBoth(page, "refused");

  // An upload in progress, its chunks held back a moment so the progress shows; the first
  // one's connection drops, and it is sent again by itself.
  let dropped = false;
  await page.route("**/api/room/uploads/*", async (route) => {
    if (route.request().method() !== "PATCH") return route.continue();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    if (dropped) return route.continue();
    dropped = true;
    return route.abort("connectionreset");
  });
  await send(first, {
    name: "statement-1.pdf",
    mimeType: "application/pdf",
    buffer: samplePdf("Month one", 2000),
  });
  await expect(first.getByText("Connection lost. Trying again to send statement-1.pdf…")).toBeVisible();
  await expect(first.getByText(/Sending statement-1\.pdf/)).toBeVisible();
  await expect(first.getByRole("progressbar", { name: "Sending statement-1.pdf" })).toBeVisible();
  await shootBoth(page, "uploading");
  await expect(first.getByText("statement-1.pdf was sent.")).toBeVisible({ timeout: 15_000 });
  await page.unrouteAll();

  // A statement locked with a password (as banks send them): asked for once, then opened.
  const second = statements.nth(1);
  await send(second, {
    name: "statement-2.pdf",
    mimeType: "application/pdf",
    buffer: lockedPdf("Month two", "harbor-2026"),
  });
  const password = second.getByLabel("Password for statement-2.pdf");
  await expect(password).toBeVisible();
  await expect(second.getByTestId("item-state")).toHaveText("Needed");
  await password.fill("wrong");
  await second.getByRole("button", { name: "Open the file" }).click();
  await expect(second.getByText("That password did not open the file.")).toBeVisible();
  await shootBoth(page, "password");
  await expectNoAxeViolations(page, "the room with a password asked for", { soft: true });
  await password.fill("harbor-2026");
  await second.getByRole("button", { name: "Open the file" }).click();
  await expect(second.getByTestId("item-state")).toHaveText("Received");
  await expect(password).toHaveCount(0);

  await send(id, { name: "id-photo.png", mimeType: "image/png", buffer: samplePng });
  await expect(id.getByTestId("item-state")).toHaveText("Received");
  await expect(page.getByText("Documents needed. 1 document is still needed.")).toBeVisible();
  await shootBoth(page, "mixed");

  const third = statements.nth(2);
  await third.getByRole("button", { name: "Not applicable" }).click();
  await third.getByLabel("Why doesn't this apply to you?").fill("The account was opened two months ago.");
  await third.getByRole("button", { name: "Mark as not applicable" }).click();
  await expect(third.getByTestId("item-state")).toHaveText("Not applicable");
  await expect(third.getByText("Your reason: The account was opened two months ago.")).toBeVisible();
  await expect(
    page.getByText("All documents sent. You have sent everything we asked for; our team is checking it."),
  ).toBeVisible();

  const stored = await queryRows<{ original_name: string }>(
    "SELECT original_name FROM documents WHERE application_id = $1 ORDER BY original_name",
    [application.id],
  );
  expect(stored.map((row) => row.original_name)).toEqual([
    "id-photo.png",
    "statement-1.pdf",
    "statement-2.pdf",
    "tax-return-2025.pdf",
  ]);

  expect(violations).toEqual([]);

  // The session stays: the link opens the room directly now.
  await page.goto(new URL(mailed).pathname);
  await expect(
    page.getByText("All documents sent. You have sent everything we asked for; our team is checking it."),
  ).toBeVisible();
});

test("a link that opens nothing, and /documents, ask for a new link without saying whether the address is known", async ({
  page,
}) => {
  await page.goto(`/documents/${"x".repeat(43)}`);
  await page.getByRole("button", { name: "Open my documents" }).click();
  await expect(
    page.getByText("This link is not valid. Check that you copied the whole link, or ask for a new one."),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Get a link to your document room" })).toBeVisible();

  const response = await page.goto("/documents");
  expect(response?.headers()["referrer-policy"]).toBe("no-referrer");
  await shootBoth(page, "ask");
  await expectNoAxeViolations(page, "the form asking for a link", { soft: true });
  await page.getByLabel("E-mail address").fill(`nobody-${Date.now()}@example.com`);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "If this address has applications with us, a new link to each one's document room is on its way to it. It can take a few minutes to arrive.",
  );
  await shootBoth(page, "asked");
});
