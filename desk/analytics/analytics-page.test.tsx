// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { FUNNEL_STEPS, INTENTS, OUTCOMES } from "#domain/analytics/events";
import type { AnalyticsReport, WorkMetrics } from "#domain/desk/contract";
import { fakeApi, staffer } from "../../test/support/desk-pages/fake-api";
import { renderDesk } from "../../test/support/desk-pages/render";

const visitorsAt = [40, 30, 20, 15, 12, 10, 9];

const report: AnalyticsReport = {
  from: "2026-03-01",
  to: "2026-03-02",
  source: null,
  campaign: null,
  totals: { visitors: 40, pageviews: 120 },
  daily: [
    { day: "2026-03-01", visitors: 25, pageviews: 70 },
    { day: "2026-03-02", visitors: 15, pageviews: 50 },
  ],
  topPages: [{ path: "/", pageviews: 90 }],
  topSources: [{ source: "newsletter", visitors: 30 }],
  funnel: FUNNEL_STEPS.map(({ id, label }, index) => ({
    step: id,
    label,
    visitors: visitorsAt[index],
    dropOff: index === 0 ? null : visitorsAt[index - 1] - visitorsAt[index],
  })),
  outcomes: OUTCOMES.map(({ id, label }) => ({ id, label, count: id === "application_accepted" ? 10 : 1 })),
  intents: INTENTS.map(({ id, label }) => ({ id, label, count: 2 })),
  fieldErrors: [
    { side: "browser", field: "email", code: "invalid_format", count: 7 },
    { side: "server", field: "email", code: "invalid_format", count: 1 },
    { side: "browser", field: "phone", code: "too_small", count: 3 },
  ],
  bySource: [
    {
      source: "newsletter",
      visitors: 30,
      started: 25,
      submitted: 10,
      accepted: 9,
      delivered: 8,
      conversion: 0.3,
    },
  ],
  devices: [{ device: "mobile", visitors: 28 }],
};

const HOUR = 3_600_000;
const windowFigures = (
  applications: number,
  touched: number,
  withinWindow: number,
  late: number,
  medianHours: number | null,
) => ({
  applications,
  touched,
  withinWindow,
  late,
  medianFirstTouchMs: medianHours === null ? null : medianHours * HOUR,
});

const metrics: WorkMetrics = {
  from: "2026-03-01",
  to: "2026-03-02",
  timeZone: "America/New_York",
  totals: windowFigures(6, 4, 3, 2, 2.5),
  byOwner: [
    {
      ...windowFigures(2, 2, 1, 1, 15.5),
      owner: { id: "u-dana", name: "Dana Reyes", email: "dana@harborline.test" },
    },
    {
      ...windowFigures(2, 2, 2, 0, 2.5),
      owner: { id: "u-sam", name: "Sam Okafor", email: "sam@harborline.test" },
    },
    { ...windowFigures(2, 0, 0, 1, null), owner: null },
  ],
  byProduct: [
    { ...windowFigures(2, 2, 1, 1, 15.5), fundingType: "revenue-based", label: "Revenue-Based Financing" },
    { ...windowFigures(4, 2, 2, 1, 3), fundingType: "sba-loan", label: "SBA Loan" },
  ],
  byWeek: [
    { ...windowFigures(3, 3, 2, 1, 2), week: "2026-02-23" },
    { ...windowFigures(3, 1, 1, 1, 3), week: "2026-03-02" },
  ],
  funnel: [
    { step: "received", label: "Received", applications: 6, dropOff: null },
    { step: "delivered", label: "Delivered to the CRM", applications: 3, dropOff: 3 },
    { step: "contacted", label: "Contacted", applications: 4, dropOff: null },
    { step: "qualified", label: "Qualified", applications: 3, dropOff: 1 },
    { step: "funded", label: "Funded", applications: 1, dropOff: 2 },
  ],
  fundedAmount: "250000",
};

/** The speed-to-lead figures, for whatever range is asked. */
const workMetrics = { "GET /work-metrics": { body: metrics } };

function analyticsApi() {
  return fakeApi({ "GET /me": { body: staffer }, "GET /analytics": { body: report }, ...workMetrics });
}

