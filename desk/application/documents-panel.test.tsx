// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { DocumentItem, DocumentsPanel } from "#domain/desk/contract";
import { applicationDetail } from "../../test/support/desk-pages/application-detail";
import { fakeApi, staffer } from "../../test/support/desk-pages/fake-api";
import { renderDesk } from "../../test/support/desk-pages/render";

const file = (id: string, overrides: Partial<DocumentItem["documents"][number]> = {}) => ({
  id,
  fileName: `bank-statement-2026-08-${id}.pdf`,
  originalName: "August.pdf",
  type: "application/pdf",
  size: 245_760,
  uploadedAt: "2026-12-06T15:04:00Z",
  scan: "clean" as const,
  checks: "done" as const,
  statement: null,
  ...overrides,
});

const item = (id: string, label: string, overrides: Partial<DocumentItem> = {}): DocumentItem => ({
  id,
  label,
  state: "missing",
  reason: null,
  changedAt: "2026-12-06T15:00:00Z",
  changedBy: null,
  requested: false,
  detail: null,
  documents: [],
  ...overrides,
});

const panel: DocumentsPanel = {
  state: "needed",
  summary: { asked: 3, received: 2, accepted: 0, needed: 1, notApplicable: 1 },
  items: [
    item("i1", "Business bank statement: August 2026", {
      state: "received",
      changedBy: "the applicant",
      documents: [file("1", { statement: { state: "read", from: "2026-08-01", to: "2026-08-31" } })],
    }),
    item("i2", "Voided business check", {
      state: "received",
      changedBy: "the applicant",
      documents: [file("2", { fileName: "voided-check-1.png", type: "image/png", scan: "flagged" })],
    }),
    item("i3", "Photo ID"),
    item("i4", "Business tax return: 2025", {
      state: "not-applicable",
      reason: "Filed on extension",
      changedBy: "the applicant",
    }),
  ],
  statements: { state: "read", gaps: [] },
};

const documentsSection = async () =>
  (await screen.findByRole("heading", { level: 2, name: "Documents" })).closest("section")!;

test("the panel shows what is in, what is missing, each file's facts and links, a held file none", async () => {
  fakeApi({
    "GET /me": { body: staffer },
    "GET /applications/app-1": { body: applicationDetail() },
    "GET /applications/app-1/legal-holds": { body: { items: [] } },
    "GET /applications/app-1/documents": { body: panel },
  });
  renderDesk("/desk/applications/app-1");
  const section = await documentsSection();
  expect(section).toHaveTextContent("2 of 3 received · 1 still needed · 1 not applicable");
  expect(section).toHaveTextContent("Documents needed");

  const statement = within(section).getByRole("list", {
    name: "Files for Business bank statement: August 2026",
  });
  expect(statement).toHaveTextContent("bank-statement-2026-08-1.pdf");
  expect(statement).toHaveTextContent("PDF · 240 KB");
  expect(statement).toHaveTextContent("Scanned, clean");
  expect(statement).toHaveTextContent("Sent as “August.pdf”");
  expect(statement).toHaveTextContent("Machine-read: 1 Aug – 31 Aug 2026");
  const view = within(statement).getByRole("link", {
    name: /View bank-statement-2026-08-1.pdf in a new tab/,
  });
  expect(view).toHaveAttribute("href", "/api/desk/applications/app-1/documents/1/view");
  expect(view).toHaveAttribute("target", "_blank");
  expect(within(statement).getByRole("link", { name: /Download/ })).toHaveAttribute(
    "href",
    "/api/desk/applications/app-1/documents/1/download",
  );

  // A held file: no way to open it, and the item cannot be accepted.
  const check = within(section).getByRole("list", { name: "Files for Voided business check" });
  expect(check).toHaveTextContent("Held: the virus scanner flagged it");
  expect(within(check).queryByRole("link")).toBeNull();
  expect(within(section).queryByRole("button", { name: "Accept Voided business check" })).toBeNull();

  // Missing: nothing to accept or flag. Not applicable: the applicant's reason.
  expect(within(section).queryByRole("button", { name: "Accept Photo ID" })).toBeNull();
  expect(within(section).queryByRole("button", { name: /Needs attention: Photo ID/ })).toBeNull();
  expect(section).toHaveTextContent("The applicant's reason: Filed on extension");
});

