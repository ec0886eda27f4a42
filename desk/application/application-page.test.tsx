// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { sampleApplication } from "../../test/support/sample-application";
import type { ApplicationDetail, OptOut } from "#domain/desk/contract";
import { activity, applicationDetail } from "../../test/support/desk-pages/application-detail";
import { admin, fakeApi } from "../../test/support/desk-pages/fake-api";
import { alertSaying, renderDesk } from "../../test/support/desk-pages/render";

const detail = applicationDetail;

test("every answer is shown under the wizard's step titles and labels, in its words", async () => {
  fakeApi({ "GET /me": { body: admin }, "GET /applications/app-1": { body: detail() } });
  renderDesk("/desk/applications/app-1");

  expect(await screen.findByRole("heading", { level: 1, name: "Acme Robotics" })).toBeVisible();
  const funding = screen.getByRole("heading", { level: 2, name: "Funding Details" }).closest("section")!;
  expect(within(funding).getByText("Funding Type").nextElementSibling).toHaveTextContent(
    "Revenue-Based Financing",
  );
  expect(within(funding).getByText("Funding Amount").nextElementSibling).toHaveTextContent("$250,000");
  const company = screen.getByRole("heading", { level: 2, name: "Company Information" }).closest("section")!;
  expect(within(company).getByText("Years in Business").nextElementSibling).toHaveTextContent("2-5 years");
  expect(screen.getByRole("heading", { level: 2, name: "Contact Information" })).toBeVisible();
  expect(screen.getByText("I agree to receive text messages.")).toBeVisible();
  expect(screen.getByText("Delivery attempt: failed, gave up")).toBeVisible();
  expect(screen.getByRole("link", { name: "Download consent evidence (JSON)" })).toHaveAttribute(
    "href",
    "/api/desk/applications/app-1/evidence",
  );
  expect(screen.getByRole("link", { name: "Printable evidence" })).toHaveAttribute(
    "href",
    "/desk/applications/app-1/evidence",
  );
});

test("the reference number is in the header and the e-mails are in the timeline with the CRM and staff", async () => {
  fakeApi({
    "GET /me": { body: admin },
    "GET /applications/app-1": {
      body: detail({
        timeline: [
          {
            at: "2024-05-01T15:00:00Z",
            kind: "action",
            action: "application.quarantined",
            by: "sam@harborline.test",
            reason: "Looks fake",
          },
          {
            at: "2024-05-01T14:03:03Z",
            kind: "mail-attempt",
            mailId: "8",
            mailKind: "staff-alert",
            to: "ops@harborline.test",
            attempt: 1,
            smtpCode: 550,
            error: "SMTP DATA: 550 Mailbox unavailable",
            durationMs: 12,
            outcome: "dead",
          },
          {
            at: "2024-05-01T14:03:02Z",
            kind: "mail-attempt",
            mailId: "7",
            mailKind: "receipt",
            to: "ada@example.test",
            attempt: 1,
            smtpCode: 250,
            error: null,
            durationMs: 31,
            outcome: "sent",
          },
          {
            at: "2024-05-01T14:03:00Z",
            kind: "mail",
            mailId: "7",
            mailKind: "receipt",
            to: "ada@example.test",
            subject: "We received your application (HL-7K3M9Q2X)",
            status: "sent",
            messageId: "<mail-7@harborline.test>",
          },
        ],
      }),
    },
  });
  renderDesk("/desk/applications/app-1");
  await screen.findByRole("heading", { level: 1, name: "Acme Robotics" });
  expect(screen.getByText("HL-7K3M9Q2X", { selector: "span" }).parentElement).toHaveTextContent(
    "Reference HL-7K3M9Q2X",
  );

  const timeline = within(
    screen.getByRole("heading", { level: 2, name: "Timeline" }).closest("section")!,
  ).getByRole("list");
  const entries = within(timeline).getAllByRole("listitem");
  // Newest first, as the server gives them.
  expect(entries.map((entry) => entry.querySelector("p")!.textContent)).toEqual([
    "Quarantined",
    "E-mail attempt: failed, gave up",
    "E-mail attempt: sent",
    "E-mail queued: Receipt",
  ]);
  expect(entries[3]).toHaveTextContent("To ada@example.test");
  expect(entries[3]).toHaveTextContent("Now: Sent");
  expect(entries[3]).toHaveTextContent("Message-ID: <mail-7@harborline.test>");
  expect(entries[2]).toHaveTextContent("Receipt to ada@example.test");
  expect(entries[2]).toHaveTextContent("SMTP 250 in 31 ms");
  expect(entries[1]).toHaveTextContent("Staff alert to ops@harborline.test");
  expect(entries[1]).toHaveTextContent("SMTP DATA: 550 Mailbox unavailable");
  expect(entries[0]).toHaveTextContent("By sam@harborline.test");
  expect(entries[0]).toHaveTextContent("Reason: Looks fake");
});

