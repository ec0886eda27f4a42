// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, vi } from "vitest";
import type { DueCounts, Me } from "#domain/desk/contract";
import { admin, fakeApi, staffer } from "../../test/support/desk-pages/fake-api";
import { inboxItem } from "../../test/support/desk-pages/list-items";
import { renderDesk } from "../../test/support/desk-pages/render";

const item = inboxItem;

const counts: DueCounts = { open: 5, dueSoon: 2, overdue: 1, dueSoonMs: 4 * 3_600_000 };

function inboxApi(me: Me = admin, items = [item(1), item(2, { delivery: "dead" })]) {
  return fakeApi({
    "GET /me": { body: me },
    "GET /applications/due-counts": { body: counts },
    "GET /applications": ({ query }) =>
      query.get("cursor") === "page-2"
        ? { body: { items: [item(3)], total: 3, nextCursor: null } }
        : { body: { items, total: 3, nextCursor: "page-2" } },
  });
}

afterEach(() => vi.useRealTimers());

test("the URL's filters fill the form and go to the server as they are", async () => {
  const api = inboxApi();
  renderDesk("/desk/inbox?q=Northwind&state=dead&fundingType=venture-debt&from=2024-05-01&source=google");

  expect(await screen.findByRole("heading", { level: 1, name: "Inbox" })).toBeInTheDocument();
  expect(screen.getByRole("searchbox", { name: "Search" })).toHaveValue("Northwind");
  expect(screen.getByRole("combobox", { name: "State" })).toHaveValue("dead");
  expect(screen.getByRole("combobox", { name: "Funding type" })).toHaveValue("venture-debt");
  expect(screen.getByLabelText("From")).toHaveValue("2024-05-01");
  expect(screen.getByRole("textbox", { name: "Source" })).toHaveValue("google");

  // The heading may show before the list's request goes out (a busy machine).
  await waitFor(() => expect(api.callsTo("GET /applications")).toHaveLength(1));
  const [call] = api.callsTo("GET /applications");
  expect(Object.fromEntries(call.query)).toEqual({
    q: "Northwind",
    state: "dead",
    fundingType: "venture-debt",
    from: "2024-05-01",
    source: "google",
    limit: "25",
  });
});

test("applying filters puts them in the URL and loads that view", async () => {
  const user = userEvent.setup();
  const api = inboxApi();
  const { router } = renderDesk("/desk/inbox");
  await screen.findByRole("heading", { level: 1, name: "Inbox" });

  await user.type(screen.getByRole("searchbox", { name: "Search" }), "Acme");
  await user.click(screen.getByRole("button", { name: /Filters/ }));
  await user.selectOptions(screen.getByRole("combobox", { name: "State" }), "Delivery failed");
  await user.type(screen.getByRole("textbox", { name: "Campaign" }), "spring");
  await user.click(screen.getByRole("button", { name: "Apply filters" }));

  await waitFor(() => expect(router.state.location.search).toBe("?q=Acme&state=dead&campaign=spring"));
  await waitFor(() => expect(api.callsTo("GET /applications")).toHaveLength(2));
  expect(api.callsTo("GET /applications")[1].query.toString()).toBe(
    "q=Acme&state=dead&campaign=spring&limit=25",
  );
});

test("a backwards date range is refused next to the field, and nothing is loaded", async () => {
  const user = userEvent.setup();
  const api = inboxApi();
  const { router } = renderDesk("/desk/inbox?from=2024-06-01");
  await screen.findByRole("heading", { level: 1, name: "Inbox" });

  const to = screen.getByLabelText("To");
  await user.type(to, "2024-05-01");
  await user.click(screen.getByRole("button", { name: "Apply filters" }));

  expect(await screen.findByText("The end date is before the start date")).toBeInTheDocument();
  expect(to).toHaveAttribute("aria-invalid", "true");
  expect(router.state.location.search).toBe("?from=2024-06-01");
  expect(api.callsTo("GET /applications")).toHaveLength(1);
});