test("a rep accepts one item and marks another as needing attention, with the server's rule first", async () => {
  const user = userEvent.setup();
  const accepted: DocumentsPanel = {
    ...panel,
    items: panel.items.map((entry) =>
      entry.id === "i1" ? { ...entry, state: "accepted", changedBy: "Sam Staff" } : entry,
    ),
  };
  const flagged: DocumentsPanel = {
    ...accepted,
    items: accepted.items.map((entry) =>
      entry.id === "i1" ? { ...entry, state: "needs-attention", reason: "Send every page" } : entry,
    ),
  };
  const api = fakeApi({
    "GET /me": { body: staffer },
    "GET /applications/app-1": { body: applicationDetail() },
    "GET /applications/app-1/legal-holds": { body: { items: [] } },
    "GET /applications/app-1/documents": { body: panel },
    "POST /applications/app-1/documents/items/i1/accept": {
      body: {
        documents: accepted,
        application: applicationDetail({
          timeline: [
            {
              at: "2026-12-06T15:10:00Z",
              kind: "action",
              action: "document-item.accepted",
              by: staffer.email,
              reason: null,
              item: "Business bank statement: August 2026",
            },
          ],
        }),
      },
    },
    "POST /applications/app-1/documents/items/i1/attention": {
      body: { documents: flagged, application: applicationDetail() },
    },
  });
  renderDesk("/desk/applications/app-1");
  const section = await documentsSection();

  await user.click(
    within(section).getByRole("button", { name: "Accept Business bank statement: August 2026" }),
  );
  expect(await within(section).findByText("Accepted: Business bank statement: August 2026.")).toBeVisible();
  expect(section).toHaveTextContent("Last changed by Sam Staff");
  // The lead's timeline shows it at once.
  const timeline = screen.getByRole("heading", { level: 2, name: "Timeline" }).closest("section")!;
  expect(timeline).toHaveTextContent("Document accepted");
  expect(timeline).toHaveTextContent("Business bank statement: August 2026");

  await user.click(
    within(section).getByRole("button", { name: "Needs attention: Business bank statement: August 2026" }),
  );
  const dialog = await screen.findByRole("dialog", {
    name: "What needs attention: Business bank statement: August 2026",
  });
  await user.click(within(dialog).getByRole("button", { name: "Send to the applicant" }));
  expect(within(dialog).getByText("Say what needs attention: the applicant reads it")).toBeVisible();
  expect(api.callsTo("POST /applications/app-1/documents/items/i1/attention")).toHaveLength(0);

  await user.type(within(dialog).getByLabelText("Reason"), "Send every page");
  await user.click(within(dialog).getByRole("button", { name: "Send to the applicant" }));
  expect(await within(section).findByText(/the applicant is e-mailed/)).toBeVisible();
  expect(api.callsTo("POST /applications/app-1/documents/items/i1/attention")[0].body).toEqual({
    reason: "Send every page",
  });
  expect(section).toHaveTextContent("What needs attention: Send every page");
});

test("a rep asks for another document; an empty name is refused before sending", async () => {
  const user = userEvent.setup();
  const requested: DocumentsPanel = {
    ...panel,
    items: [
      ...panel.items,
      item("i5", "Lease for your main location", { requested: true, detail: "Every page, signed." }),
    ],
  };
  const api = fakeApi({
    "GET /me": { body: staffer },
    "GET /applications/app-1": { body: applicationDetail() },
    "GET /applications/app-1/legal-holds": { body: { items: [] } },
    "GET /applications/app-1/documents": { body: panel },
    "POST /applications/app-1/documents/requests": {
      body: { documents: requested, application: applicationDetail() },
    },
  });
  renderDesk("/desk/applications/app-1");
  const section = await documentsSection();
  await user.click(within(section).getByRole("button", { name: "Ask for it" }));
  expect(within(section).getByText("Name the document to ask for")).toBeVisible();
  expect(api.callsTo("POST /applications/app-1/documents/requests")).toHaveLength(0);

  await user.type(within(section).getByLabelText("Document"), "Lease for your main location");
  await user.type(within(section).getByLabelText("What to send (optional)"), "Every page, signed.");
  await user.click(within(section).getByRole("button", { name: "Ask for it" }));
  expect(await within(section).findByText(/Asked for: Lease for your main location/)).toBeVisible();
  expect(api.callsTo("POST /applications/app-1/documents/requests")[0].body).toEqual({
    label: "Lease for your main location",
    detail: "Every page, signed.",
  });
  expect(
    within(section).getByRole("heading", { level: 3, name: "Lease for your main location" }),
  ).toBeVisible();
  expect(section).toHaveTextContent("Asked for by staff.");
  // What the rep typed shows under the item, as the applicant reads it in the room.
  const asked = within(section)
    .getByRole("heading", { level: 3, name: "Lease for your main location" })
    .closest("li")!;
  expect(asked).toHaveTextContent("What to send: Every page, signed.");
  // The checklist's own items carry no such words.
  const own = within(section).getByRole("heading", { level: 3, name: "Photo ID" }).closest("li")!;
  expect(own).not.toHaveTextContent("What to send");
});

