/**
 * The document room from the desk, in a real browser: an applicant (over
 * HTTP, as the room's page would: the receipt's link, a session, tus
 * uploads) sends two files and declares the rest not applicable; a rep sees
 * the Documents panel, views a PDF (served inline, sandboxed, audited), marks
 * one item as needing attention with a reason (the applicant's e-mail is
 * captured), accepts the other, and once the applicant has sent the first
 * again and it is accepted, finds the application under "Documents complete"
 * in the inbox. axe finds nothing on the panel. Screenshots: screenshots/desk-documents-*.png.
 */
import { randomUUID } from "node:crypto";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { samplePdf } from "../../test/support/document-files";
import { sampleApplication } from "../../test/support/sample-application";
import { queryRows } from "../support/db";
import { acceptInvitation, adminInvitationPath, expectNoAxeViolations, screenshot } from "../support/desk";
import { E2E } from "../support/env";
import { expect, test, type Page } from "../support/test";

const REP = { email: "noor.haddad@harborline.test", name: "Noor Haddad" };
const COMPANY = "Saltmarsh Ropeworks";
const ORIGIN = { origin: new URL(E2E.baseUrl).origin };

interface RoomItem {
  id: string;
  name: string;
  state: string;
  reason: string | null;
  documents: { id: string; checking?: boolean }[];
}

/** The applicant's side: a session from the link's token, as the room's page starts one. */
async function applicantRoom(token: string): Promise<APIRequestContext> {
  const room = await playwrightRequest.newContext({ baseURL: E2E.baseUrl, extraHTTPHeaders: ORIGIN });
  const started = await room.post("/api/room/session", { data: { token } });
  expect(started.status()).toBe(201);
  return room;
}

const checklist = async (room: APIRequestContext) =>
  ((await (await room.get("/api/room")).json()) as { checklist: RoomItem[] }).checklist;

/** One file through the tus endpoint (create, then one PATCH), then until its checks are done. */
async function upload(room: APIRequestContext, itemId: string, bytes: Buffer) {
  const b64 = (text: string) => Buffer.from(text).toString("base64");
  const created = await room.post("/api/room/uploads", {
    headers: {
      "tus-resumable": "1.0.0",
      "upload-length": String(bytes.length),
      "upload-metadata": `itemId ${b64(itemId)},filename ${b64("statement.pdf")},filetype ${b64("application/pdf")}`,
    },
  });
  expect(created.status()).toBe(201);
  const location = new URL(created.headers().location, E2E.baseUrl).pathname;
  const patched = await room.patch(location, {
    headers: {
      "tus-resumable": "1.0.0",
      "upload-offset": "0",
      "content-type": "application/offset+octet-stream",
    },
    data: bytes,
  });
  expect(patched.status()).toBe(204);
  await expect
    .poll(async () => {
      const item = (await checklist(room)).find((entry) => entry.id === itemId)!;
      return item.documents.length > 0 && item.documents.every((document) => !document.checking);
    })
    .toBe(true);
}

const panel = (page: Page) =>
  page.locator("section").filter({ has: page.getByRole("heading", { level: 2, name: "Documents" }) });

