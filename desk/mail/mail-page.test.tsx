// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { MailItem, MailList } from "#domain/desk/contract";
import { fakeApi, staffer } from "../../test/support/desk-pages/fake-api";
import { alertSaying, renderDesk } from "../../test/support/desk-pages/render";

const mail = (overrides: Partial<MailItem> = {}): MailItem => ({
  id: "12",
  kind: "receipt",
  to: "ada@example.test",
  subject: "We received your application (HL-7K3M9Q2X)",
  status: "dead",
  attempts: 12,
  nextAttemptAt: null,
  lastError: "SMTP RCPT TO: 550 No such user",
  createdAt: "2024-05-01T14:03:00Z",
  sentAt: null,
  messageId: "<mail-12@harborline.test>",
  applicationId: "app-1",
  ...overrides,
});

const counts = { pending: 1, sending: 0, sent: 5, dead: 1, cancelled: 0 };
const page = (items: MailItem[], nextCursor: string | null = null, mailConfigured = true): MailList => ({
  items,
  nextCursor,
  counts,
  retryWindowMs: 114_000_000,
  mailConfigured,
});

const sent = mail({
  id: "11",
  kind: "staff-alert",
  to: "ops@harborline.test",
  subject: "New application: Acme Robotics",
  status: "sent",
  attempts: 1,
  lastError: null,
  sentAt: "2024-05-01T14:03:05Z",
});

test("staff find Mail in the nav; each e-mail shows what, to whom, its state, attempts, error and application", async () => {
  fakeApi({ "GET /me": { body: staffer }, "GET /mail": { body: page([mail(), sent]) } });
  renderDesk("/desk/inbox");
  const user = userEvent.setup();
  await user.click(await screen.findByRole("link", { name: "Mail" }));

  expect(await screen.findByRole("heading", { level: 1, name: "Mail" })).toBeVisible();
  // How long a failing e-mail is retried: the server's configured schedule, not a figure of the page's own.
  expect(screen.getByText(/is tried again for about 32 hours before it is marked failed/)).toBeVisible();
  const table = screen.getByRole("table", { name: "E-mails, newest first" });
  const [, dead, ok] = within(table).getAllByRole("row");
  expect(within(dead).getByRole("rowheader")).toHaveAccessibleName("Receipt ada@example.test");
  expect(dead).toHaveTextContent("We received your application (HL-7K3M9Q2X)");
  expect(dead).toHaveTextContent("Failed");
  expect(dead).toHaveTextContent("12");
  expect(dead).toHaveTextContent("SMTP RCPT TO: 550 No such user");
  expect(
    within(dead).getByRole("link", { name: "Application of the receipt to ada@example.test" }),
  ).toHaveAttribute("href", "/desk/applications/app-1");
  expect(within(dead).getByRole("button", { name: "Redeliver receipt to ada@example.test" })).toBeVisible();
  // A sent e-mail cannot be sent again.
  expect(ok).toHaveTextContent("Sent");
  expect(within(ok).queryByRole("button")).not.toBeInTheDocument();
  // Phones get the same e-mails as cards.
  const cards = screen.getByRole("list", { name: "E-mails, newest first" });
  expect(within(cards).getAllByRole("listitem")).toHaveLength(2);
});

test("the state filter lives in the URL, with each state's count", async () => {
  const user = userEvent.setup();
  const api = fakeApi({
    "GET /me": { body: staffer },
    "GET /mail": ({ query }) => ({
      body: page(query.get("status") === "dead" ? [mail()] : [mail(), sent]),
    }),
  });
  const { router } = renderDesk("/desk/mail");
  const filter = await screen.findByRole("navigation", { name: "E-mails by state" });
  expect(within(filter).getByRole("link", { name: "All 7" })).toHaveAttribute("aria-current", "page");

  await user.click(within(filter).getByRole("link", { name: "Failed 1" }));
  await waitFor(() => expect(router.state.location.search).toBe("?status=dead"));
  expect(api.callsTo("GET /mail").at(-1)!.query.get("status")).toBe("dead");
  expect(await screen.findByRole("table", { name: "E-mails, failed, newest first" })).toBeVisible();
  expect(within(filter).getByRole("link", { name: "Failed 1" })).toHaveAttribute("aria-current", "page");
  expect(within(filter).getByRole("link", { name: "All 7" })).not.toHaveAttribute("aria-current");
});