test("the total is shown and Load more fetches the next page by cursor", async () => {
  const user = userEvent.setup();
  const api = inboxApi();
  renderDesk("/desk/inbox?state=received");

  expect(await screen.findByText("3 applications match these filters")).toBeInTheDocument();
  const table = screen.getByRole("table");
  expect(within(table).getAllByRole("row")).toHaveLength(3); // header + 2
  expect(within(table).getByRole("columnheader", { name: "Company" })).toHaveAttribute("scope", "col");
  expect(within(table).getByRole("rowheader", { name: /^Company 1/ })).toBeInTheDocument();
  expect(screen.getByText("Showing 2 of 3")).toBeInTheDocument();

  await user.click(screen.getByRole("button", { name: "Load more" }));
  expect(await within(table).findByRole("rowheader", { name: /^Company 3/ })).toBeInTheDocument();
  expect(screen.getByText("Showing 3 of 3")).toBeInTheDocument();
  expect(screen.getByText("Loaded 1 more application")).toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  const next = api.callsTo("GET /applications")[1];
  expect(next.query.get("cursor")).toBe("page-2");
  expect(next.query.get("state")).toBe("received");
});

test("admins get an Export CSV link for the current filters; staff do not", async () => {
  inboxApi(admin);
  const first = renderDesk("/desk/inbox?state=dead&source=google");
  const link = await screen.findByRole("link", { name: "Export CSV" });
  expect(link).toHaveAttribute("href", "/api/desk/exports/applications.csv?state=dead&source=google");
  first.unmount();

  inboxApi(staffer);
  renderDesk("/desk/inbox?state=dead");
  await screen.findByRole("heading", { level: 1, name: "Inbox" });
  expect(screen.queryByRole("link", { name: "Export CSV" })).not.toBeInTheDocument();
  expect(screen.queryByRole("link", { name: "Audit log" })).not.toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Quarantine" })).toBeInTheDocument();
});

test("a 401 sends the visitor to sign in and back to this view afterwards", async () => {
  fakeApi({
    "GET /me": { status: 401, body: { error: "Sign in to continue" } },
    "GET /applications": { status: 401, body: { error: "Sign in to continue" } },
    "GET /setup": { body: { needsSetup: false } },
  });
  const { router } = renderDesk("/desk/inbox?state=dead");
  expect(
    await screen.findByRole("heading", { level: 1, name: "Sign in to the lead desk" }),
  ).toBeInTheDocument();
  expect(router.state.location.pathname).toBe("/desk/sign-in");
  expect(new URLSearchParams(router.state.location.search).get("next")).toBe("/inbox?state=dead");
});

