// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { vi } from "vitest";
import type { OptOut } from "#domain/desk/contract";
import { admin, fakeApi } from "../../test/support/desk-pages/fake-api";
import { renderDesk } from "../../test/support/desk-pages/render";

/** An SMS opt-out Sam took on a call, as the server answers it. */
const optOut = (overrides: Partial<OptOut> = {}): OptOut => ({
  id: "17",
  channel: "sms",
  phone: "+1 212 555 0100",
  email: null,
  receivedVia: "phone",
  note: "Asked on a call to stop the texts.",
  recordedBy: { id: "u-staff", name: "Sam Staff" },
  receivedAt: "2025-11-24T15:00:00Z",
  recordedAt: "2025-11-24T15:05:00Z",
  honourBy: "2025-12-08",
  crm: { status: "delivered", attempts: 1, deliveredAt: "2025-11-24T15:05:02Z", lastError: null },
  ...overrides,
});

test("consent look-up: an address looks up by e-mail, anything else by phone, kept in the URL", async () => {
  const user = userEvent.setup();
  const api = fakeApi({
    "GET /me": { body: admin },
    "GET /opt-outs": { body: { items: [] } },
    "GET /consents": ({ query }) => ({
      body: {
        items: query.get("phone")
          ? [
              {
                applicationId: "app-1",
                consentedAt: "2024-05-01T14:03:00Z",
                consentVersion: "sms-consent-2024-01",
                consentSha256: "ab".repeat(32),
                phone: "+1 212 555 0100",
                email: "ada@example.test",
                companyName: "Acme Robotics",
              },
            ]
          : [],
      },
    }),
  });
  const { router } = renderDesk("/desk/consents");
  const field = await screen.findByLabelText("Phone or email");
  await user.type(field, "+1 212 555 0100");
  await user.click(screen.getByRole("button", { name: "Look up" }));
  expect(await screen.findByRole("link", { name: "Acme Robotics" })).toHaveAttribute(
    "href",
    "/desk/applications/app-1",
  );
  expect(router.state.location.search).toBe("?phone=%2B1+212+555+0100");

  await user.clear(screen.getByLabelText("Phone or email"));
  await user.type(screen.getByLabelText("Phone or email"), "nobody@example.test");
  await user.click(screen.getByRole("button", { name: "Look up" }));
  expect(await screen.findByText("No consent record has this email address.")).toBeVisible();
  expect(await screen.findByText("No opt-out is recorded for this email address.")).toBeVisible();
  expect(api.callsTo("GET /consents").at(-1)!.query.get("email")).toBe("nobody@example.test");
  expect(api.callsTo("GET /opt-outs").at(-1)!.query.get("email")).toBe("nobody@example.test");
});

test("shows a number's opt-outs beside its consents: what, how, when, the day to honour it by, the CRM, by whom, the note", async () => {
  const api = fakeApi({
    "GET /me": { body: admin },
    "GET /consents": { body: { items: [] } },
    "GET /opt-outs": { body: { items: [optOut()] } },
  });
  renderDesk(`/desk/consents?phone=${encodeURIComponent("(212) 555-0100")}`);
  const table = await screen.findByRole("table", { name: "Opt-outs for (212) 555-0100" });
  const [header, row] = within(table).getAllByRole("row");
  expect(
    within(header)
      .getAllByRole("columnheader")
      .map((cell) => cell.textContent),
  ).toEqual(["Received", "Opted out of", "How", "Honour by", "CRM", "Recorded by", "Note"]);
  expect(within(row).getByRole("rowheader")).toHaveTextContent("Nov 24, 2025, 10:00 AM EST");
  expect(
    within(row)
      .getAllByRole("cell")
      .map((cell) => cell.textContent),
  ).toEqual([
    "Text messages (SMS)+1 212 555 0100",
    "By phone",
    "Mon, Dec 8, 2025Honoured",
    "With the CRMNov 24, 2025, 10:05 AM EST",
    "Sam StaffNov 24, 2025, 10:05 AM EST",
    "Asked on a call to stop the texts.",
  ]);
  expect(api.callsTo("GET /opt-outs")[0].query.get("phone")).toBe("(212) 555-0100");
});