test("staff find Analytics in the menu and read each chart's numbers as a table", async () => {
  analyticsApi();
  renderDesk("/desk/analytics");
  // The page's code (most of it the charts) loads with it: the first time may take a while on a busy machine.
  expect(
    await screen.findByRole("heading", { level: 1, name: "Analytics" }, { timeout: 15_000 }),
  ).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Analytics" })).toHaveAttribute("href", "/desk/analytics");

  const figure = (label: string) => screen.getByText(label, { selector: "dt" }).nextElementSibling;
  expect(figure("Visitors")).toHaveTextContent("40");
  expect(figure("Page views")).toHaveTextContent("120");
  expect(figure("Applications accepted")).toHaveTextContent("10");
  expect(figure("Accepted through the form")).toHaveTextContent("10");

  const funnel = screen.getByRole("table", { name: "Application funnel: visitors at each step" });
  const rows = within(funnel).getAllByRole("row").slice(1);
  expect(
    rows.map((row) =>
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ),
  ).toEqual([
    ["40", "", "100%"],
    ["30", "10", "75%"],
    ["20", "10", "50%"],
    ["15", "5", "37.5%"],
    ["12", "3", "30%"],
    ["10", "2", "25%"],
    ["9", "1", "22.5%"],
  ]);
  expect(within(rows[6]).getByRole("rowheader")).toHaveTextContent("Delivered to the CRM");

  const errors = screen.getByRole("table", { name: "Validation errors by field and rule" });
  // Under the form's own labels, the rule in words.
  expect(within(errors).getAllByRole("row")[1]).toHaveTextContent(/^Email AddressNot in the right format71$/);

  const sources = screen.getByRole("table", { name: "Conversion by source" });
  expect(within(sources).getAllByRole("row")[1]).toHaveTextContent("30%");
});

test("the range and filters travel in the URL to the server as they are", async () => {
  const api = analyticsApi();
  const user = userEvent.setup();
  const { router } = renderDesk("/desk/analytics?from=2026-03-01&to=2026-03-02");
  await screen.findByRole("heading", { level: 1, name: "Analytics" });
  expect(Object.fromEntries(api.callsTo("GET /analytics")[0].query)).toEqual({
    from: "2026-03-01",
    to: "2026-03-02",
  });

  await user.type(screen.getByRole("textbox", { name: "Campaign" }), "spring");
  await user.click(screen.getByRole("button", { name: "Show" }));
  await vi.waitFor(() => expect(api.callsTo("GET /analytics")).toHaveLength(2));
  expect(Object.fromEntries(api.callsTo("GET /analytics")[1].query)).toEqual({
    from: "2026-03-01",
    to: "2026-03-02",
    campaign: "spring",
  });
  expect(router.state.location.search).toBe("?from=2026-03-01&to=2026-03-02&campaign=spring");
});

test("quick ranges end today and keep the campaign; the campaign can be dropped again", async () => {
  vi.useFakeTimers({ now: new Date("2026-03-10T15:00:00Z"), toFake: ["Date"] });
  try {
    // The server echoes the campaign it narrowed to and the range it counted (by default the last 30 days).
    const api = fakeApi({
      "GET /me": { body: staffer },
      ...workMetrics,
      "GET /analytics": (call) => ({
        body: {
          ...report,
          campaign: call.query.get("campaign"),
          from: call.query.get("from") ?? "2026-02-09",
          to: call.query.get("to") ?? "2026-03-10",
        },
      }),
    });
    const user = userEvent.setup();
    const { router } = renderDesk("/desk/analytics?campaign=spring");
    await screen.findByRole("heading", { level: 1, name: "Analytics" });
    const ranges = screen.getByRole("navigation", { name: "Quick ranges" });
    // No range in the URL: the server's default, the last 30 days.
    expect(within(ranges).getByRole("link", { name: "Last 30 days" })).toHaveAttribute(
      "aria-current",
      "true",
    );

    await user.click(within(ranges).getByRole("link", { name: "Last 7 days" }));
    await vi.waitFor(() => expect(api.callsTo("GET /analytics")).toHaveLength(2));
    expect(Object.fromEntries(api.callsTo("GET /analytics")[1].query)).toEqual({
      campaign: "spring",
      from: "2026-03-04",
      to: "2026-03-10",
    });
    await vi.waitFor(() =>
      expect(within(ranges).getByRole("link", { name: "Last 7 days" })).toHaveAttribute(
        "aria-current",
        "true",
      ),
    );

    await user.click(within(ranges).getByRole("link", { name: "All sources and campaigns" }));
    await vi.waitFor(() => expect(router.state.location.search).toBe("?from=2026-03-04&to=2026-03-10"));
  } finally {
    vi.useRealTimers();
  }
});

test("the server's count of accepted applications and the funnel's are labelled, and a gap is explained", async () => {
  fakeApi({
    "GET /me": { body: staffer },
    ...workMetrics,
    "GET /analytics": {
      body: {
        ...report,
        funnel: report.funnel.map((step) => ({ ...step, visitors: 0, dropOff: 0 })),
        outcomes: report.outcomes.map((row) =>
          row.id === "application_accepted" ? { ...row, count: 146 } : row,
        ),
        fieldErrors: [{ side: "server", field: "annualRevenue", code: "invalid_value", count: 4 }],
      },
    },
  });
  renderDesk("/desk/analytics");
  const accepted = (await screen.findByText("Applications accepted", { selector: "dt" })).parentElement!;
  expect(accepted).toHaveTextContent("146");
  expect(accepted).toHaveTextContent("Every application the server stored");
  const throughForm = screen.getByText("Accepted through the form", { selector: "dt" }).parentElement!;
  expect(throughForm).toHaveTextContent("0");
  expect(throughForm).toHaveTextContent("Visitors the funnel followed through every step");
  // The outcomes table agrees with the tile, and the funnel's 0 is explained beside it.
  const outcomes = screen.getByRole("table", { name: "What the server did with submitted applications" });
  expect(within(outcomes).getAllByRole("row")[1]).toHaveTextContent("Accepted146");
  expect(
    screen.getByText(/The server accepted 146 applications in this range; the funnel followed 0 of them/),
  ).toBeVisible();

  const errors = screen.getByRole("table", { name: "Validation errors by field and rule" });
  expect(within(errors).getAllByRole("row")[1]).toHaveTextContent("Annual Revenue");
  expect(errors).not.toHaveTextContent("annualRevenue");
});

