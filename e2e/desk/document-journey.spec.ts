/**
 * The documents' whole journey, as the applicant and the rep live it, in two
 * browsers at once. The applicant, on a phone (390 px, touch), applies for
 * revenue-based financing through the wizard, opens the room from the link
 * in the receipt the server e-mailed, sends the four months of statements
 * the business account has (one locked with the bank's password, which the
 * room asks for), says why the older months do not apply, sends the
 * year-to-date figures as a PDF, photographs the voided check with the
 * camera input and sends an ID photo, watching each item turn "Received" and
 * the status go from "Documents needed" to "All documents sent". The rep, at
 * a desk (1440 px, signed in in another browser), finds the lead in the
 * inbox and marks the check as needing attention with a reason. The
 * applicant gets the e-mail with the reason, follows its link into the room,
 * reads the reason beside the item and photographs the check again; the rep
 * sees it back as received, accepts every item, and both the desk and the
 * room say "Documents complete". Screenshots (SCREENSHOTS=1):
 * screenshots/document-journey-*.png and screenshots/desk-document-journey-*.png.
 */
import { randomUUID } from "node:crypto";
import { lockedPdf, sampleJpeg, samplePdf } from "../../test/support/document-files";
import { acceptInvitation, adminInvitationPath, screenshot } from "../support/desk";
import { E2E } from "../support/env";
import { mailTo } from "../support/inbox";
import { shootWidths } from "../support/screenshots";
import { expect, readyOnLoad, test, type Locator, type Page } from "../support/test";
import { form, reachReview, uniqueApplicant } from "../support/wizard";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

/** Upload checks (type, virus scanner, PDF password) and the outbox's e-mail run in the background. */
const SERVER_WORK = { timeout: 30_000 };

const CHECK = "Voided business check";
const ID = "Photo ID";
const FIGURES = "Year-to-date profit and loss statement and balance sheet";
const ATTENTION =
  "The photo is cut off: please send one of the whole check, with the routing and account numbers readable.";

const item = (page: Page, name: string | RegExp) => page.getByRole("region", { name, exact: true });

/** The room's line about the documents, as the applicant reads it under "Where your application stands". */
const documentsLine = (page: Page, words: string | RegExp) =>
  expect(page.getByText(words)).toBeVisible(SERVER_WORK);

const stillNeeded = (page: Page, count: number) =>
  documentsLine(
    page,
    `Documents needed. ${count === 1 ? "1 document is" : `${count} documents are`} still needed.`,
  );

/** Sends `file` through the item's "Choose a file" input, or its camera input ("Take a photo"). */
async function send(
  target: Locator,
  file: { name: string; mimeType: string; buffer: Buffer },
  input: "Choose a file" | "Take a photo" = "Choose a file",
) {
  await target.getByLabel(new RegExp(`^${input} for`)).setInputFiles(file);
}

async function received(target: Locator, fileName: string) {
  await expect(target.getByText(`${fileName} was sent.`)).toBeVisible(SERVER_WORK);
  await expect(target.getByTestId("item-state")).toHaveText("Received", SERVER_WORK);
}

const panel = (page: Page) =>
  page.locator("section").filter({ has: page.getByRole("heading", { level: 2, name: "Documents" }) });