test("staff start on what is due for them (their own, least time left first), and a view in the URL wins", async () => {
  const user = userEvent.setup();
  const api = inboxApi(staffer);
  const { router } = renderDesk("/desk/inbox");
  await screen.findByRole("heading", { level: 1, name: "Inbox" });
  const whose = screen.getByRole("navigation", { name: "Whose applications" });
  expect(within(whose).getByRole("link", { name: "Mine" })).toHaveAttribute("aria-current", "page");
  const clock = screen.getByRole("navigation", { name: "Review clock" });
  expect(within(clock).getByRole("link", { name: /^To do/ })).toHaveAttribute("aria-current", "page");
  const order = screen.getByRole("navigation", { name: "Order" });
  expect(within(order).getByRole("link", { name: "Least time left" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  expect(api.callsTo("GET /applications")[0].query.toString()).toBe(
    "owner=mine&due=open&sort=time_left&limit=25",
  );
  expect(api.callsTo("GET /applications/due-counts")[0].query.get("owner")).toBe("mine");
  expect(screen.getByText("Assigned to you · 3 applications not yet touched")).toBeVisible();

  await user.click(within(whose).getByRole("link", { name: "Unassigned" }));
  await waitFor(() => expect(router.state.location.search).toBe("?owner=unassigned&due=open&sort=time_left"));
  await waitFor(() => expect(api.callsTo("GET /applications")).toHaveLength(2));
  expect(api.callsTo("GET /applications/due-counts")[1].query.get("owner")).toBe("unassigned");
  await waitFor(() =>
    expect(within(whose).getByRole("link", { name: "Unassigned" })).toHaveAttribute("aria-current", "page"),
  );

  // "All" is an explicit choice: the default does not come back.
  await user.click(within(clock).getByRole("link", { name: "All" }));
  await waitFor(() => expect(router.state.location.search).toBe("?owner=unassigned&sort=time_left"));
  await waitFor(() =>
    expect(within(clock).getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page"),
  );
  await waitFor(() => expect(api.callsTo("GET /applications")).toHaveLength(3));
  expect(api.callsTo("GET /applications")[2].query.toString()).toBe(
    "owner=unassigned&sort=time_left&limit=25",
  );

  // Everyone is the API's own default: the request says nothing of owners.
  await user.click(within(whose).getByRole("link", { name: "Everyone" }));
  await waitFor(() => expect(api.callsTo("GET /applications")).toHaveLength(4));
  expect(api.callsTo("GET /applications")[3].query.toString()).toBe("sort=time_left&limit=25");
});

test("a rep's URL naming a view is shown as it says, newest first when it says no order", async () => {
  const api = inboxApi(staffer);
  renderDesk("/desk/inbox?owner=mine");
  await screen.findByRole("heading", { level: 1, name: "Inbox" });
  expect(api.callsTo("GET /applications")[0].query.toString()).toBe("owner=mine&limit=25");
});

test("an admin starts on everyone's applications", async () => {
  const api = inboxApi(admin);
  renderDesk("/desk/inbox");
  await screen.findByRole("heading", { level: 1, name: "Inbox" });
  const whose = screen.getByRole("navigation", { name: "Whose applications" });
  expect(within(whose).getByRole("link", { name: "Everyone" })).toHaveAttribute("aria-current", "page");
  expect(api.callsTo("GET /applications")[0].query.has("owner")).toBe(false);
  // A view in the URL needs nobody's role.
  renderDesk("/desk/inbox?owner=mine");
  await waitFor(() => expect(api.callsTo("GET /applications")).toHaveLength(2));
  expect(api.callsTo("GET /applications")[1].query.get("owner")).toBe("mine");
});

test("the clock's views show their counts and ask for the least time left first; the order can be changed", async () => {
  const user = userEvent.setup();
  const api = inboxApi(staffer);
  const { router } = renderDesk("/desk/inbox?owner=mine&q=acme");
  await screen.findByRole("heading", { level: 1, name: "Inbox" });
  const clock = screen.getByRole("navigation", { name: "Review clock" });
  expect(within(clock).getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");
  expect(within(clock).getByRole("link", { name: "To do 5" })).toBeVisible();
  expect(within(clock).getByRole("link", { name: "Due soon 2" })).toBeVisible();

  await user.click(within(clock).getByRole("link", { name: "Overdue 1" }));
  await waitFor(() =>
    expect(router.state.location.search).toBe("?owner=mine&due=overdue&sort=time_left&q=acme"),
  );
  await waitFor(() => expect(api.callsTo("GET /applications")).toHaveLength(2));
  expect(api.callsTo("GET /applications")[1].query.toString()).toBe(
    "owner=mine&due=overdue&sort=time_left&q=acme&limit=25",
  );
  await waitFor(() =>
    expect(within(clock).getByRole("link", { name: "Overdue 1" })).toHaveAttribute("aria-current", "page"),
  );
  expect(
    await screen.findByText("Assigned to you · 3 applications overdue match these filters"),
  ).toBeVisible();

  const order = screen.getByRole("navigation", { name: "Order" });
  expect(within(order).getByRole("link", { name: "Least time left" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await user.click(within(order).getByRole("link", { name: "Newest first" }));
  await waitFor(() => expect(router.state.location.search).toBe("?owner=mine&due=overdue&q=acme"));
  await waitFor(() => expect(api.callsTo("GET /applications")).toHaveLength(3));
  await waitFor(() =>
    expect(within(order).getByRole("link", { name: "Newest first" })).toHaveAttribute("aria-current", "page"),
  );

  // The search form keeps the view it was submitted in.
  await user.click(screen.getByRole("button", { name: /Filters/ }));
  await user.selectOptions(screen.getByRole("combobox", { name: "Work status" }), "Contacted");
  await user.click(screen.getByRole("button", { name: "Apply filters" }));
  await waitFor(() =>
    expect(router.state.location.search).toBe("?owner=mine&due=overdue&q=acme&work=contacted"),
  );
  expect(screen.getByRole("link", { name: "Clear all" })).toHaveAttribute(
    "href",
    "/desk/inbox?owner=mine&due=overdue",
  );
});

test("the export takes the view's filters but not its order", async () => {
  inboxApi(admin);
  renderDesk("/desk/inbox?owner=unassigned&due=open&sort=time_left&work=new");
  const link = await screen.findByRole("link", { name: "Export CSV" });
  expect(link).toHaveAttribute(
    "href",
    "/api/desk/exports/applications.csv?owner=unassigned&due=open&work=new",
  );
});

test("each row shows where the team stands with it, not the CRM delivery; delivery trouble is a flag", async () => {
  inboxApi(staffer, [
    item(1, {
      workStatus: "contacted",
      delivery: "delivered",
      owner: { id: staffer.id, name: staffer.name, email: staffer.email },
    }),
    item(2, {
      workStatus: "closed",
      closeReason: "funded",
      delivery: "dead",
      deliveryAttempts: 3,
      owner: { id: "u-other", name: "Olu Other", email: "olu@harborline.test" },
    }),
    item(3, { delivery: "pending", deliveryAttempts: 2 }),
    item(4, { delivery: "pending", deliveryAttempts: 0 }),
    item(5, { state: "quarantined", delivery: null, deliveryAttempts: 0 }),
  ]);
  renderDesk("/desk/inbox?owner=everyone");
  const table = await screen.findByRole("table");
  const row = (n: number) =>
    within(table)
      .getByRole("rowheader", { name: new RegExp(`^Company ${n}`) })
      .closest("tr")!;
  expect(
    within(table)
      .getAllByRole("columnheader")
      .map((cell) => cell.textContent),
  ).toEqual(["Received", "Company", "Owner", "Status", "Time left", "Funding"]);

  expect(row(1)).toHaveTextContent("Contacted");
  expect(row(1)).not.toHaveTextContent("Delivered");
  expect(within(row(1)).getByRole("cell", { name: "You" })).toBeVisible();
  expect(row(2)).toHaveTextContent("Closed: Funded");
  expect(row(2)).toHaveTextContent("Olu Other");
  expect(within(row(2)).getByText("Delivery failed")).toBeVisible();
  // Retried after failures: a flag whose words say so to a screen reader too.
  expect(within(row(3)).getByText("Retrying")).toBeVisible();
  expect(within(row(3)).getByText("Delivery retrying (2 attempts failed)")).toHaveClass("sr-only");
  expect(row(3)).toHaveTextContent("New");
  expect(row(3)).toHaveTextContent("Unassigned");
  // Waiting for its first attempt is no trouble.
  expect(row(4)).not.toHaveTextContent(/Retrying|Delivery/);
  expect(row(5)).toHaveTextContent("Quarantined");
  expect(within(row(5)).getByText("No owner while quarantined")).toHaveClass("sr-only");
  expect(within(row(5)).getByText("No review clock")).toHaveClass("sr-only");
});

test("unread applications are marked in bold with a dot named Unread", async () => {
  inboxApi(staffer, [item(1, { unread: true }), item(2, { unread: false })]);
  renderDesk("/desk/inbox");
  const table = await screen.findByRole("table");
  const first = within(table).getByRole("rowheader", { name: /^Unread Company 1/ });
  expect(within(first).getByRole("img", { name: "Unread" })).toBeInTheDocument();
  expect(within(first).getByRole("link", { name: "Company 1" })).toHaveClass("font-bold");
  const second = within(table).getByRole("rowheader", { name: /^Company 2/ });
  expect(within(second).queryByRole("img", { name: "Unread" })).not.toBeInTheDocument();
  expect(within(second).getByRole("link", { name: "Company 2" })).not.toHaveClass("font-bold");
});

test("the time left is in words: running, due soon, overdue, or touched once the clock stopped", async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2024-05-02T12:00:00Z"));
  inboxApi(staffer, [
    item(1, { reviewDueAt: "2024-05-02T14:10:00Z" }),
    item(2, { reviewDueAt: "2024-05-02T09:00:00Z" }),
    item(3, {
      reviewDueAt: "2024-05-02T09:00:00Z",
      firstTouchedAt: "2024-05-02T08:00:00Z",
      workStatus: "contacted",
    }),
    item(4, { reviewDueAt: "2024-05-03T11:30:00Z" }),
  ]);
  renderDesk("/desk/inbox");
  const table = await screen.findByRole("table");
  const clock = (n: number) =>
    within(
      within(table)
        .getByRole("rowheader", { name: new RegExp(`^Company ${n}`) })
        .closest("tr")!,
    )
      .getAllByRole("cell")
      .find((cell) => cell.querySelector("time[title]"))!;
  expect(clock(1)).toHaveTextContent("2 h 10 min left");
  expect(clock(2)).toHaveTextContent("Overdue 3 h");
  expect(clock(3)).toHaveTextContent(/^Touched$/);
  expect(clock(4)).toHaveTextContent("23 h 30 min left");
  // Within REVIEW_DUE_SOON (the server's window, 4 h here) the clock is marked; further off it is not.
  expect(within(clock(1)).getByText("2 h 10 min left")).toHaveClass("text-held");
  expect(within(clock(4)).getByText("23 h 30 min left")).not.toHaveClass("text-held");
  expect(within(clock(2)).getByText("Overdue 3 h")).toHaveClass("text-destructive");
  expect(within(clock(1)).getByText("2 h 10 min left")).toHaveAttribute("dateTime", "2024-05-02T14:10:00Z");
});

test("an empty view says why, and a filtered one offers everyone's applications", async () => {
  fakeApi({
    "GET /me": { body: staffer },
    "GET /applications/due-counts": { body: counts },
    "GET /applications": { body: { items: [], total: 0, nextCursor: null } },
  });
  const first = renderDesk("/desk/inbox?due=overdue");
  expect(await screen.findByText("Nothing is overdue.")).toBeVisible();
  first.unmount();
  const second = renderDesk("/desk/inbox?owner=mine");
  expect(await screen.findByText("No application is assigned to you.")).toBeVisible();
  second.unmount();
  // A rep's default view: their untouched ones.
  const third = renderDesk("/desk/inbox");
  expect(await screen.findByText("Every application has been touched.")).toBeVisible();
  third.unmount();
  // Unassigned's to-do list, empty once the waiting ones were given out.
  const fourth = renderDesk("/desk/inbox?owner=unassigned&due=open&sort=time_left");
  expect(await screen.findByText("Every application has an owner.")).toBeVisible();
  fourth.unmount();
  renderDesk("/desk/inbox?q=zebra");
  expect(await screen.findByText(/No application matches these filters/)).toBeVisible();
  expect(screen.getByRole("link", { name: "Search everyone’s applications" })).toHaveAttribute(
    "href",
    "/desk/inbox?owner=everyone&due=open&sort=time_left&q=zebra",
  );
});

test("an amount with cents is shown as it was entered, not rounded", async () => {
  inboxApi(admin, [item(1, { fundingAmount: "350000.50" })]);
  renderDesk("/desk/inbox");
  expect((await screen.findAllByText("$350,000.50")).length).toBeGreaterThan(0);
  expect(screen.queryByText(/\$350,001/)).not.toBeInTheDocument();
});
