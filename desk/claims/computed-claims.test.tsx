// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import type { ClaimsOverview, ComputedClaimItem, ComputedClaimsOverview } from "#domain/desk/contract";
import { fakeApi, staffer } from "../../test/support/desk-pages/fake-api";
import { renderDesk } from "../../test/support/desk-pages/render";

const claims: ClaimsOverview = {
  today: "2026-12-07",
  built: true,
  claims: [],
  roles: [],
  people: [],
  yourRoles: [],
};

const figure = (overrides: Partial<ComputedClaimItem>): ComputedClaimItem => ({
  figure: "decision-within-window",
  title: "Complete applications decided within the decision window",
  claim: { id: "decision-time", wording: "Funding decision within 48 hours" },
  meaning: {
    numerator: "Complete applications decided by their deadline",
    denominator: "Complete applications whose decision is known",
    population: "Applications whose documents are complete",
    period: "Documents complete in the last 90 days",
  },
  periodDays: 90,
  minimumN: 30,
  rule: 'Backs "decision within 48 hours" while at least 95% of complete applications are decided by their deadline',
  snapshot: {
    value: 0.71,
    n: 214,
    median: null,
    periodStart: "2026-09-08T12:00:00.000Z",
    periodEnd: "2026-12-07T12:00:00.000Z",
    verdict: "does-not-support",
    computedAt: "2026-12-07T12:00:00.000Z",
  },
  sentence: "71% of complete applications decided within 48 hours (last 90 days, N = 214)",
  ...overrides,
});

const computed: ComputedClaimsOverview = {
  everyMs: 3_600_000,
  figures: [
    figure({}),
    figure({
      figure: "review-within-window",
      title: "Applications reviewed within the review window",
      claim: { id: "review-time", wording: "Application review within 24 hours" },
      snapshot: { ...figure({}).snapshot!, value: 0.25, n: 8, verdict: "too-little-data" },
      sentence: "Too little data: N = 8, at least 30 needed",
    }),
    figure({
      figure: "average-rating",
      claim: { id: "average-rating", wording: "4.9/5" },
      snapshot: null,
      sentence: null,
    }),
  ],
  ratings: [
    {
      source: "Rating request sent to each funded client",
      count: 212,
      average: 4.8632,
      from: "2025-01-03",
      to: "2026-11-30",
    },
  ],
};

test("shows each computed figure beside the site's wording, whether it backs the claim, its rule, and the ratings held", async () => {
  fakeApi({
    "GET /me": { body: staffer },
    "GET /claims": { body: claims },
    "GET /claims/computed": { body: computed },
  });
  renderDesk("/desk/claims");
  const table = await screen.findByRole("table", { name: "Computed claims" });
  expect(screen.getByRole("heading", { level: 2, name: "Computed from our records" })).toBeVisible();
  expect(screen.getByText(/counted again every hour/)).toBeVisible();
  const [, decision, review, rating] = within(table).getAllByRole("row");
  expect(within(decision).getByRole("rowheader")).toHaveTextContent("Funding decision within 48 hours");
  expect(decision).toHaveTextContent(
    "71% of complete applications decided within 48 hours (last 90 days, N = 214)",
  );
  expect(decision).toHaveTextContent("Does not back the claim");
  expect(decision).toHaveTextContent("at least 95% of complete applications");
  expect(decision).toHaveTextContent("Least N: 30");
  expect(review).toHaveTextContent("Too little data: N = 8, at least 30 needed");
  expect(within(review).getByText("Too little data")).toBeVisible();
  expect(rating).toHaveTextContent("Not computed yet");
  expect(rating).toHaveTextContent("Never");

  const ratings = screen.getByRole("table", { name: "Ratings held" });
  const row = within(ratings).getAllByRole("row")[1];
  expect(row).toHaveTextContent("Rating request sent to each funded client");
  expect(row).toHaveTextContent("212");
  expect(row).toHaveTextContent("4.86");
  expect(row).toHaveTextContent("Fri, Jan 3, 2025 to Mon, Nov 30, 2026");
});

test("says so when no rating is held, and when the figures cannot be loaded", async () => {
  fakeApi({
    "GET /me": { body: staffer },
    "GET /claims": { body: claims },
    "GET /claims/computed": { body: { ...computed, ratings: [] } },
  });
  renderDesk("/desk/claims");
  expect(await screen.findByText(/No ratings held yet/)).toBeVisible();
});

test("shows the error when the figures cannot be loaded, and the rest of the page still", async () => {
  fakeApi({
    "GET /me": { body: staffer },
    "GET /claims": { body: claims },
    "GET /claims/computed": { status: 500, body: { error: "The server could not do that." } },
  });
  renderDesk("/desk/claims");
  expect(await screen.findByText("The server could not do that.")).toBeVisible();
  expect(screen.getByRole("heading", { level: 1, name: "Claims" })).toBeVisible();
});
