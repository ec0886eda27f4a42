// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import type { ClaimEvidenceFile, ClaimItem, ClaimsOverview } from "#domain/desk/contract";
import userEvent from "@testing-library/user-event";
import { admin, fakeApi, staffer } from "../../test/support/desk-pages/fake-api";
import { renderDesk } from "../../test/support/desk-pages/render";

const file = (overrides: Partial<ClaimEvidenceFile>): ClaimEvidenceFile => ({
  id: "0b7f3c52-1111-4a2b-9c3d-000000000001",
  label: "CRM closed-deal export, Dec 2026",
  mediaType: "application/pdf",
  size: 120_000,
  addedBy: "Mara Marketing",
  addedAt: "2026-12-07T15:00:00Z",
  withdrawnAt: null,
  withdrawnBy: null,
  withdrawnReason: null,
  ...overrides,
});

const claim = (overrides: Partial<ClaimItem>): ClaimItem => ({
  id: "businesses-funded",
  wording: "200+ businesses funded",
  figure: "200+",
  meaning: {
    numerator: "Businesses funded",
    denominator: "None",
    population: "Clients",
    period: "Since founding",
  },
  kind: "static",
  evidence: [{ description: "Closed-deal register from the CRM" }],
  owner: "Head of Marketing",
  approver: "Compliance Officer",
  reviewBy: "2027-06-30",
  registerReviewBy: "2027-06-30",
  fallback: "Growing companies across many industries have funded with us",
  status: "supported",
  files: [file({})],
  history: [],
  pages: ["/", "/faq"],
  ...overrides,
});

const overview = (overrides: Partial<ClaimsOverview> = {}): ClaimsOverview => ({
  today: "2027-06-10",
  built: true,
  claims: [
    claim({}),
    claim({ id: "decision-time", wording: "Funding decision within 48 hours", status: "due", pages: [] }),
    claim({
      id: "client-rating",
      wording: "Rated 4.9/5 by clients",
      status: "lapsed",
      reviewBy: "2027-06-01",
      fallback: "Clients rate us highly",
      pages: ["/products/revenue-based-financing"],
    }),
    claim({ id: "capital-deployed", wording: "$50M+ capital deployed", status: "unsupported", files: [] }),
  ],
  roles: [
    {
      role: "Compliance Officer",
      holder: { id: "u-cora", name: "Cora Compliance", email: "cora@harborline.test", active: true },
    },
    {
      role: "Head of Marketing",
      holder: { id: "u-mara", name: "Mara Marketing", email: "mara@harborline.test", active: true },
    },
  ],
  people: [
    { id: "u-cora", name: "Cora Compliance", email: "cora@harborline.test" },
    { id: "u-mara", name: "Mara Marketing", email: "mara@harborline.test" },
    { id: "u-staff", name: "Sam Staff", email: "sam@harborline.test" },
  ],
  yourRoles: [],
  ...overrides,
});

const groupHeadings = () =>
  screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);