test("a rep reviews an application's documents: views a PDF, asks for one again, accepts, finds it complete", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `${randomUUID()}@saltmarsh.example`;
  // Applied as the wizard does; the answer carries the room's link, as the success screen shows it.
  const applied = await page.request.post("/api/applications", {
    data: { ...sampleApplication, companyName: COMPANY, email, submissionId: randomUUID() },
  });
  expect(applied.status()).toBe(201);
  const { id, roomLink } = (await applied.json()) as { id: string; roomLink: string };
  const room = await applicantRoom(roomLink.split("/").pop()!);

  const items = await checklist(room);
  const [first, second, ...rest] = items;
  await upload(room, first.id, samplePdf("Statement page 1 of 2"));
  await upload(room, second.id, samplePdf("Voided check"));
  for (const item of rest) {
    const declared = await room.post(`/api/room/items/${item.id}/not-applicable`, {
      data: { reason: "We sent this to the lender already" },
    });
    expect(declared.status()).toBe(200);
  }

  await acceptInvitation(page, adminInvitationPath(REP.email), REP.email, REP.name);
  await page.goto(`/desk/applications/${id}`);
  const documents = panel(page);
  await expect(documents).toContainText(`2 of 2 received · ${rest.length} not applicable`);
  await expect(documents.getByText("Documents needed")).toBeVisible();
  await expect(documents.getByRole("heading", { level: 3, name: first.name })).toBeVisible();
  await screenshot(page, "documents");
  await page.setViewportSize({ width: 1440, height: 900 });
  await expectNoAxeViolations(page, "the lead page with its documents");

  // View the PDF: inline, sandboxed, never sniffed, audited.
  const view = documents.getByRole("link", { name: /^View .*\.pdf in a new tab$/ }).first();
  await expect(view).toHaveAttribute("target", "_blank");
  const served = await page.request.get((await view.getAttribute("href"))!);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("application/pdf");
  expect(served.headers()["content-disposition"]).toMatch(/^inline; filename="[a-z0-9-]+\.pdf"$/);
  expect(served.headers()["content-security-policy"]).toMatch(/^sandbox;/);
  expect(served.headers()["x-content-type-options"]).toBe("nosniff");
  expect((await served.body()).subarray(0, 5).toString()).toBe("%PDF-");
  const viewed = await queryRows<{ actor_email: string }>(
    "SELECT actor_email FROM desk_audit_log WHERE action = 'document.viewed' AND target = $1",
    [id],
  );
  expect(viewed).toEqual([{ actor_email: REP.email }]);

  // The first needs attention: the applicant is e-mailed the reason.
  await documents.getByRole("button", { name: `Needs attention: ${first.name}` }).click();
  const dialog = page.getByRole("dialog", { name: `What needs attention: ${first.name}` });
  await dialog.getByLabel("Reason").fill("Page 2 of 2 is missing: please send the whole statement.");
  await dialog.getByRole("button", { name: "Send to the applicant" }).click();
  await expect(documents.getByText(/the applicant is e-mailed/)).toBeVisible();
  await expect(documents).toContainText("What needs attention: Page 2 of 2 is missing");
  await expect
    .poll(async () => {
      const all = (await (await fetch(`${E2E.inboxOrigin}/messages`)).json()) as {
        to: string[];
        subject: string;
      }[];
      return all.some(
        (message) => message.to.includes(email) && /needs your attention/.test(message.subject),
      );
    })
    .toBe(true);
  // The applicant reads the reason in the room.
  expect((await checklist(room)).find((item) => item.id === first.id)).toMatchObject({
    state: "needs-attention",
    reason: "Page 2 of 2 is missing: please send the whole statement.",
  });

  // The second is accepted.
  await documents.getByRole("button", { name: `Accept ${second.name}` }).click();
  await expect(documents.getByText(`Accepted: ${second.name}.`)).toBeVisible();

  // The applicant sends the first again; the rep accepts it: documents complete.
  await upload(room, first.id, samplePdf("Statement pages 1 and 2"));
  await page.reload();
  await expect(documents).toContainText("Received, to review");
  await documents.getByRole("button", { name: `Accept ${first.name}` }).click();
  await expect(documents.getByText("Documents complete")).toBeVisible();
  await screenshot(page, "documents-complete");
  await page.setViewportSize({ width: 1440, height: 900 });

  // The inbox's filter finds it, and its row says so.
  await page.goto(`/desk/inbox?owner=everyone&documents=complete&q=${encodeURIComponent(COMPANY)}`);
  const row = page.getByRole("table").getByRole("row").filter({ hasText: COMPANY });
  await expect(row).toContainText("Documents complete");
  await expect(page.getByLabel("Documents")).toHaveValue("complete");
  await room.dispose();
});
