// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import type { ClaimItem, ClaimsOverview } from "#domain/desk/contract";
import { fakeApi, staffer } from "../../test/support/desk-pages/fake-api";
import { renderDesk } from "../../test/support/desk-pages/render";

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
  fallback: "Growing companies across many industries have funded with us",
  status: "supported",
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
    claim({ id: "capital-deployed", wording: "$50M+ capital deployed", status: "unsupported", evidence: [] }),
  ],
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
  expect(row).toHaveTextContent("Head of Marketing");
  expect(row).toHaveTextContent("Approver: Compliance Officer");
  expect(row).toHaveTextContent("Tue, Jun 1, 2027");
  expect(within(row).getByText("Closed-deal register from the CRM").tagName).toBe("LI");
  expect(within(row).getByRole("link", { name: "/products/revenue-based-financing" })).toHaveAttribute(
    "href",
    "/products/revenue-based-financing",
  );
  expect(row).toHaveTextContent("Clients rate us highly");

  const unsupported = within(screen.getByRole("table", { name: "Unsupported claims" })).getAllByRole(
    "row",
  )[1];
  expect(unsupported).toHaveTextContent("$50M+ capital deployed");
  expect(unsupported).toHaveTextContent("None");
  const due = within(screen.getByRole("table", { name: "Due for review claims" })).getAllByRole("row")[1];
  expect(due).toHaveTextContent("Due for review");
  expect(due).toHaveTextContent("No page");
  const supported = within(screen.getByRole("table", { name: "Supported claims" })).getAllByRole("row")[1];
  expect(
    within(supported)
      .getAllByRole("link")
      .map((link) => link.getAttribute("href")),
  ).toEqual(["/", "/faq"]);
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
  expect(within(row).queryByRole("link")).not.toBeInTheDocument();
});
