/**
 * The honour-by day: ten business days after the day of receipt in the
 * provider's zone, weekends skipped, the zone's own day (daylight saving
 * included), never UTC's.
 */
import { describe, expect, it } from "vitest";
import { addBusinessDays, honourBy } from "./honour-by";

const NEW_YORK = "America/New_York";

describe("addBusinessDays", () => {
  it.each([
    ["2026-11-23", 1, "2026-11-24"], // Monday -> Tuesday
    ["2026-11-27", 1, "2026-11-30"], // Friday -> Monday
    ["2026-11-28", 1, "2026-11-30"], // Saturday -> Monday
    ["2026-11-29", 1, "2026-11-30"], // Sunday -> Monday
    ["2026-11-23", 10, "2026-12-07"], // two whole weeks
    ["2026-12-28", 5, "2027-01-04"], // across the year's end
    ["2028-02-25", 3, "2028-03-01"], // across a leap day (a Tuesday)
    ["2026-11-23", 0, "2026-11-23"],
  ])("%s + %i business days = %s", (day, count, expected) => {
    expect(addBusinessDays(day, count)).toBe(expected);
  });
});

describe("honourBy", () => {
  it("counts ten business days from a weekday's receipt", () => {
    expect(honourBy("2026-11-23T15:00:00Z", NEW_YORK)).toBe("2026-12-07");
  });

  it("counts from the weekend day itself: a Saturday's or Sunday's opt-out is due the second Friday", () => {
    expect(honourBy("2026-11-28T15:00:00Z", NEW_YORK)).toBe("2026-12-11");
    expect(honourBy("2026-11-29T15:00:00Z", NEW_YORK)).toBe("2026-12-11");
  });

  it("takes the provider's day, not UTC's: Sunday evening in New York is Monday in UTC", () => {
    // 22:00 EST on Sunday 29 November is 03:00 UTC on Monday 30 November.
    expect(honourBy("2026-11-30T03:00:00Z", NEW_YORK)).toBe("2026-12-11");
    expect(honourBy("2026-11-30T03:00:00Z", "UTC")).toBe("2026-12-14");
    // Tokyo is already on Tuesday 1 December.
    expect(honourBy("2026-11-30T16:00:00Z", "Asia/Tokyo")).toBe("2026-12-15");
  });

  it("follows daylight saving: half past midnight on the Monday after the clocks go forward", () => {
    // 04:30 UTC on 9 March 2026 is 00:30 EDT on Monday (a fixed EST offset would say Sunday 23:30).
    expect(honourBy("2026-03-09T04:30:00Z", NEW_YORK)).toBe("2026-03-23");
    expect(honourBy("2026-03-09T03:30:00Z", NEW_YORK)).toBe("2026-03-20");
  });

  it("takes a Date as well as an ISO string", () => {
    expect(honourBy(new Date("2026-11-23T15:00:00Z"), NEW_YORK)).toBe("2026-12-07");
  });
});