/** A panel whose statement items have these files, and the server's coverage of them. */
const statementsPanel = (
  files: DocumentItem["documents"],
  statements: DocumentsPanel["statements"],
): DocumentsPanel => ({
  ...panel,
  items: [item("s1", "Business bank statement: September 2026", { state: "received", documents: files })],
  statements,
});

async function renderPanel(body: DocumentsPanel) {
  fakeApi({
    "GET /me": { body: staffer },
    "GET /applications/app-1": { body: applicationDetail() },
    "GET /applications/app-1/legal-holds": { body: { items: [] } },
    "GET /applications/app-1/documents": { body },
  });
  renderDesk("/desk/applications/app-1");
  const section = await documentsSection();
  return { section, summary: within(section).getByRole("group", { name: "Bank statements, machine-read" }) };
}

test("statements show the period the machine read, marked as its reading, and the months none covers", async () => {
  const { section, summary } = await renderPanel(
    statementsPanel(
      [
        file("1", { statement: { state: "read", from: "2026-09-01", to: "2026-10-31" } }),
        file("2", { statement: { state: "read", from: "2026-12-15", to: "2027-01-14" } }),
      ],
      {
        state: "read",
        gaps: [
          { month: "2026-08", from: "2026-08-01", to: "2026-08-31", wholeMonth: true },
          { month: "2026-11", from: "2026-11-01", to: "2026-11-30", wholeMonth: true },
          { month: "2026-12", from: "2026-12-01", to: "2026-12-14", wholeMonth: false },
        ],
      },
    ),
  );
  const files = within(section).getByRole("list", {
    name: "Files for Business bank statement: September 2026",
  });
  expect(files).toHaveTextContent("Machine-read: 1 Sep – 31 Oct 2026");
  expect(files).toHaveTextContent("Machine-read: 15 Dec 2026 – 14 Jan 2027");
  expect(summary).toHaveTextContent("Missing: August 2026, November 2026, 1–14 Dec 2026.");
  expect(summary).toHaveTextContent("not checked by anyone");
});

test("statements not read say so, and no month is called missing until every one is read", async () => {
  const { section, summary } = await renderPanel(
    statementsPanel(
      [
        file("1", { statement: { state: "not-read" } }),
        file("2", {
          fileName: "bank-statement-2026-09-2.jpg",
          type: "image/jpeg",
          statement: { state: "not-read" },
        }),
        file("3", { checks: "needs-password", statement: { state: "pending" } }),
      ],
      {
        state: "unread",
        files: [
          "bank-statement-2026-08-1.pdf",
          "bank-statement-2026-09-2.jpg",
          "bank-statement-2026-08-3.pdf",
        ],
      },
    ),
  );
  const files = within(section).getByRole("list", {
    name: "Files for Business bank statement: September 2026",
  });
  expect(files).toHaveTextContent("Not read: no single statement period was found in its text");
  expect(files).toHaveTextContent("Not read: only a PDF's text is read");
  expect(files).toHaveTextContent("Not read yet: the file is still being checked");
  expect(files).not.toHaveTextContent("Machine-read:");
  expect(summary).toHaveTextContent(
    "Missing months not worked out: not every statement was read. Not read: bank-statement-2026-08-1.pdf, bank-statement-2026-09-2.jpg, bank-statement-2026-08-3.pdf.",
  );
  expect(summary).not.toHaveTextContent("Missing:");
});

test("an application whose checklist asks for no statement shows no statements summary", async () => {
  fakeApi({
    "GET /me": { body: staffer },
    "GET /applications/app-1": { body: applicationDetail() },
    "GET /applications/app-1/legal-holds": { body: { items: [] } },
    "GET /applications/app-1/documents": { body: { ...panel, statements: null } },
  });
  renderDesk("/desk/applications/app-1");
  const section = await documentsSection();
  expect(within(section).queryByRole("group", { name: "Bank statements, machine-read" })).toBeNull();
  expect(section).toHaveTextContent("Photo ID");
});
