/**
 * Bank statements read by the machine, end to end over real HTTP on both
 * engines: the applicant uploads statement PDFs through the room's tus
 * endpoint (one locked, opened with its password), and the desk's documents
 * panel shows each file's period as read, the month no statement covers,
 * and, while a statement is not read (a photo, a PDF without one clear
 * period), which files those are instead of a gap.
 */
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { DocumentsPanel } from "#domain/desk/contract";
import { dayNumber, dayString } from "#domain/documents/statement-coverage";
import { deskClient } from "../../../test/support/desk-applications";
import { signedInStaff } from "../../../test/support/desk";
import { lockedPdf, sampleJpeg, statementPdf } from "../../../test/support/document-files";
import { ORIGIN, apply, listening, session, upload } from "../../../test/support/room";
import { ENGINES, useTestApp } from "../../../test/support/server";

const KEY = randomBytes(32).toString("base64");
const PASSWORD = "statement-password";

/** "2026-03" -> its first and last day, "YYYY-MM-DD". */
function monthSpan(month: string): { from: string; to: string } {
  const from = `${month}-01`;
  const [year, number] = month.split("-").map(Number);
  return { from, to: dayString(Date.UTC(year, number, 0) / 86_400_000) };
}
const us = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
const WORDS = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", dateStyle: "long" });
const words = (day: string) => WORDS.format(new Date(dayNumber(day) * 86_400_000));

describe.each(ENGINES)("bank statements read by the machine on %s", (engine) => {
  const ctx = useTestApp(engine, { env: { DOCUMENTS_MASTER_KEY: KEY }, resetEach: false });
  let staff: { cookie: string };
  let base: string;
  const desk = deskClient(
    () => ctx.app,
    () => staff.cookie,
  );
  const panelOf = async (id: string): Promise<DocumentsPanel> => {
    const response = await desk.get(`/api/desk/applications/${id}/documents`);
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  /** The application's room session and its statement items by month, oldest first. */
  async function statementRoom() {
    const { id, token } = await apply(ctx.app);
    const cookie = await session(ctx.app, token);
    const { rows } = await ctx.db.store.query<{ id: string; month: string }>(
      `SELECT id, month FROM document_checklist_items
        WHERE application_id = $1 AND kind = 'bank-statement' ORDER BY month`,
      [id],
    );
    return { id, cookie, items: rows };
  }

  beforeAll(async () => {
    staff = await signedInStaff(ctx.app, { role: "staff" });
    base = await listening(ctx.app);
  });

  it("shows each statement's period as read, and the one month none covers", async () => {
    const { id, cookie, items } = await statementRoom();
    expect(items).toHaveLength(12); // revenue-based funding asks for twelve months
    const months = items.map((item) => item.month);
    const span = (first: number, last: number) => ({
      from: monthSpan(months[first]).from,
      to: monthSpan(months[last]).to,
    });
    // Three quarters in three banks' forms, two months by their balances, one month left out.
    const quarters = [span(0, 2), span(3, 5), span(9, 11)];
    const twoMonths = span(6, 7);
    await upload(
      base,
      cookie,
      items[0].id,
      statementPdf([
        "Harbor Community Bank",
        `Statement Period ${us(quarters[0].from)} - ${us(quarters[0].to)}`,
        "Business Checking XXXXXX4821",
      ]),
    );
    await upload(
      base,
      cookie,
      items[3].id,
      statementPdf([`${words(quarters[1].from)} through ${words(quarters[1].to)}`, "Account Number: 000123"]),
    );
    await upload(
      base,
      cookie,
      items[6].id,
      statementPdf([
        "Summary of your account",
        `Beginning Balance on ${words(twoMonths.from)} $8,200.00`,
        `Ending Balance on ${words(twoMonths.to)} $9,355.21`,
      ]),
    );
    const locked = await upload(
      base,
      cookie,
      items[9].id,
      lockedPdf(`For the period ${quarters[2].from} to ${quarters[2].to}`, PASSWORD),
    );

    const waiting = await panelOf(id);
    const lockedFile = waiting.items.flatMap((item) => item.documents).find((file) => file.id === locked);
    expect(lockedFile).toMatchObject({ checks: "needs-password", statement: { state: "pending" } });
    expect(waiting.statements).toEqual({
      state: "unread",
      files: [`bank-statement-${months[9]}-1.pdf`],
    });

    const unlocked = await ctx.app.inject({
      method: "POST",
      url: `/api/room/documents/${locked}/unlock`,
      headers: { cookie, "content-type": "application/json", ...ORIGIN },
      payload: { password: PASSWORD },
    });
    expect(unlocked.statusCode).toBe(200);

    const panel = await panelOf(id);
    const readings = panel.items.flatMap((item) =>
      item.documents.map((file) => [item.label, file.fileName, file.statement]),
    );
    expect(readings).toEqual([
      [expect.any(String), `bank-statement-${months[0]}-1.pdf`, { state: "read", ...quarters[0] }],
      [expect.any(String), `bank-statement-${months[3]}-1.pdf`, { state: "read", ...quarters[1] }],
      [expect.any(String), `bank-statement-${months[6]}-1.pdf`, { state: "read", ...twoMonths }],
      [expect.any(String), `bank-statement-${months[9]}-1.pdf`, { state: "read", ...quarters[2] }],
    ]);
    expect(panel.statements).toEqual({
      state: "read",
      gaps: [{ month: months[8], ...monthSpan(months[8]), wholeMonth: true }],
    });
    // Nothing of the text is kept: only the dates.
    const { rows } = await ctx.db.store.query(
      "SELECT * FROM documents WHERE application_id = $1 AND statement_read IS NOT NULL",
      [id],
    );
    expect(JSON.stringify(rows)).not.toMatch(/Harbor Community Bank|Beginning Balance/);
    // Four readings, each a new worker loading PDF.js (seconds apiece on a loaded machine).
  }, 120_000);

  it("says which statements could not be read, and names no missing month then", async () => {
    const { id, cookie, items } = await statementRoom();
    await upload(base, cookie, items[0].id, sampleJpeg, "statement.jpg");
    await upload(
      base,
      cookie,
      items[1].id,
      statementPdf(["Statement Period 01/01/2026 - 01/31/2026", "Statement Period 02/01/2026 - 02/28/2026"]),
    );
    const panel = await panelOf(id);
    const files = panel.items.flatMap((item) => item.documents);
    expect(files.map((file) => [file.fileName, file.statement])).toEqual([
      [`bank-statement-${items[0].month}-1.jpg`, { state: "not-read" }],
      [`bank-statement-${items[1].month}-1.pdf`, { state: "not-read" }],
    ]);
    expect(panel.statements).toEqual({
      state: "unread",
      files: [`bank-statement-${items[0].month}-1.jpg`, `bank-statement-${items[1].month}-1.pdf`],
    });
  });

  it("reads no period from a file under another item", async () => {
    const { id, cookie } = await statementRoom();
    const { rows } = await ctx.db.store.query<{ id: string }>(
      "SELECT id FROM document_checklist_items WHERE application_id = $1 AND kind = 'voided-check'",
      [id],
    );
    await upload(base, cookie, rows[0].id, statementPdf(["Statement Period 01/01/2026 - 01/31/2026"]));
    const panel = await panelOf(id);
    const check = panel.items.find((item) => item.id === rows[0].id)!;
    expect(check.documents[0].statement).toBeNull();
    expect(panel.statements).toMatchObject({ state: "read" });
  });
});
