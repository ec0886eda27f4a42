// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { FUNNEL_STEPS, INTENTS, OUTCOMES } from "#domain/analytics/events";
import type { AnalyticsReport } from "#domain/desk/contract";
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

function analyticsApi() {
  return fakeApi({ "GET /me": { body: staffer }, "GET /analytics": { body: report } });
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
