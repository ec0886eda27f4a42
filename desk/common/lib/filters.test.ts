import {
  activeFilters,
  dateRangeError,
  defaultOwner,
  EMPTY_FILTERS,
  filtersFromParams,
  filtersToParams,
  hasFilters,
} from "./filters";

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
    ...EMPTY_FILTERS,
    q: "Northwind",
    state: "dead",
    fundingType: "venture-debt",
    from: "2024-05-01",
    to: "2024-05-31",
    source: "google",
    campaign: "spring",
  });
});

test("the view (whose, the due view, the order) and the work status come first, in the contract's words", () => {
  const params = filtersToParams({
    q: "acme",
    work: "contacted",
    sort: "time_left",
    due: "overdue",
    owner: "mine",
  });
  expect(params.toString()).toBe("owner=mine&due=overdue&sort=time_left&q=acme&work=contacted");
  const filters = filtersFromParams(params);
  expect(filters).toMatchObject({ owner: "mine", due: "overdue", sort: "time_left", work: "contacted" });
  // The view alone is not a filter of the search form's.
  expect(hasFilters({ ...EMPTY_FILTERS, owner: "mine", due: "overdue", sort: "time_left" })).toBe(false);
  expect(hasFilters({ ...EMPTY_FILTERS, work: "new" })).toBe(true);
});

test("staff see their own applications unless the URL says otherwise, admins everyone's", () => {
  expect(defaultOwner("staff")).toBe("mine");
  expect(defaultOwner("admin")).toBe("everyone");
  // Everyone is the API's default: not sent.
  expect(activeFilters({ ...EMPTY_FILTERS, q: "acme" }, "everyone")).toEqual({ q: "acme" });
  expect(activeFilters({ ...EMPTY_FILTERS, q: "acme" }, "mine")).toEqual({ owner: "mine", q: "acme" });
});

test("values the server would refuse are dropped, not sent", () => {
  const filters = filtersFromParams(
    new URLSearchParams(
      "state=exploded&fundingType=lottery&from=yesterday&to=2024-13-45&q=%20&cursor=abc&owner=me&due=late&sort=oldest&work=lost",
    ),
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
