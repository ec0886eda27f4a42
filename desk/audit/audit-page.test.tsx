// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AuditItem } from "#domain/desk/contract";
import { admin, fakeApi } from "../../test/support/desk-pages/fake-api";
import { renderDesk } from "../../test/support/desk-pages/render";

const entry = (id: string, overrides: Partial<AuditItem>): AuditItem => ({
  id,
  at: "2024-05-01T14:03:00Z",
  actor: "dana@harborline.test",
  actorId: "user-1",
  actorName: "Dana Reyes",
  action: "sign-in.succeeded",
  target: null,
  details: null,
  ip: "203.0.113.9",
  userAgent: null,
  times: null,
  rowsReturned: null,
  lastAt: null,
  application: null,
  staff: null,
  ...overrides,
});

const APP_ID = "0b6d3a52-8f1e-4c57-9a0e-2f4c8d1b7e60";

const ENTRIES = [
  entry("4", {
    action: "application.redelivered",
    target: APP_ID,
    details: { reason: "CRM was down", from: "dead" },
    application: { id: APP_ID, reference: "HL-7K2M9QXD", companyName: "Northwind Freight" },
  }),
  entry("3", {
    action: "staff.role-changed",
    target: "u-sam",
    details: { from: "staff", to: "admin" },
    staff: { id: "u-sam", name: "Sam Staff", email: "sam@harborline.test" },
  }),
  entry("2", { action: "mail.viewed", details: { status: null, rows: 12 } }),
  entry("1", {
    action: "applications.purged",
    actor: null,
    actorId: null,
    actorName: null,
    ip: null,
    details: { count: 2, retentionDays: 30 },
  }),
];

function auditApi() {
  return fakeApi({
    "GET /me": { body: admin },
    "GET /audit": { body: { items: ENTRIES, nextCursor: null } },
  });
}

test("entries read as sentences, with links to the application and the staff member, and no nulls", async () => {
  auditApi();
  renderDesk("/desk/audit");
  const table = await screen.findByRole("table", { name: "Audit log entries, newest first" });
  const rows = within(table).getAllByRole("row").slice(1);
  expect(rows[0]).toHaveTextContent(
    "Redelivered application HL-7K2M9QXD (Northwind Freight) to the CRM: reason “CRM was down”",
  );
  expect(within(rows[0]).getByRole("rowheader")).toHaveTextContent("Dana Reyesdana@harborline.test");
  expect(within(rows[0]).getByRole("link", { name: /HL-7K2M9QXD/ })).toHaveAttribute(
    "href",
    `/desk/applications/${APP_ID}`,
  );
  expect(rows[1]).toHaveTextContent("Changed the role of Sam Staff from staff to admin");
  expect(within(rows[1]).getByRole("link", { name: "Sam Staff" })).toHaveAttribute("href", "/desk/staff");
  expect(rows[2]).toHaveTextContent("Viewed the e-mail queue, 12 e-mails shown");
  expect(rows[3]).toHaveTextContent("The system");
  expect(rows[3]).toHaveTextContent("Deleted 2 quarantined applications past their 30-day retention");
  expect(table).not.toHaveTextContent(/null/);
  // The phone's cards say it in one sentence, the actor first.
  const cards = screen.getByRole("list", { name: "Audit log entries, newest first" });
  expect(within(cards).getAllByRole("listitem")[0]).toHaveTextContent(
    "Dana Reyes redelivered application HL-7K2M9QXD (Northwind Freight) to the CRM",
  );
});

test("the action is chosen from the actions in words, and the days go to the server", async () => {
  const user = userEvent.setup();
  const api = auditApi();
  renderDesk("/desk/audit?action=application.redelivered&from=2024-05-01");
  const action = await screen.findByLabelText("Action");
  expect(action).toHaveValue("application.redelivered");
  expect(screen.getByLabelText("From")).toHaveValue("2024-05-01");
  const first = api.callsTo("GET /audit")[0].query;
  expect(Object.fromEntries(first)).toEqual({ action: "application.redelivered", from: "2024-05-01" });
  // The hint of old ("application.redeliver") matched nothing: the options are real actions.
  expect(within(action).getByRole("option", { name: "Redelivered an application" })).toHaveValue(
    "application.redelivered",
  );

  await user.selectOptions(action, "Opened an application");
  await user.type(screen.getByLabelText("To"), "2024-05-03");
  await user.click(screen.getByRole("button", { name: "Filter" }));
  await waitFor(() => expect(api.callsTo("GET /audit")).toHaveLength(2));
  expect(Object.fromEntries(api.callsTo("GET /audit")[1].query)).toEqual({
    action: "application.viewed",
    from: "2024-05-01",
    to: "2024-05-03",
  });
});

test("a backwards range is refused in the form", async () => {
  const user = userEvent.setup();
  const api = auditApi();
  renderDesk("/desk/audit?from=2024-05-03");
  await user.type(await screen.findByLabelText("To"), "2024-05-01");
  await user.click(screen.getByRole("button", { name: "Filter" }));
  expect(await screen.findByText("The end date is before the start date")).toBeVisible();
  expect(api.callsTo("GET /audit")).toHaveLength(1);
});

test("a listing of the quarantine reads the same from rows written before the state was called quarantined", async () => {
  const listed = (id: string, state: string) =>
    entry(id, { action: "applications.listed", details: { filter: { state } }, rowsReturned: 3 });
  fakeApi({
    "GET /me": { body: admin },
    "GET /audit": { body: { items: [listed("2", "quarantined"), listed("1", "spam")], nextCursor: null } },
  });
  renderDesk("/desk/audit");
  const table = await screen.findByRole("table", { name: "Audit log entries, newest first" });
  const rows = within(table).getAllByRole("row").slice(1);
  for (const row of rows) expect(row).toHaveTextContent("Listed 3 applications in state “Quarantined”");
});
