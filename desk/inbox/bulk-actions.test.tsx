// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { BulkOutcome, DueCounts, Me } from "#domain/desk/contract";
import { admin, fakeApi, staffer } from "../../test/support/desk-pages/fake-api";
import { inboxItem } from "../../test/support/desk-pages/list-items";
import { renderDesk } from "../../test/support/desk-pages/render";

const counts: DueCounts = { open: 3, dueSoon: 0, overdue: 0, dueSoonMs: 4 * 3_600_000 };
const items = [inboxItem(1), inboxItem(2), inboxItem(3, { workStatus: "contacted" })];
const STAFF = { items: [{ id: "u-ben", name: "Ben Ortiz", email: "ben@harborline.test" }] };

function inboxApi(me: Me, outcome?: BulkOutcome) {
  return fakeApi({
    "GET /me": { body: me },
    "GET /applications/due-counts": { body: counts },
    "GET /applications": { body: { items, total: 3, nextCursor: null } },
    "GET /staff/active": { body: STAFF },
    "POST /applications/bulk": { body: outcome },
  });
}

test("an admin selects rows by keyboard and assigns them in one request; a refusal is named with its reason and stays selected", async () => {
  const user = userEvent.setup();
  const api = inboxApi(admin, {
    results: [
      { id: "app-1", ok: true, changed: true },
      { id: "app-3", ok: false, error: "Changed meanwhile: it is now assigned to Ann. Look at it again" },
    ],
    done: 1,
    refused: 1,
  });
  renderDesk("/desk/inbox?owner=everyone");
  const table = await screen.findByRole("table", {}, { timeout: 5_000 });
  expect(screen.queryByRole("region", { name: "Selected applications" })).not.toBeInTheDocument();

  within(table).getByRole("checkbox", { name: "Select Company 1" }).focus();
  await user.keyboard(" ");
  await user.click(within(table).getByRole("checkbox", { name: "Select Company 3" }));
  const bar = screen.getByRole("region", { name: "Selected applications" });
  expect(within(bar).getByText("2 applications selected")).toBeInTheDocument();
  expect(
    within(table).getByRole("checkbox", { name: "Select every application on this page" }),
  ).toHaveAttribute("aria-checked", "mixed");

  await waitFor(() => expect(within(bar).getByRole("option", { name: "Ben Ortiz" })).toBeInTheDocument());
  await user.selectOptions(within(bar).getByRole("combobox", { name: "Assign to" }), "Ben Ortiz");
  await user.click(within(bar).getByRole("button", { name: "Assign" }));

  expect(await screen.findByText("Assigned 1 application; 1 application not (below).")).toBeInTheDocument();
  const [call] = api.callsTo("POST /applications/bulk");
  expect(call.body).toEqual({
    action: "assign",
    ownerId: "u-ben",
    items: [
      { id: "app-1", ownerId: null, workStatus: "new" },
      { id: "app-3", ownerId: null, workStatus: "contacted" },
    ],
  });
  expect(screen.getByRole("alert")).toHaveTextContent(
    "Company 3: Changed meanwhile: it is now assigned to Ann. Look at it again",
  );
  expect(within(table).getByRole("checkbox", { name: "Select Company 3" })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  expect(within(table).getByRole("checkbox", { name: "Select Company 1" })).toHaveAttribute(
    "aria-checked",
    "false",
  );
});

test("select all takes the page; close needs a reason; a rep gets no checkboxes", async () => {
  const user = userEvent.setup();
  const api = inboxApi(admin, {
    results: items.map((item) => ({ id: item.id, ok: true as const, changed: true })),
    done: 3,
    refused: 0,
  });
  const first = renderDesk("/desk/inbox?owner=everyone");
  const table = await screen.findByRole("table", {}, { timeout: 5_000 });
  await user.click(within(table).getByRole("checkbox", { name: "Select every application on this page" }));
  const bar = screen.getByRole("region", { name: "Selected applications" });
  expect(within(bar).getByText("3 applications selected")).toBeInTheDocument();
  expect(within(bar).getByRole("button", { name: "Close" })).toBeDisabled();
  await user.selectOptions(within(bar).getByRole("combobox", { name: "Close reason" }), "Duplicate");
  await user.click(within(bar).getByRole("button", { name: "Close" }));
  expect(await screen.findByText("Closed 3 applications.")).toBeInTheDocument();
  expect(api.callsTo("POST /applications/bulk")[0].body).toMatchObject({
    action: "close",
    closeReason: "duplicate",
  });
  expect(screen.queryByRole("region", { name: "Selected applications" })).not.toBeInTheDocument();
  first.unmount();

  inboxApi(staffer);
  renderDesk("/desk/inbox?owner=everyone");
  const repTable = await screen.findByRole("table");
  expect(within(repTable).queryAllByRole("checkbox")).toEqual([]);
});
