// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { DeadDocument, DeadItem, DeliveryHealth } from "#domain/desk/contract";
import { admin, fakeApi, newWork } from "../../test/support/desk-pages/fake-api";
import { renderDesk } from "../../test/support/desk-pages/render";

const dead = (overrides: Partial<DeadItem>): DeadItem => ({
  id: "app-1",
  createdAt: "2024-05-01T14:03:00Z",
  companyName: "Dead Letter Co",
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.test",
  phone: "+1 212 555 0100",
  fundingType: "revenue-based",
  fundingAmount: "250000",
  state: "received",
  quarantineReason: null,
  delivery: "dead",
  deliveryAttempts: 3,
  source: null,
  campaign: null,
  ...newWork,
  unread: false,
  documents: "none",
  lastAttempt: null,
  ...overrides,
});

const refused = dead({
  id: "app-1",
  companyName: "Duplicate Contact Co",
  lastAttempt: {
    at: "2024-05-01T14:03:01Z",
    statusCode: 422,
    error: 'HTTP 422: {"error":"duplicate contact"}',
    permanent: true,
  },
});
const outage = dead({
  id: "app-2",
  companyName: "Outage Co",
  lastAttempt: {
    at: "2024-05-02T14:03:01Z",
    statusCode: 503,
    error: "HTTP 503: Service Unavailable",
    permanent: false,
  },
});

const health = (overrides: Partial<DeliveryHealth> = {}): DeliveryHealth => ({
  webhookConfigured: true,
  counts: { pending: 1, sending: 0, delivered: 7, dead: 2 },
  oldestWaitingAt: null,
  lastDeliveredAt: null,
  dead: [refused, outage],
  deadKinds: { temporary: 1, permanent: 1 },
  deadDocuments: [],
  deadDocumentCount: 0,
  mailConfigured: true,
  mail: { pending: 3, sending: 1, sent: 40, dead: 2, cancelled: 0 },
  virusScanner: "answering",
  retryWindowMs: 3 * 86_400_000,
  ...overrides,
});

test("counts, the e-mails by state, and each failed delivery's last error, refusals apart", async () => {
  fakeApi({ "GET /me": { body: admin }, "GET /health": { body: health() } });
  renderDesk("/desk/health");
  expect(await screen.findByText(/retries for about 3 days before it gives up/)).toBeVisible();
  expect(screen.queryByText(/No CRM webhook is configured/)).not.toBeInTheDocument();
  expect(screen.getByText("Delivered").nextElementSibling).toHaveTextContent("7");
  expect(screen.getByText("1 temporary failure · 1 refusal")).toBeVisible();

  const table = screen.getByRole("table", { name: /Applications whose delivery failed/ });
  const [header, first, second] = within(table).getAllByRole("row");
  expect(header).toHaveTextContent("Last error");
  expect(within(first).getByRole("link", { name: "Duplicate Contact Co" })).toBeVisible();
  expect(first).toHaveTextContent("Refused: HTTP 422");
  expect(first).toHaveTextContent('{"error":"duplicate contact"}');
  expect(second).toHaveTextContent("Temporary: HTTP 503");
  expect(second).toHaveTextContent("Service Unavailable");

  const mail = screen.getByRole("heading", { level: 2, name: "E-mail" }).closest("section")!;
  expect(within(mail).getByText("Waiting").nextElementSibling).toHaveTextContent("4");
  expect(within(mail).getByText("Failed").nextElementSibling).toHaveTextContent("2");
  expect(within(mail).getByRole("link", { name: "Open failed e-mails" })).toHaveAttribute(
    "href",
    "/desk/mail?status=dead",
  );
  expect(within(mail).queryByText(/No mail server is configured/)).not.toBeInTheDocument();
});

test("bulk redelivery takes the temporary failures; the refusals only after a question that counts them", async () => {
  const user = userEvent.setup();
  const api = fakeApi({
    "GET /me": { body: admin },
    "GET /health": { body: health() },
    "POST /deliveries/redeliver-dead": ({ body }) => ({
      body:
        (body as { include: string }).include === "all"
          ? { redelivered: 2, permanentLeft: 0 }
          : { redelivered: 1, permanentLeft: 1 },
    }),
  });
  renderDesk("/desk/health");

  await user.click(await screen.findByRole("button", { name: "Redeliver 1 temporary failure" }));
  let dialog = await screen.findByRole("dialog", { name: "Send the temporary failures again?" });
  expect(dialog).toHaveTextContent("The 1 refusal by the CRM stays as it is.");
  expect(api.callsTo("POST /deliveries/redeliver-dead")).toHaveLength(0);
  await user.click(within(dialog).getByRole("button", { name: "Send 1 again" }));
  expect(
    await screen.findByText("1 delivery is queued again. 1 refusal by the CRM left as it is."),
  ).toBeVisible();
  expect(api.callsTo("POST /deliveries/redeliver-dead")[0].body).toEqual({ include: "temporary" });

  await user.click(screen.getByRole("button", { name: "Redeliver all, refusals too" }));
  dialog = await screen.findByRole("dialog", {
    name: "Send all 2 failed deliveries again, refusals included?",
  });
  expect(dialog).toHaveTextContent("1 of them was refused by the CRM");
  expect(api.callsTo("POST /deliveries/redeliver-dead")).toHaveLength(1);
  await user.click(within(dialog).getByRole("button", { name: "Send all 2 again" }));
  expect(await screen.findByText("2 deliveries are queued again.")).toBeVisible();
  expect(api.callsTo("POST /deliveries/redeliver-dead")[1].body).toEqual({ include: "all" });
});

