// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { InboxItem, Me } from "#domain/desk/contract";
import { admin, fakeApi, newWork, staffer } from "../../test/support/desk-pages/fake-api";
import { renderDesk } from "../../test/support/desk-pages/render";

const item = (n: number, overrides: Partial<InboxItem> = {}): InboxItem => ({
  id: `app-${n}`,
  createdAt: "2024-05-01T14:03:00Z",
  companyName: `Company ${n}`,
  firstName: "Ada",
  lastName: "Okafor",
  email: `ada${n}@example.test`,
  phone: "+1 212 555 0199",
  fundingType: "venture-debt",
  fundingAmount: "250000",
  state: "received",
  quarantineReason: null,
  delivery: "delivered",
  source: "google",
  campaign: "spring",
  ...newWork,
  unread: false,
  ...overrides,
});

function inboxApi(me: Me = admin) {
  return fakeApi({
    "GET /me": { body: me },
    "GET /applications": ({ query }) =>
      query.get("cursor") === "page-2"
        ? { body: { items: [item(3)], total: 3, nextCursor: null } }
        : { body: { items: [item(1), item(2, { delivery: "dead" })], total: 3, nextCursor: "page-2" } },
  });
}

test("the URL's filters fill the form and go to the server as they are", async () => {
  const api = inboxApi();
  renderDesk("/desk/inbox?q=Northwind&state=dead&fundingType=venture-debt&from=2024-05-01&source=google");

  expect(await screen.findByRole("heading", { level: 1, name: "Inbox" })).toBeInTheDocument();
  expect(screen.getByRole("searchbox", { name: "Search" })).toHaveValue("Northwind");
  expect(screen.getByRole("combobox", { name: "State" })).toHaveValue("dead");
  expect(screen.getByRole("combobox", { name: "Funding type" })).toHaveValue("venture-debt");
  expect(screen.getByLabelText("From")).toHaveValue("2024-05-01");
  expect(screen.getByRole("textbox", { name: "Source" })).toHaveValue("google");

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
  expect(within(table).getByRole("rowheader", { name: "Company 1" })).toBeInTheDocument();
  expect(screen.getByText("Showing 2 of 3")).toBeInTheDocument();

  await user.click(screen.getByRole("button", { name: "Load more" }));
  expect(await within(table).findByRole("rowheader", { name: "Company 3" })).toBeInTheDocument();
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
  expect(screen.queryByRole("link", { name: "Staff" })).not.toBeInTheDocument();
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
