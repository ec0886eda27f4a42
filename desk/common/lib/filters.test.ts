import { dateRangeError, filtersFromParams, filtersToParams } from "./filters";

test("a shared link's filters are read back as they were written", () => {
  const params = filtersToParams({
    q: "  Northwind ",
    state: "dead",
    fundingType: "venture-debt",
    from: "2024-05-01",
    to: "2024-05-31",
    source: "google",
    campaign: "spring",
  });
  expect(params.toString()).toBe(
    "q=Northwind&state=dead&fundingType=venture-debt&from=2024-05-01&to=2024-05-31&source=google&campaign=spring",
  );
  expect(filtersFromParams(params)).toEqual({
    q: "Northwind",
    state: "dead",
    fundingType: "venture-debt",
    from: "2024-05-01",
    to: "2024-05-31",
    source: "google",
    campaign: "spring",
  });
});

test("values the server would refuse are dropped, not sent", () => {
  const filters = filtersFromParams(
    new URLSearchParams("state=exploded&fundingType=lottery&from=yesterday&to=2024-13-45&q=%20&cursor=abc"),
  );
  expect(filtersToParams(filters).toString()).toBe("");
});

test("empty filters leave no trace in the URL", () => {
  expect(filtersToParams({ q: "", state: "", source: "  " }).size).toBe(0);
});

test("a backwards date range is named on the end date", () => {
  expect(dateRangeError({ from: "2024-06-01", to: "2024-05-01" })).toBe(
    "The end date is before the start date",
  );
  expect(dateRangeError({ from: "2024-05-01", to: "2024-05-01" })).toBeUndefined();
  expect(dateRangeError({ from: "", to: "2024-05-01" })).toBeUndefined();
});