test("an applicant sends every document from a phone, a rep asks for one again, and both see them complete", async ({
  page,
  browser,
}) => {
  test.setTimeout(480_000);
  const applicant = uniqueApplicant();

  // Applies for revenue-based financing through the four steps.
  await reachReview(page, applicant, "Revenue-Based Financing");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Confirm & Submit Application" }).click();
  await expect(page.getByText("Application Submitted Successfully!")).toBeVisible(SERVER_WORK);
  await expect(form(page).getByLabel("Company Name")).toHaveValue("");

  // The receipt the server sent carries the room's link.
  const receipt = await mailTo(applicant.email, /^We received your application/);
  const reference = /\(([^)]+)\)/.exec(receipt.subject)![1];
  const roomLink = receipt.links.find((href) => new URL(href).pathname.startsWith("/documents/"));
  expect(roomLink, "the receipt links to the document room").toBeTruthy();
  expect(new URL(roomLink!).origin).toBe(new URL(E2E.baseUrl).origin);

  await page.goto(roomLink!);
  await expect(page.getByRole("heading", { name: "Your document room", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Open my documents" }).click();
  await expect(page.getByRole("heading", { name: "Your documents", level: 2 })).toBeFocused(SERVER_WORK);
  await expect(page.getByText(`Revenue-Based Financing, applied for on`)).toContainText(reference);

  // The checklist revenue-based financing asks for: twelve monthly statements, the year's
  // figures, a voided check and an ID.
  const statements = page.getByRole("region", { name: /^Business bank statement: / });
  await expect(statements).toHaveCount(12);
  await expect(item(page, FIGURES)).toBeVisible();
  await expect(item(page, CHECK)).toBeVisible();
  await expect(item(page, ID)).toBeVisible();
  let needed = 15;
  await stillNeeded(page, needed);

  // The newest four months, the third locked with the bank's password.
  for (const [index, month] of [8, 9, 10, 11].entries()) {
    const statement = statements.nth(month);
    const fileName = `statement-${index + 1}-of-4.pdf`;
    if (index === 2) {
      await send(statement, {
        name: fileName,
        mimeType: "application/pdf",
        buffer: lockedPdf("Month three", "harbor-2026"),
      });
      const password = statement.getByLabel(`Password for ${fileName}`);
      await expect(password).toBeVisible(SERVER_WORK);
      await expect(statement.getByTestId("item-state")).toHaveText("Needed");
      await password.fill("harbor-2026");
      await statement.getByRole("button", { name: "Open the file" }).click();
      await expect(statement.getByTestId("item-state")).toHaveText("Received", SERVER_WORK);
      await expect(password).toHaveCount(0);
    } else {
      await send(statement, {
        name: fileName,
        mimeType: "application/pdf",
        buffer: samplePdf(`Statement month ${index + 1}`),
      });
      await received(statement, fileName);
    }
    await stillNeeded(page, --needed);
  }

  // The account is four months old: the older months do not apply, and the applicant says why.
  const opened = (await statements.nth(8).getByRole("heading").innerText()).split(": ")[1];
  const why = `Our business account was opened in ${opened}; there is no statement before it.`;
  for (let month = 0; month < 8; month += 1) {
    const statement = statements.nth(month);
    await statement.getByRole("button", { name: "Not applicable" }).click();
    await statement.getByLabel("Why doesn't this apply to you?").fill(why);
    await statement.getByRole("button", { name: "Mark as not applicable" }).click();
    await expect(statement.getByTestId("item-state")).toHaveText("Not applicable", SERVER_WORK);
    await stillNeeded(page, --needed);
  }

  await send(item(page, FIGURES), {
    name: "ytd-2026.pdf",
    mimeType: "application/pdf",
    buffer: samplePdf("Profit and loss, January to date"),
  });
  await received(item(page, FIGURES), "ytd-2026.pdf");
  await stillNeeded(page, --needed);

  // The check through the camera input (the same kind of input, capture="environment"), the ID chosen.
  await expect(item(page, CHECK).getByText("Take a photo")).toBeVisible();
  await send(
    item(page, CHECK),
    { name: "check.jpg", mimeType: "image/jpeg", buffer: sampleJpeg },
    "Take a photo",
  );
  await received(item(page, CHECK), "check.jpg");
  await stillNeeded(page, --needed);
  await send(item(page, ID), { name: "drivers-license.jpg", mimeType: "image/jpeg", buffer: sampleJpeg });
  await received(item(page, ID), "drivers-license.jpg");
  await documentsLine(
    page,
    "All documents sent. You have sent everything we asked for; our team is checking it.",
  );
  await shootWidths(page, "screenshots/document-journey-room-sent", PHONE);

  // The rep, at a desk in another browser.
  const deskContext = await browser.newContext({
    baseURL: E2E.baseUrl,
    viewport: DESKTOP,
    isMobile: false,
    hasTouch: false,
  });
  const desk = readyOnLoad(await deskContext.newPage());
  const rep = `rep+${randomUUID().slice(0, 8)}@harborline.test`;
  await acceptInvitation(desk, adminInvitationPath(rep), rep, "Noor Haddad");
  await desk.goto(`/desk/inbox?owner=everyone&q=${encodeURIComponent(applicant.companyName)}`);
  await desk.getByRole("main").getByRole("link", { name: applicant.companyName }).click();
  const documents = panel(desk);
  await expect(documents).toContainText("7 of 7 received · 8 not applicable", SERVER_WORK);
  await expect(documents.getByText("Documents needed")).toBeVisible();
  await expect(documents).toContainText(`The applicant's reason: ${why}`);

  await documents.getByRole("button", { name: `Needs attention: ${CHECK}` }).click();
  const dialog = desk.getByRole("dialog", { name: `What needs attention: ${CHECK}` });
  await dialog.getByLabel("Reason").fill(ATTENTION);
  await dialog.getByRole("button", { name: "Send to the applicant" }).click();
  await expect(documents.getByText(`the applicant is e-mailed: ${CHECK}.`)).toBeVisible();
  await expect(documents).toContainText(`What needs attention: ${ATTENTION}`);
  await screenshot(desk, "document-journey-attention");

  // The applicant's e-mail says what and why, and its link opens the room (the session holds).
  const attention = await mailTo(applicant.email, /needs your attention/, SERVER_WORK.timeout);
  expect(attention.subject).toBe(`A document for ${reference} needs your attention - Harborline Capital`);
  const text = attention.text.replace(/\s+/g, " ");
  expect(text).toContain(CHECK);
  expect(text).toContain(ATTENTION);
  const attentionLink = attention.links.find((href) => new URL(href).pathname.startsWith("/documents/"));
  expect(attentionLink, "the e-mail links to the document room").toBeTruthy();
  await page.goto(attentionLink!);
  const check = item(page, CHECK);
  await expect(check.getByTestId("item-state")).toHaveText("Needs your attention", SERVER_WORK);
  await expect(check.getByText(`What to fix: ${ATTENTION}`)).toBeVisible();
  await stillNeeded(page, 1);
  await shootWidths(page, "screenshots/document-journey-room-attention", PHONE);

  await send(check, { name: "check-whole.jpg", mimeType: "image/jpeg", buffer: sampleJpeg }, "Take a photo");
  await received(check, "check-whole.jpg");
  await documentsLine(
    page,
    "All documents sent. You have sent everything we asked for; our team is checking it.",
  );

  // The rep sees it back, accepts it and the rest: documents complete.
  await desk.reload();
  const checkRow = documents
    .getByRole("listitem")
    .filter({ has: desk.getByRole("heading", { name: CHECK }) });
  await expect(checkRow.getByText("Received, to review")).toBeVisible(SERVER_WORK);
  await expect(checkRow.getByRole("list", { name: `Files for ${CHECK}` }).getByRole("listitem")).toHaveCount(
    2,
  );
  const accepts = documents.getByRole("button", { name: /^Accept / });
  await expect(accepts).toHaveCount(7);
  for (let left = 7; left > 0; left -= 1) {
    const name = (await accepts.first().getAttribute("aria-label"))!;
    await accepts.first().click();
    await expect(documents.getByText(`Accepted: ${name.slice("Accept ".length)}.`)).toBeVisible();
    await expect(accepts).toHaveCount(left - 1);
  }
  await expect(documents.getByText("Documents complete")).toBeVisible();
  await expect(documents).toContainText("7 of 7 received · 7 accepted · 8 not applicable");
  await screenshot(desk, "document-journey-complete");

  await page.reload();
  await documentsLine(page, "Documents complete. Our team has checked everything we asked for.");
  await expect(item(page, CHECK).getByTestId("item-state")).toHaveText("Accepted");
  await expect(item(page, CHECK).getByLabel(/^Take a photo for/)).toHaveCount(0);
  await shootWidths(page, "screenshots/document-journey-room-complete", PHONE);
  await deskContext.close();
});
