// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AssignmentRule, StaffMember } from "#domain/desk/contract";
import { admin, fakeApi, staffer } from "../../test/support/desk-pages/fake-api";
import { staffMember } from "../../test/support/desk-pages/list-items";
import { renderDesk } from "../../test/support/desk-pages/render";

const member = staffMember;

const sbaRule: AssignmentRule = {
  id: "r1",
  fundingType: "sba-loan",
  minAmount: null,
  maxAmount: null,
  group: "SBA desk",
};
const largeRule: AssignmentRule = {
  id: "r2",
  fundingType: null,
  minAmount: 1000000,
  maxAmount: null,
  group: "Large deals",
};

function staffApi(rules: AssignmentRule[], put?: (items: unknown[]) => { status?: number; body: unknown }) {
  let sam = member({ ...staffer, onDuty: true, groups: ["SBA desk"] });
  let saved = rules;
  return fakeApi({
    "GET /me": { body: admin },
    "GET /staff": () => ({ body: { items: [member({ ...admin, role: "admin", onDuty: false }), sam] } }),
    "GET /staff/invitations": { body: { items: [] } },
    "GET /assignment-rules": () => ({ body: { items: saved } }),
    [`PATCH /staff/${staffer.id}/duty`]: ({ body }) => {
      sam = { ...sam, ...(body as Partial<StaffMember>) };
      return { body: sam };
    },
    "PUT /assignment-rules": ({ body }) => {
      const items = (body as { items: Omit<AssignmentRule, "id">[] }).items;
      const answer = put?.(items);
      if (answer) return answer;
      saved = items.map((rule, index) => ({ id: `n${index}`, ...rule }));
      return { body: { items: saved } };
    },
  });
}

const card = (name: string) =>
  screen.getByRole("heading", { level: 3, name: new RegExp(name) }).closest("li")!;
const rule = (n: number) =>
  within(screen.getByRole("list", { name: "Routing rules" })).getByRole("listitem", { name: `Rule ${n}` });

test("an admin sees who is on duty and in which groups, and changes both", async () => {
  const user = userEvent.setup();
  const api = staffApi([]);
  renderDesk("/desk/staff");
  await screen.findByRole("heading", { level: 1, name: "Staff" });
  expect(screen.getByText("2 accounts, 1 on duty")).toBeVisible();
  const sam = card("Sam Staff");
  expect(within(sam).getByText("On duty", { selector: "[data-slot=badge]" })).toBeVisible();
  expect(
    within(within(sam).getByRole("list", { name: "Routing groups" })).getByText("SBA desk"),
  ).toBeVisible();

  await user.click(
    within(sam).getByRole("button", { name: "Change the duty and routing groups of Sam Staff" }),
  );
  await user.click(within(sam).getByRole("checkbox", { name: "On duty: takes new applications" }));
  const groups = within(sam).getByLabelText("Routing groups");
  await user.clear(groups);
  await user.type(groups, " Large deals, SBA desk ,, Large deals");
  await user.click(within(sam).getByRole("button", { name: "Save" }));

  expect(
    await within(card("Sam Staff")).findByText("Sam Staff: off duty, in Large deals, SBA desk."),
  ).toBeVisible();
  expect(api.callsTo(`PATCH /staff/${staffer.id}/duty`).map((call) => call.body)).toEqual([
    { onDuty: false, groups: ["Large deals", "SBA desk"] },
  ]);
  await waitFor(() => expect(screen.getByText("2 accounts, 0 on duty")).toBeVisible());
});

test("an admin adds, reorders and removes routing rules, then saves the list in its order", async () => {
  const user = userEvent.setup();
  const api = staffApi([sbaRule, largeRule]);
  renderDesk("/desk/staff");
  expect(await screen.findByRole("heading", { level: 2, name: "Routing rules" })).toBeVisible();
  expect(within(rule(1)).getByLabelText("Funding type")).toHaveValue("sba-loan");
  expect(within(rule(2)).getByLabelText("From (USD)")).toHaveValue("1000000");
  expect(screen.getByRole("button", { name: "Save rules" })).toBeDisabled();

  await user.click(screen.getByRole("button", { name: "Add a rule" }));
  await user.selectOptions(within(rule(3)).getByLabelText("Funding type"), "Real Estate Financing");
  await user.type(within(rule(3)).getByLabelText("To (USD)"), "$2,500,000");
  await user.type(within(rule(3)).getByLabelText("Group"), "Property");
  expect(
    within(rule(3)).getByText("Nobody is in this group yet: these go to everyone on duty."),
  ).toBeVisible();
  await user.click(screen.getByRole("button", { name: "Move rule 3 up" }));
  await user.click(screen.getByRole("button", { name: "Remove rule 1" }));
  await user.click(screen.getByRole("button", { name: "Save rules" }));

  expect(await screen.findByText("Routing rules saved (2).")).toBeVisible();
  expect(api.callsTo("PUT /assignment-rules")[0].body).toEqual({
    items: [
      { fundingType: "real-estate", minAmount: null, maxAmount: 2500000, group: "Property" },
      { fundingType: null, minAmount: 1000000, maxAmount: null, group: "Large deals" },
    ],
  });
  expect(screen.getByRole("button", { name: "Save rules" })).toBeDisabled();
});

test("what the server refuses is shown at the rule and field it names; an amount that is not one is caught first", async () => {
  const user = userEvent.setup();
  const api = staffApi([sbaRule], () => ({
    status: 400,
    body: {
      error: "Rule 2: maxAmount must not be below minAmount",
      errors: { "items.1.maxAmount": "maxAmount must not be below minAmount" },
    },
  }));
  renderDesk("/desk/staff");
  await screen.findByRole("heading", { level: 2, name: "Routing rules" });
  await user.click(screen.getByRole("button", { name: "Add a rule" }));
  await user.type(within(rule(2)).getByLabelText("From (USD)"), "lots");
  await user.type(within(rule(2)).getByLabelText("Group"), "Large deals");
  await user.click(screen.getByRole("button", { name: "Save rules" }));
  expect(within(rule(2)).getByText("Enter an amount in USD, such as 250000")).toBeVisible();
  expect(api.callsTo("PUT /assignment-rules")).toHaveLength(0);

  const from = within(rule(2)).getByLabelText("From (USD)");
  await user.clear(from);
  await user.type(from, "5000000");
  await user.type(within(rule(2)).getByLabelText("To (USD)"), "1000");
  await user.click(screen.getByRole("button", { name: "Save rules" }));
  expect(await screen.findByText("Rule 2: maxAmount must not be below minAmount")).toBeVisible();
  expect(within(rule(2)).getByLabelText("To (USD)")).toHaveAttribute("aria-invalid", "true");
  expect(within(rule(1)).getByLabelText("To (USD)")).not.toHaveAttribute("aria-invalid");
});