const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => [
      within(row).getByRole("rowheader").textContent,
      ...within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ]);

test("Speed to lead: time to first touch, the share within the window by owner, product and week, and the funnel to funded", async () => {
  const api = fakeApi({
    "GET /me": { body: staffer },
    "GET /analytics": { body: { ...report, source: "newsletter" } },
    ...workMetrics,
  });
  renderDesk("/desk/analytics?from=2026-03-01&to=2026-03-02&source=newsletter");
  const section = (
    await screen.findByRole("heading", { level: 2, name: "Speed to lead" }, { timeout: 15_000 })
  ).closest("section")!;
  // The same days as the page, read in the provider's zone; source and campaign do not apply.
  expect(Object.fromEntries(api.callsTo("GET /work-metrics")[0].query)).toEqual({
    from: "2026-03-01",
    to: "2026-03-02",
  });
  expect(section).toHaveTextContent(
    "Applications received from 2026-03-01 to 2026-03-02, days in Eastern Time",
  );
  expect(section).toHaveTextContent("Not narrowed by source or campaign.");

  const figure = (label: string) => within(section).getByText(label, { selector: "dt" }).parentElement!;
  expect(figure("Median time to first touch")).toHaveTextContent("about 3 hours");
  expect(figure("Median time to first touch")).toHaveTextContent("Over the 4 applications touched of 6");
  expect(figure("Touched within the window")).toHaveTextContent("60%");
  expect(figure("Touched within the window")).toHaveTextContent("3 of 5 touched or past due; 1 still open");
  expect(figure("Untouched")).toHaveTextContent("2");
  expect(figure("Funded")).toHaveTextContent("$250,000");
  expect(figure("Funded")).toHaveTextContent("1 application closed as funded");

  expect(
    cells(within(section).getByRole("table", { name: "Past CRM delivery: applications at each step" })),
  ).toEqual([
    ["Received", "6", "", "100%"],
    ["Delivered to the CRM", "3", "3", "50%"],
    ["Contacted", "4", "", "66.7%"],
    ["Qualified", "3", "1", "50%"],
    ["Funded", "1", "2", "16.7%"],
  ]);
  expect(cells(within(section).getByRole("table", { name: "Within the window by owner" }))).toEqual([
    ["Dana Reyes", "2", "1", "1", "50%", "about 16 hours"],
    ["Sam Okafor", "2", "2", "0", "100%", "about 3 hours"],
    ["Unassigned", "2", "0", "1", "0%", ""],
  ]);
  expect(cells(within(section).getByRole("table", { name: "Within the window by product" }))[1]).toEqual([
    "SBA Loan",
    "4",
    "2",
    "1",
    "66.7%",
    "about 3 hours",
  ]);
  expect(
    cells(within(section).getByRole("table", { name: "Within the window by week" })).map((row) => row[0]),
  ).toEqual(["Week of Feb 23, 2026", "Week of Mar 2, 2026"]);
});

test("Speed to lead says so when nothing was received in the range", async () => {
  fakeApi({
    "GET /me": { body: staffer },
    "GET /analytics": { body: report },
    "GET /work-metrics": {
      body: {
        ...metrics,
        totals: windowFigures(0, 0, 0, 0, null),
        byOwner: [],
        byProduct: [],
        byWeek: [],
        funnel: metrics.funnel.map((row) => ({
          ...row,
          applications: 0,
          dropOff: row.dropOff === null ? null : 0,
        })),
        fundedAmount: "0",
      },
    },
  });
  renderDesk("/desk/analytics");
  const section = (
    await screen.findByRole("heading", { level: 2, name: "Speed to lead" }, { timeout: 15_000 })
  ).closest("section")!;
  expect(within(section).getByText("No applications received in this range.")).toBeVisible();
  expect(within(section).queryByRole("table")).toBeNull();
});

test("Speed to lead shows a funded total with cents as the CRM reported it", async () => {
  fakeApi({
    "GET /me": { body: staffer },
    "GET /analytics": { body: report },
    "GET /work-metrics": { body: { ...metrics, fundedAmount: "148500.75" } },
  });
  renderDesk("/desk/analytics");
  const section = (
    await screen.findByRole("heading", { level: 2, name: "Speed to lead" }, { timeout: 15_000 })
  ).closest("section")!;
  const funded = within(section).getByText("Funded", { selector: "dt" }).parentElement!;
  expect(funded).toHaveTextContent("$148,500.75");
  expect(funded).not.toHaveTextContent("$148,501");
});