test("groups the claims by status, the loud ones first, each with its wording, people, evidence, pages and fallback", async () => {
  fakeApi({ "GET /me": { body: staffer }, "GET /claims": { body: overview() } });
  renderDesk("/desk/claims");
  expect(await screen.findByRole("heading", { level: 1, name: "Claims" })).toBeVisible();
  expect(screen.getByText(/its status on Thu, Jun 10, 2027/)).toBeVisible();
  expect(screen.getByRole("link", { name: "Claims" })).toHaveAttribute("href", "/desk/claims");
  expect(groupHeadings()).toEqual([
    "Lapsed (1)",
    "Unsupported (1)",
    "Due for review (1)",
    "Supported (1)",
    "Computed from our records",
    "Owners and approvers",
  ]);

  const lapsed = screen.getByRole("table", { name: "Lapsed claims" });
  const [header, row] = within(lapsed).getAllByRole("row");
  expect(
    within(header)
      .getAllByRole("columnheader")
      .map((cell) => cell.textContent),
  ).toEqual([
    "Claim",
    "Status",
    "Owner / approver",
    "Review by",
    "Evidence",
    "Appears on",
    "Fallback wording",
  ]);
  expect(within(row).getByRole("rowheader")).toHaveTextContent("Rated 4.9/5 by clients");
  expect(row).toHaveTextContent("Lapsed");
  expect(row).toHaveTextContent("Head of MarketingMara Marketing");
  expect(row).toHaveTextContent("Approver: Compliance Officer");
  expect(row).toHaveTextContent("Tue, Jun 1, 2027");
  expect(row).toHaveTextContent("1 file filed");
  expect(within(row).getByRole("link", { name: "Rated 4.9/5 by clients" })).toHaveAttribute(
    "href",
    "/desk/claims/client-rating",
  );
  expect(within(row).getByRole("link", { name: "/products/revenue-based-financing" })).toHaveAttribute(
    "href",
    "/products/revenue-based-financing",
  );
  expect(row).toHaveTextContent("Clients rate us highly");

  const unsupported = within(screen.getByRole("table", { name: "Unsupported claims" })).getAllByRole(
    "row",
  )[1];
  expect(unsupported).toHaveTextContent("$50M+ capital deployed");
  expect(unsupported).toHaveTextContent("None filed");
  const due = within(screen.getByRole("table", { name: "Due for review claims" })).getAllByRole("row")[1];
  expect(due).toHaveTextContent("Due for review");
  expect(due).toHaveTextContent("No page");
  const supported = within(screen.getByRole("table", { name: "Supported claims" })).getAllByRole("row")[1];
  expect(
    within(supported)
      .getAllByRole("link")
      .map((link) => link.getAttribute("href")),
  ).toEqual(["/desk/claims/businesses-funded", "/", "/faq"]);
  expect(screen.queryByText("Not built yet")).not.toBeInTheDocument();
});

test("says when no group has a claim, and that the pages are not known before a build", async () => {
  const claims = [claim({ pages: null })];
  fakeApi({ "GET /me": { body: staffer }, "GET /claims": { body: overview({ built: false, claims }) } });
  renderDesk("/desk/claims");
  expect(await screen.findByText("No lapsed claims.")).toBeVisible();
  expect(screen.getByText("No unsupported claims.")).toBeVisible();
  expect(screen.getByText("No due for review claims.")).toBeVisible();
  expect(screen.getAllByText("Not built yet")).toHaveLength(2);
  const row = within(screen.getByRole("table", { name: "Supported claims" })).getAllByRole("row")[1];
  expect(row).toHaveTextContent("Not built yet");
  expect(within(row).getAllByRole("link")).toHaveLength(1);
});

test("says which owner roles nobody holds, so nobody is e-mailed; an admin gives a role", async () => {
  const body = overview({
    roles: [
      { role: "Compliance Officer", holder: null },
      { role: "Head of Marketing", holder: null },
    ],
  });
  const api = fakeApi({
    "GET /me": { body: admin },
    "GET /claims": { body },
    "PUT /claims/roles/Head%20of%20Marketing": { body: {} },
  });
  renderDesk("/desk/claims");
  // Only the owner role counts: the approver's holder is not e-mailed.
  expect(await screen.findByText("4 claims with no owner to tell")).toBeVisible();
  expect(screen.getByText(/Nobody holds Head of Marketing: nobody is e-mailed/)).toBeVisible();
  await userEvent.selectOptions(screen.getByLabelText("Who holds Head of Marketing"), "u-mara");
  await userEvent.click(
    within(screen.getByLabelText("Who holds Head of Marketing").closest("form")!).getByRole("button", {
      name: "Save",
    }),
  );
  expect(api.callsTo("PUT /claims/roles/Head%20of%20Marketing")[0].body).toEqual({ userId: "u-mara" });
});

test("a staff member who holds no role sees who does, without the admin's controls", async () => {
  fakeApi({ "GET /me": { body: staffer }, "GET /claims": { body: overview() } });
  renderDesk("/desk/claims");
  expect(await screen.findByRole("heading", { name: "Owners and approvers" })).toBeVisible();
  expect(screen.queryByLabelText("Who holds Head of Marketing")).not.toBeInTheDocument();
  expect(screen.queryByText(/with no owner to tell/)).not.toBeInTheDocument();
});