test("Redeliver sends a failed e-mail again and says so; the state and counts follow", async () => {
  const user = userEvent.setup();
  const api = fakeApi({
    "GET /me": { body: staffer },
    "GET /mail": { body: page([mail()]) },
    "POST /mail/12/redeliver": {
      body: { item: mail({ status: "pending", attempts: 0, nextAttemptAt: "2024-05-02T09:00:00Z" }) },
    },
  });
  renderDesk("/desk/mail");
  const table = await screen.findByRole("table");
  await user.click(within(table).getByRole("button", { name: "Redeliver receipt to ada@example.test" }));

  const status = await screen.findByRole("status");
  await waitFor(() =>
    expect(status).toHaveTextContent("Receipt to ada@example.test is queued to be sent again now."),
  );
  expect(api.callsTo("POST /mail/12/redeliver")).toHaveLength(1);
  const [, row] = within(table).getAllByRole("row");
  expect(row).toHaveTextContent("Waiting");
  // Its time has come: not a past time shown as if a retry were still to come.
  expect(row).toHaveTextContent("Due now");
  expect(row).not.toHaveTextContent("Next try");
  const filter = screen.getByRole("navigation", { name: "E-mails by state" });
  expect(within(filter).getByRole("link", { name: "Waiting 2" })).toBeVisible();
  expect(within(filter).getByRole("link", { name: "Failed 0" })).toBeVisible();
});

test("a refused resend is an alert with the server's reason", async () => {
  const user = userEvent.setup();
  fakeApi({
    "GET /me": { body: staffer },
    "GET /mail": { body: page([mail()]) },
    "POST /mail/12/redeliver": {
      status: 409,
      body: { error: "This e-mail was cancelled: its application is in quarantine" },
    },
  });
  renderDesk("/desk/mail");
  const table = await screen.findByRole("table");
  await user.click(within(table).getByRole("button", { name: /^Redeliver/ }));
  expect(await alertSaying(/its application is in quarantine/)).toBeVisible();
  expect(within(table).getAllByRole("row")[1]).toHaveTextContent("Failed");
});

test("Load more fetches the next page by cursor and says how many came", async () => {
  const user = userEvent.setup();
  const api = fakeApi({
    "GET /me": { body: staffer },
    "GET /mail": ({ query }) => ({
      body:
        query.get("cursor") === "11" ? page([mail({ id: "10", to: "bo@example.test" })]) : page([sent], "11"),
    }),
  });
  renderDesk("/desk/mail");
  await user.click(await screen.findByRole("button", { name: "Load more" }));
  expect(await screen.findByRole("rowheader", { name: /bo@example\.test/ })).toBeVisible();
  expect(api.callsTo("GET /mail").at(-1)!.query.get("cursor")).toBe("11");
  expect(screen.getByRole("status")).toHaveTextContent("Loaded 1 more e-mail");
  expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
});

test("no e-mail in a state says so in words", async () => {
  fakeApi({ "GET /me": { body: staffer }, "GET /mail": { body: page([]) } });
  renderDesk("/desk/mail?status=dead");
  expect(await screen.findByText("No failed e-mails.")).toBeVisible();
});

test("without a mail server the page says why nothing is sent, and shows no past retry times", async () => {
  const waiting = mail({
    id: "13",
    status: "pending",
    attempts: 0,
    lastError: null,
    nextAttemptAt: "2024-05-01T14:03:00Z",
  });
  const later = mail({
    id: "14",
    status: "pending",
    attempts: 2,
    nextAttemptAt: new Date(Date.now() + 3_600_000).toISOString(),
  });
  fakeApi({
    "GET /me": { body: staffer },
    "GET /mail": { body: page([waiting, later, mail()], null, false) },
  });
  renderDesk("/desk/mail");
  expect(await screen.findByText("No mail server is configured (SMTP_URL).")).toBeVisible();
  expect(screen.getByText(/E-mails are stored and will be sent once it is set/)).toBeVisible();
  const table = screen.getByRole("table");
  const [, first, second, dead] = within(table).getAllByRole("row");
  for (const row of [first, second]) {
    expect(row).toHaveTextContent("Waits for a mail server");
    expect(row).not.toHaveTextContent("Next try");
    // Sending it again now would only wait again.
    expect(within(row).queryByRole("button")).not.toBeInTheDocument();
  }
  expect(within(dead).getByRole("button", { name: /^Redeliver/ })).toBeVisible();
});

test("with a mail server the banner is not shown", async () => {
  fakeApi({ "GET /me": { body: staffer }, "GET /mail": { body: page([mail()]) } });
  renderDesk("/desk/mail");
  await screen.findByRole("table");
  expect(screen.queryByText(/No mail server is configured/)).not.toBeInTheDocument();
});