test("without a CRM webhook or a mail server, the page says why nothing is sent", async () => {
  fakeApi({
    "GET /me": { body: admin },
    "GET /health": {
      body: health({
        webhookConfigured: false,
        mailConfigured: false,
        virusScanner: "not-configured",
        dead: [],
        counts: { pending: 140, sending: 0, delivered: 0, dead: 0 },
        deadKinds: { temporary: 0, permanent: 0 },
      }),
    },
  });
  renderDesk("/desk/health");
  expect(await screen.findByText("No CRM webhook is configured (LEAD_WEBHOOK_URL).")).toBeVisible();
  expect(
    screen.getByText(/Applications are stored and will be sent to the CRM once it is set/),
  ).toBeVisible();
  expect(screen.getByText("No mail server is configured (SMTP_URL).")).toBeVisible();
  expect(
    screen.getByText("No virus scanner is configured (CLAMD_SOCKET, or CLAMD_HOST and CLAMD_PORT)."),
  ).toBeVisible();
  expect(screen.getByText("Virus scanner:").nextElementSibling).toHaveTextContent("Not configured");
  expect(screen.getByText("No delivery has failed.")).toBeVisible();
  expect(screen.queryByRole("button", { name: /^Redeliver/ })).not.toBeInTheDocument();
});

test("says whether the virus scanner answers, and what a silent one means for uploads", async () => {
  fakeApi({ "GET /me": { body: admin }, "GET /health": { body: health() } });
  const { unmount } = renderDesk("/desk/health");
  expect(await screen.findByText("Virus scanner:")).toBeVisible();
  expect(screen.getByText("Virus scanner:").nextElementSibling).toHaveTextContent("Answering");
  expect(screen.queryByText(/No virus scanner is configured/)).not.toBeInTheDocument();
  unmount();

  fakeApi({ "GET /me": { body: admin }, "GET /health": { body: health({ virusScanner: "not-answering" }) } });
  renderDesk("/desk/health");
  expect(await screen.findByText("Virus scanner:")).toBeVisible();
  expect(screen.getByText("Virus scanner:").nextElementSibling).toHaveTextContent("Not answering");
  expect(screen.getByText(/kept and marked not scanned/)).toBeVisible();
});

const deadStatement: DeadDocument = {
  documentId: "doc-1",
  applicationId: "app-9",
  reference: "HC-7Q4K2M",
  fileName: "bank-statement-2026-03-1.pdf",
  kind: "bank-statement",
  label: "Bank statement, March 2026",
  attempts: 12,
  lastError: "HTTP 503: Service Unavailable",
  diedAt: "2024-05-03T09:00:00Z",
};

test("a dead document delivery is listed with its count, and Redeliver asks why before sending it again", async () => {
  const user = userEvent.setup();
  let redelivered = false;
  const api = fakeApi({
    "GET /me": { body: admin },
    "GET /health": () =>
      redelivered
        ? { body: health() }
        : { body: health({ deadDocuments: [deadStatement], deadDocumentCount: 1 }) },
    "POST /documents/doc-1/redeliver": () => {
      redelivered = true;
      return { body: { documentId: "doc-1", status: "pending" } };
    },
  });
  renderDesk("/desk/health");

  const section = (
    await screen.findByRole("heading", { level: 2, name: "Failed document deliveries" })
  ).closest("section")!;
  expect(within(section).getByText("1 failed document")).toBeVisible();
  const table = within(section).getByRole("table", { name: /Accepted documents whose delivery failed/ });
  const [, row] = within(table).getAllByRole("row");
  expect(within(row).getByRole("link", { name: "HC-7Q4K2M" })).toHaveAttribute(
    "href",
    "/desk/applications/app-9",
  );
  expect(row).toHaveTextContent("bank-statement-2026-03-1.pdf");
  expect(row).toHaveTextContent("Bank statement, March 2026");
  expect(row).toHaveTextContent("12");
  expect(row).toHaveTextContent("HTTP 503: Service Unavailable");

  await user.click(within(row).getByRole("button", { name: "Redeliver" }));
  const dialog = await screen.findByRole("dialog", { name: "Send this document to the CRM again" });
  // No reason: nothing is sent.
  await user.click(within(dialog).getByRole("button", { name: "Redeliver" }));
  expect(api.callsTo("POST /documents/doc-1/redeliver")).toHaveLength(0);
  await user.type(within(dialog).getByLabelText("Reason"), "The CRM is back up");
  await user.click(within(dialog).getByRole("button", { name: "Redeliver" }));
  expect(await screen.findByText("bank-statement-2026-03-1.pdf is queued for the CRM again.")).toBeVisible();
  expect(api.callsTo("POST /documents/doc-1/redeliver")[0].body).toEqual({ reason: "The CRM is back up" });
  expect(await screen.findByText("No document delivery has failed.")).toBeVisible();
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
});

test("a document no longer dead: the dialog stays open with the server's message", async () => {
  const user = userEvent.setup();
  fakeApi({
    "GET /me": { body: admin },
    "GET /health": { body: health({ deadDocuments: [deadStatement], deadDocumentCount: 1 }) },
    "POST /documents/doc-1/redeliver": {
      status: 409,
      body: { error: "This document's delivery is not dead: the CRM already has it" },
    },
  });
  renderDesk("/desk/health");
  await user.click(await screen.findByRole("button", { name: "Redeliver" }));
  const dialog = await screen.findByRole("dialog", { name: "Send this document to the CRM again" });
  await user.type(within(dialog).getByLabelText("Reason"), "Try again");
  await user.click(within(dialog).getByRole("button", { name: "Redeliver" }));
  expect(
    await within(dialog).findByText("This document's delivery is not dead: the CRM already has it"),
  ).toBeVisible();
});