test("a claim's page: the owner attaches, withdraws and records a review; withdrawn evidence stays listed with its download", async () => {
  const withdrawn = file({
    id: "0b7f3c52-1111-4a2b-9c3d-000000000002",
    label: "Old ledger total",
    withdrawnAt: "2026-12-08T15:00:00Z",
    withdrawnBy: "Ada Admin",
    withdrawnReason: "Superseded by the June export",
  });
  const body = overview({
    today: "2026-12-10",
    yourRoles: ["Head of Marketing"],
    claims: [
      claim({
        files: [file({}), withdrawn],
        history: [
          {
            at: "2026-12-08T15:00:00Z",
            actor: "Ada Admin",
            action: "claim-evidence.withdrawn",
            summary: "withdrew evidence “Old ledger total”: reason “Superseded by the June export”",
          },
        ],
      }),
    ],
  });
  const api = fakeApi({
    "GET /me": { body: staffer },
    "GET /claims": { body },
    "POST /claims/businesses-funded/evidence": { status: 201, body: {} },
    "POST /claims/businesses-funded/reviews": { status: 201, body: {} },
    [`POST /claims/businesses-funded/evidence/${file({}).id}/withdraw`]: { body: {} },
  });
  renderDesk("/desk/claims/businesses-funded");
  expect(await screen.findByRole("heading", { level: 1, name: "200+ businesses funded" })).toBeVisible();
  expect(screen.getByRole("heading", { name: "Evidence (1 filed, 1 withdrawn)" })).toBeVisible();
  expect(screen.getByRole("link", { name: "Download Old ledger total" })).toHaveAttribute(
    "href",
    `/api/desk/claims/businesses-funded/evidence/${withdrawn.id}/download`,
  );
  const evidence = screen
    .getByRole("heading", { name: "Evidence (1 filed, 1 withdrawn)" })
    .closest("section")!;
  expect(within(evidence).getByText(/Superseded by the June export/)).toHaveTextContent(
    /Withdrawn by Ada Admin, .*: “Superseded by the June export”/,
  );
  expect(screen.getByText(/withdrew evidence “Old ledger total”/)).toBeVisible();

  // Attach: a label and a file.
  await userEvent.type(screen.getByLabelText("What the file is"), "Servicing ledger, Dec 2026");
  await userEvent.upload(
    screen.getByLabelText("Evidence file"),
    new File(["%PDF-1.7"], "ledger.pdf", { type: "application/pdf" }),
  );
  await userEvent.click(screen.getByRole("button", { name: "Attach evidence" }));
  expect(api.callsTo("POST /claims/businesses-funded/evidence")).toHaveLength(1);

  // A review day not after today is refused before it is sent.
  await userEvent.type(screen.getByLabelText("Next review by"), "2026-12-10");
  await userEvent.type(screen.getByLabelText("What you checked"), "Checked the CRM");
  await userEvent.click(screen.getByRole("button", { name: "Record review" }));
  expect(await screen.findByText("The next review day must be after today")).toBeVisible();
  await userEvent.clear(screen.getByLabelText("Next review by"));
  await userEvent.type(screen.getByLabelText("Next review by"), "2027-12-31");
  await userEvent.click(screen.getByRole("button", { name: "Record review" }));
  expect(api.callsTo("POST /claims/businesses-funded/reviews")[0].body).toEqual({
    reviewBy: "2027-12-31",
    note: "Checked the CRM",
  });

  await userEvent.click(screen.getByRole("button", { name: "Withdraw" }));
  await userEvent.type(screen.getByLabelText("Reason"), "Wrong month");
  await userEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Withdraw" }));
  expect(api.callsTo(`POST /claims/businesses-funded/evidence/${file({}).id}/withdraw`)[0].body).toEqual({
    reason: "Wrong month",
  });
});

test("a claim's page for staff who do not own it: evidence to download, no changes", async () => {
  fakeApi({ "GET /me": { body: staffer }, "GET /claims": { body: overview() } });
  renderDesk("/desk/claims/businesses-funded");
  expect(
    await screen.findByRole("link", { name: "Download CRM closed-deal export, Dec 2026" }),
  ).toBeVisible();
  expect(screen.queryByRole("button", { name: "Withdraw" })).not.toBeInTheDocument();
  expect(screen.queryByRole("form", { name: "Attach evidence" })).not.toBeInTheDocument();
  expect(screen.queryByRole("heading", { name: "Record a review" })).not.toBeInTheDocument();
});
