/**
 * The applicant's document room in an engine besides Chromium (a test of
 * e2e/engines/behaviours.ts): a room link opened, "Open my documents"
 * pressed, a small PDF chosen in an item's file input with the driver's own
 * file upload, and the item received (tus and the server's checks, as in
 * Chromium); then a web page saved under a PDF's name refused in the browser,
 * before a byte is sent, with the room's words.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "@playwright/test";
import { sampleHtml, samplePdf } from "../../test/support/document-files";
import { sampleApplication } from "../../test/support/sample-application";
import { until, type EngineSession } from "../support/engine";
import { E2E } from "../support/env";

/** An application as the wizard sends one; returns the room's link its answer carries. */
async function applied(): Promise<string> {
  const response = await fetch(new URL("/api/applications", E2E.baseUrl), {
    method: "POST",
    headers: { "content-type": "application/json", origin: new URL(E2E.baseUrl).origin },
    body: JSON.stringify({
      ...sampleApplication,
      companyName: `Engine Room Traders ${randomUUID().slice(0, 6)}`,
      email: `${randomUUID()}@engines.example`,
      submissionId: randomUUID(),
    }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { roomLink: string }).roomLink;
}

/** Marks the button whose text is `text` with data-engine-target, so the driver can click it. */
function markButton(text: string) {
  const button = [...document.querySelectorAll("button")].find(
    (candidate) => candidate.textContent?.trim() === text,
  );
  button?.setAttribute("data-engine-target", "");
  return Boolean(button);
}

/** The checklist's items: a section each, in the list under "Your documents". */
const ITEMS = "li > section[aria-labelledby]";

/** The n-th item: its name, its state and all it says. */
function itemState(items: string, index: number) {
  const section = document.querySelectorAll(items)[index];
  return section
    ? {
        name: section.querySelector("h3")?.textContent ?? null,
        state: section.querySelector("[data-testid='item-state']")?.textContent ?? null,
        text: section.textContent ?? "",
      }
    : null;
}

/** Numbers the items (data-item-index), so the driver finds the input it is after. */
function numberItems(items: string) {
  document
    .querySelectorAll(items)
    .forEach((section, index) => section.setAttribute("data-item-index", String(index)));
}

/** The n-th item's "Choose a file" input. */
const fileInput = (index: number) =>
  `[data-item-index="${index}"] input[type=file][aria-label^="Choose a file for"]`;

/** Chooses the file at `path` for the n-th item. */
async function choose(session: EngineSession, index: number, path: string) {
  await session.evaluate(numberItems, ITEMS);
  await session.chooseFile(fileInput(index), path);
}

export async function sendsADocument(session: EngineSession) {
  const roomLink = await applied();
  const dir = mkdtempSync(join(tmpdir(), "harborline-engine-room-"));
  try {
    await session.goto(new URL(roomLink).pathname);
    await until("the welcome's button", () => session.evaluate(markButton, "Open my documents"));
    await session.click("button[data-engine-target]");
    await until(
      "the room opens",
      () => session.evaluate(() => document.querySelectorAll("input[type=file]").length > 0),
      20_000,
    );
    const first = await session.evaluate(itemState, ITEMS, 0);
    expect(first?.state).toBe("Needed");

    const statement = join(dir, "statement.pdf");
    writeFileSync(statement, samplePdf("Statement for an engine"));
    await choose(session, 0, statement);
    const sent = await until(
      "the PDF is received",
      async () => {
        const now = await session.evaluate(itemState, ITEMS, 0);
        return now?.state === "Received" ? now : null;
      },
      30_000,
    );
    expect(sent.text).toContain("statement.pdf");

    // A web page saved as statement.pdf: refused before it is sent, the item still needed.
    const disguised = join(mkdtempSync(join(dir, "page-")), "statement.pdf");
    writeFileSync(disguised, sampleHtml);
    await choose(session, 1, disguised);
    const refused = await until("the web page is refused", async () => {
      const now = await session.evaluate(itemState, ITEMS, 1);
      return now?.text.includes("statement.pdf was not sent.") ? now : null;
    });
    expect(refused.text).toContain("This file is a web page, not a PDF, whatever its name says.");
    expect(refused.state).toBe("Needed");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