test("Redeliver asks why, sends the reason, and shows the new state", async () => {
  const user = userEvent.setup();
  const api = fakeApi({
    "GET /me": { body: admin },
    "GET /applications/app-1": { body: detail() },
    "POST /applications/app-1/redeliver": {
      body: detail({
        delivery: { state: "pending", attempts: 0, nextAttemptAt: null, lastError: null, deliveredAt: null },
      }),
    },
  });
  renderDesk("/desk/applications/app-1");
  await user.click(await screen.findByRole("button", { name: "Redeliver" }));
  const dialog = await screen.findByRole("dialog", { name: "Send to the CRM again" });
  await user.click(within(dialog).getByRole("button", { name: "Redeliver" }));
  expect(within(dialog).getByText("Give a reason")).toBeVisible();
  expect(api.callsTo("POST /applications/app-1/redeliver")).toHaveLength(0);

  await user.type(within(dialog).getByLabelText("Reason"), "CRM field mapping fixed");
  await user.click(within(dialog).getByRole("button", { name: "Redeliver" }));
  await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  expect(await screen.findByText("Queued for delivery to the CRM again.")).toBeVisible();
  expect(screen.getAllByText("Delivery pending").length).toBeGreaterThan(0);
  expect(api.callsTo("POST /applications/app-1/redeliver")[0].body).toEqual({
    reason: "CRM field mapping fixed",
  });
});

test("a refused action keeps the dialog open with the server's reason", async () => {
  const user = userEvent.setup();
  fakeApi({
    "GET /me": { body: admin },
    "GET /applications/app-1": { body: detail() },
    "POST /applications/app-1/quarantine": { status: 409, body: { error: "It was already delivered" } },
  });
  renderDesk("/desk/applications/app-1");
  await user.click(await screen.findByRole("button", { name: "Quarantine" }));
  const dialog = await screen.findByRole("dialog", { name: "Quarantine this application" });
  await user.type(within(dialog).getByLabelText("Reason"), "Test entry");
  await user.click(within(dialog).getByRole("button", { name: "Quarantine" }));
  expect(await alertSaying(/It was already delivered/)).toBeVisible();
  expect(screen.getByRole("dialog")).toBeVisible();
});

test("a quarantined application offers Release, not Redeliver", async () => {
  const user = userEvent.setup();
  const api = fakeApi({
    "GET /me": { body: admin },
    "GET /applications/app-1": {
      body: detail({ state: "quarantined", quarantineReason: "Honeypot filled", delivery: null }),
    },
    "POST /applications/app-1/release": { body: detail({ state: "received" }) },
  });
  renderDesk("/desk/applications/app-1");
  expect(await screen.findByText("Reason: Honeypot filled")).toBeVisible();
  expect(screen.queryByRole("button", { name: "Redeliver" })).not.toBeInTheDocument();
  await user.click(screen.getByRole("button", { name: "Release from quarantine" }));
  // Releasing sends the application and a receipt, which cannot be called back: it asks first, saying so.
  const dialog = await screen.findByRole("dialog", { name: "Release Acme Robotics from quarantine?" });
  expect(dialog).toHaveTextContent(/sent to the CRM now/);
  expect(dialog).toHaveTextContent(`${sampleApplication.email} gets the receipt e-mail`);
  expect(api.callsTo("POST /applications/app-1/release")).toHaveLength(0);
  await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
  expect(api.callsTo("POST /applications/app-1/release")).toHaveLength(0);

  await user.click(screen.getByRole("button", { name: "Release from quarantine" }));
  await user.click(
    within(await screen.findByRole("dialog")).getByRole("button", { name: "Release and send" }),
  );
  expect(await screen.findByText("Released from quarantine and queued for delivery.")).toBeVisible();
  expect(api.callsTo("POST /applications/app-1/release")).toHaveLength(1);
  expect(screen.getByRole("button", { name: "Redeliver" })).toBeVisible();
});