test("counts down an opt-out's ten business days until the CRM has it, and says when it is overdue or refused", async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.parse("2025-12-03T17:00:00Z") });
  try {
    fakeApi({
      "GET /me": { body: admin },
      "GET /consents": { body: { items: [] } },
      "GET /opt-outs": {
        body: {
          items: [
            optOut({ id: "1", crm: { status: "waiting", attempts: 0, deliveredAt: null, lastError: null } }),
            optOut({
              id: "2",
              honourBy: "2025-12-03",
              crm: { status: "waiting", attempts: 6, deliveredAt: null, lastError: "HTTP 503" },
            }),
            optOut({
              id: "3",
              honourBy: "2025-12-01",
              crm: { status: "refused", attempts: 1, deliveredAt: null, lastError: "HTTP 422" },
            }),
          ],
        },
      },
    });
    renderDesk(`/desk/consents?phone=${encodeURIComponent("(212) 555-0100")}`);
    const table = await screen.findByRole("table", { name: "Opt-outs for (212) 555-0100" });
    const rows = within(table).getAllByRole("row").slice(1);
    const honour = rows.map((row) => within(row).getAllByRole("cell")[2].textContent);
    const crm = rows.map((row) => within(row).getAllByRole("cell")[3].textContent);
    expect(honour).toEqual([
      "Mon, Dec 8, 20255 days left",
      "Wed, Dec 3, 2025Due today",
      "Mon, Dec 1, 2025Overdue by 2 days",
    ]);
    expect(crm).toEqual([
      "Waiting for the CRMNot tried yet",
      "Waiting for the CRM6 attempts: HTTP 503",
      "Refused by the CRM1 attempt: HTTP 422",
    ]);
  } finally {
    vi.useRealTimers();
  }
});

test("records an opt-out: the looked-up number filled in, errors by their fields, then a success message and the new row", async () => {
  const user = userEvent.setup();
  let stored: OptOut[] = [];
  const api = fakeApi({
    "GET /me": { body: admin },
    "GET /consents": { body: { items: [] } },
    "GET /opt-outs": () => ({ body: { items: stored } }),
    "POST /opt-outs": ({ body }) => {
      const input = body as { phone?: string; note?: string };
      if (input.phone === "555 0100") {
        return {
          status: 400,
          body: {
            error: "Enter the whole number with its area code: at least 10 digits",
            errors: { phone: "Enter the whole number with its area code: at least 10 digits" },
          },
        };
      }
      stored = [optOut({ note: input.note ?? null })];
      return { status: 201, body: stored[0] };
    },
  });
  renderDesk(`/desk/consents?phone=${encodeURIComponent("+1 212 555 0100")}`);
  const form = await screen.findByRole("form", { name: "Record an opt-out" });
  const phone = within(form).getByLabelText("Phone number");
  expect(phone).toHaveValue("+1 212 555 0100");
  expect(within(form).getByLabelText("Opted out of")).toHaveValue("sms");
  expect(within(form).getByLabelText("How it reached you")).toHaveValue("phone");

  // Nothing to record without a number: said by the field, nothing sent.
  await user.clear(phone);
  await user.click(within(form).getByRole("button", { name: "Record opt-out" }));
  expect(phone).toHaveAccessibleDescription(expect.stringContaining("Enter the phone number"));
  expect(api.callsTo("POST /opt-outs")).toHaveLength(0);

  // The server's refusal, by its field.
  await user.type(phone, "555 0100");
  await user.click(within(form).getByRole("button", { name: "Record opt-out" }));
  expect(await within(form).findByText(/at least 10 digits/)).toBeVisible();
  expect(phone).toHaveAttribute("aria-invalid", "true");

  await user.clear(phone);
  await user.type(phone, "+1 212 555 0100");
  await user.type(within(form).getByLabelText("Received (optional)"), "2025-11-24T10:00");
  await user.type(within(form).getByLabelText("Note (optional)"), "Asked on a call to stop the texts.");
  await user.click(within(form).getByRole("button", { name: "Record opt-out" }));

  expect(
    await screen.findByText(
      "Opt-out recorded: text messages to +1 212 555 0100 must stop by Mon, Dec 8, 2025.",
    ),
  ).toBeVisible();
  expect(api.callsTo("POST /opt-outs").at(-1)!.body).toEqual({
    channel: "sms",
    phone: "+1 212 555 0100",
    receivedVia: "phone",
    receivedAt: "2025-11-24T10:00",
    note: "Asked on a call to stop the texts.",
  });
  const table = await screen.findByRole("table", { name: "Opt-outs for +1 212 555 0100" });
  expect(within(table).getByText("Asked on a call to stop the texts.")).toBeVisible();
});

test("records an e-mail opt-out from an address looked up", async () => {
  const user = userEvent.setup();
  const api = fakeApi({
    "GET /me": { body: admin },
    "GET /consents": { body: { items: [] } },
    "GET /opt-outs": { body: { items: [] } },
    "POST /opt-outs": {
      status: 201,
      body: optOut({
        channel: "email",
        phone: null,
        email: "ada@example.test",
        receivedVia: "email",
        note: null,
      }),
    },
  });
  renderDesk("/desk/consents?email=Ada%40example.test");
  const form = await screen.findByRole("form", { name: "Record an opt-out" });
  expect(within(form).getByLabelText("Opted out of")).toHaveValue("email");
  expect(within(form).getByLabelText("Email address")).toHaveValue("Ada@example.test");
  await user.click(within(form).getByRole("button", { name: "Record opt-out" }));
  expect(await screen.findByText(/Opt-out recorded: e-mail to ada@example.test must stop by/)).toBeVisible();
  expect(api.callsTo("POST /opt-outs")[0].body).toEqual({
    channel: "email",
    email: "Ada@example.test",
    receivedVia: "email",
  });
});