test("redelivery is the main action only where it makes sense: failed, or waiting after a failed attempt", async () => {
  const user = userEvent.setup();
  const pending = { attempts: 0, nextAttemptAt: null, lastError: null, deliveredAt: null };
  const cases: [ApplicationDetail["delivery"], string | null, boolean][] = [
    [{ ...pending, state: "dead", attempts: 12, lastError: "HTTP 503" }, "Redeliver", true],
    [
      {
        ...pending,
        state: "pending",
        attempts: 1,
        nextAttemptAt: "2099-01-01T00:00:00Z",
        lastError: "HTTP 502",
      },
      "Redeliver now",
      true,
    ],
    [
      { ...pending, state: "delivered", attempts: 1, deliveredAt: "2024-05-01T14:03:02Z" },
      "Send again",
      false,
    ],
    [{ ...pending, state: "pending" }, null, false],
    [{ ...pending, state: "sending", attempts: 1 }, null, false],
  ];
  for (const [delivery, label, primary] of cases) {
    fakeApi({ "GET /me": { body: admin }, "GET /applications/app-1": { body: detail({ delivery }) } });
    const view = renderDesk("/desk/applications/app-1");
    const actions = await screen.findByRole("group", { name: "Actions" });
    const offered = within(actions).queryByRole("button", { name: /^(Redeliver|Send again)/ });
    if (!label) expect(offered, delivery!.state).toBeNull();
    else {
      expect(offered).toHaveTextContent(label);
      expect(offered!.className.includes("bg-primary"), `${label} is the main action`).toBe(primary);
    }
    view.unmount();
  }

  // On a delivered application, sending again asks first and says the CRM already has it.
  fakeApi({
    "GET /me": { body: admin },
    "GET /applications/app-1": { body: detail({ delivery: cases[2][0] }) },
  });
  renderDesk("/desk/applications/app-1");
  await user.click(await screen.findByRole("button", { name: "Send again" }));
  const dialog = await screen.findByRole("dialog", { name: "Send to the CRM again?" });
  expect(dialog).toHaveTextContent(/The CRM already has this application/);
});

test("an application that does not exist says so inside the desk", async () => {
  fakeApi({
    "GET /me": { body: admin },
    "GET /applications/nope": { status: 404, body: { error: "Not Found" } },
  });
  renderDesk("/desk/applications/nope");
  expect(await screen.findByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
  expect(screen.getByRole("link", { name: "Inbox" })).toBeVisible();
});

test("amounts with cents read as entered: the lead's amount and the CRM's funded amount", async () => {
  fakeApi({
    "GET /me": { body: admin },
    "GET /applications/app-1": {
      body: detail({
        application: { ...sampleApplication, fundingAmount: "350000.50" },
        timeline: [
          activity({
            at: "2024-05-02T16:00:00Z",
            activity: "stage",
            stage: "funded",
            amount: "148500.75",
            workStatus: "closed",
            closeReason: "funded",
          }),
        ],
      }),
    },
  });
  renderDesk("/desk/applications/app-1");
  const funding = (await screen.findByRole("heading", { level: 2, name: "Funding Details" })).closest(
    "section",
  )!;
  expect(within(funding).getByText("Funding Amount").nextElementSibling).toHaveTextContent("$350,000.50");
  const timeline = screen.getByRole("heading", { level: 2, name: "Timeline" }).closest("section")!;
  expect(timeline).toHaveTextContent("CRM reported: Funded, $148,500.75");
  expect(document.body).not.toHaveTextContent(/\$350,001|\$148,501/);
});

test("after a STOP reply the consent box marks the consent withdrawn, with when and how", async () => {
  const stop: OptOut = {
    id: "9",
    channel: "sms",
    phone: "+1 212 555 0100",
    email: null,
    receivedVia: "sms-reply",
    note: 'Replied "STOP"',
    recordedBy: null,
    receivedAt: "2024-05-02T13:30:00Z",
    recordedAt: "2024-05-02T13:30:01Z",
    honourBy: "2024-05-16",
    crm: { status: "waiting", attempts: 0, deliveredAt: null, lastError: null },
  };
  // One before the application's consent (2024-05-01) came before it: named apart, not a withdrawal.
  const earlier: OptOut = { ...stop, id: "3", receivedVia: "phone", receivedAt: "2024-04-01T15:00:00Z" };
  fakeApi({
    "GET /me": { body: admin },
    "GET /applications/app-1": { body: detail({ smsOptOuts: [stop, earlier] }) },
  });
  renderDesk("/desk/applications/app-1");
  const consent = (await screen.findByRole("heading", { level: 2, name: "SMS consent" })).closest("section")!;
  expect(consent).toHaveTextContent(
    "Withdrawn May 2, 2024, 9:30 AM EDT (STOP reply to a text). Do not text this number.",
  );
  expect(consent).toHaveTextContent("Opted out before this consent: Apr 1, 2024, 11:00 AM EDT (By phone).");
  expect(within(consent).getByText("I agree to receive text messages.")).toBeVisible();
});

test("without an opt-out the consent box says nothing of a withdrawal", async () => {
  fakeApi({ "GET /me": { body: admin }, "GET /applications/app-1": { body: detail() } });
  renderDesk("/desk/applications/app-1");
  const consent = (await screen.findByRole("heading", { level: 2, name: "SMS consent" })).closest("section")!;
  expect(consent).not.toHaveTextContent(/Withdrawn|Opted out/);
});
