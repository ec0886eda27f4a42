/**
 * The review deadline as an applicant and the desk would check it by hand:
 * the window counted around the clock, or in business hours in the
 * provider's zone (New York unless said), past evenings, weekends, holidays
 * and the weekends the clocks change. Expected times are written as the
 * zone's wall clock with its offset.
 */
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config";
import { TZDate } from "@date-fns/tz";
import { parseBusinessHours } from "./business-hours";
import {
  createDecisionClock,
  createReviewClock,
  DEFAULT_DECISION_WINDOW_MS,
  DEFAULT_REVIEW_WINDOW_MS,
} from "./deadline";

const WEEKDAYS = "Mon-Fri 09:00-17:00";

/** The deadline of an application received at `received` (an ISO time with its offset), in the zone's wall clock. */
function due(received: string, env: Record<string, string> = {}) {
  const config = loadConfig({ REVIEW_BUSINESS_HOURS: WEEKDAYS, ...env });
  const deadline = createReviewClock(config).deadline(new Date(received));
  return new TZDate(deadline, config.desk.timeZone).toISOString();
}

describe("the review deadline around the clock", () => {
  it("is received plus the window, in real hours, across a change of the clocks", () => {
    const clock = createReviewClock(loadConfig({}));
    expect(clock.deadline(new Date("2026-03-07T12:00:00-05:00")).toISOString()).toBe(
      "2026-03-08T17:00:00.000Z",
    );
    expect(createReviewClock().deadline(new Date(0)).getTime()).toBe(DEFAULT_REVIEW_WINDOW_MS);
    const short = createReviewClock(loadConfig({ REVIEW_WINDOW: "90m" }));
    expect(short.deadline(new Date("2026-05-01T23:00:00Z")).toISOString()).toBe("2026-05-02T00:30:00.000Z");
  });

  it("stands still on a holiday, a whole day of the zone", () => {
    // Noon on Christmas Eve: twelve hours to midnight, Christmas Day skipped, twelve more.
    expect(
      due("2026-12-24T12:00:00-05:00", { REVIEW_BUSINESS_HOURS: "", REVIEW_HOLIDAYS: "2026-12-25" }),
    ).toBe("2026-12-26T12:00:00.000-05:00");
  });

  it("runs on through a midnight the clocks skip (Santiago, every day open)", () => {
    const env = { REVIEW_BUSINESS_HOURS: "Mon-Sun 00:00-24:00", DESK_TIME_ZONE: "America/Santiago" };
    const received = new Date("2026-09-05T12:00:00-04:00");
    const clock = createReviewClock(loadConfig(env));
    expect(clock.deadline(received).getTime()).toBe(received.getTime() + 24 * 3_600_000);
  });
});

describe("the decision deadline: the same clock, DECISION_WINDOW from documents complete", () => {
  it("is 48 hours around the clock by default, and the setting's length when set", () => {
    expect(createDecisionClock().deadline(new Date(0)).getTime()).toBe(DEFAULT_DECISION_WINDOW_MS);
    const complete = new Date("2026-12-07T15:00:00Z");
    expect(createDecisionClock(loadConfig({})).deadline(complete).toISOString()).toBe(
      "2026-12-09T15:00:00.000Z",
    );
    const day = createDecisionClock(loadConfig({ DECISION_WINDOW: "24h" }));
    expect(day.deadline(complete).toISOString()).toBe("2026-12-08T15:00:00.000Z");
  });

  it("counts in the review clock's business hours and skips its holidays", () => {
    const config = loadConfig({ REVIEW_BUSINESS_HOURS: WEEKDAYS, REVIEW_HOLIDAYS: "2026-11-26" });
    const deadline = createDecisionClock(config).deadline(new Date("2026-11-24T10:00:00-05:00"));
    // 48 business hours are six working days: Tue 10:00 to Thu 10:00 the week after, Thanksgiving skipped.
    expect(new TZDate(deadline, config.desk.timeZone).toISOString()).toBe("2026-12-03T10:00:00.000-05:00");
  });

  it("refuses a DECISION_WINDOW it cannot read, naming it", () => {
    expect(() => loadConfig({ DECISION_WINDOW: "two days" })).toThrow(/DECISION_WINDOW/);
  });
});

describe("the review deadline in business hours (Mon-Fri 09:00-17:00, New York)", () => {
  it("counts 24 business hours as three working days", () => {
    expect(due("2026-11-24T10:00:00-05:00")).toBe("2026-11-27T10:00:00.000-05:00");
  });

  it("starts the clock at the next opening for an application received on a Friday evening", () => {
    // Friday 17:00 is closing time: Monday, Tuesday, Wednesday.
    expect(due("2026-11-27T17:00:00-05:00")).toBe("2026-12-02T17:00:00.000-05:00");
    expect(due("2026-11-27T21:30:00-05:00")).toBe("2026-12-02T17:00:00.000-05:00");
  });

  it("carries a Friday afternoon over the weekend", () => {
    expect(due("2026-11-27T15:00:00-05:00")).toBe("2026-12-02T15:00:00.000-05:00");
  });

  it("starts at the opening for an application received before it, or at the weekend", () => {
    expect(due("2026-11-24T07:00:00-05:00", { REVIEW_WINDOW: "4h" })).toBe("2026-11-24T13:00:00.000-05:00");
    expect(due("2026-11-28T11:00:00-05:00", { REVIEW_WINDOW: "4h" })).toBe("2026-11-30T13:00:00.000-05:00");
  });

  it("ends at closing time when the window fills the day exactly", () => {
    expect(due("2026-11-23T09:00:00-05:00", { REVIEW_WINDOW: "8h" })).toBe("2026-11-23T17:00:00.000-05:00");
  });

  it("skips holidays (Christmas on a Friday, New Year's Day)", () => {
    expect(due("2026-12-24T10:00:00-05:00", { REVIEW_HOLIDAYS: "2026-12-25, 2027-01-01" })).toBe(
      "2026-12-30T10:00:00.000-05:00",
    );
    expect(due("2026-12-31T10:00:00-05:00", { REVIEW_HOLIDAYS: "2026-12-25,2027-01-01" })).toBe(
      "2027-01-06T10:00:00.000-05:00",
    );
  });

  it("keeps wall-clock hours across the spring-forward weekend", () => {
    // 8 March 2026: New York goes from EST (-05:00) to EDT (-04:00).
    expect(due("2026-03-06T15:00:00-05:00")).toBe("2026-03-11T15:00:00.000-04:00");
  });

  it("keeps wall-clock hours across the fall-back weekend", () => {
    // 1 November 2026: EDT back to EST.
    expect(due("2026-10-30T15:00:00-04:00")).toBe("2026-11-04T15:00:00.000-05:00");
  });

  it("counts a window of several business days (60 hours: seven and a half days' work)", () => {
    expect(due("2026-11-23T09:00:00-05:00", { REVIEW_WINDOW: "60h" })).toBe("2026-12-02T13:00:00.000-05:00");
  });

  it("follows different hours on different days, and a lunch break", () => {
    const byDay = { REVIEW_BUSINESS_HOURS: "Mon-Thu 08:30-18:00, Fri 08:30-16:00", REVIEW_WINDOW: "2h" };
    expect(due("2026-11-27T15:00:00-05:00", byDay)).toBe("2026-11-30T09:30:00.000-05:00");
    const lunch = { REVIEW_BUSINESS_HOURS: "Mon-Fri 09:00-12:00, Mon-Fri 13:00-17:00", REVIEW_WINDOW: "2h" };
    expect(due("2026-11-23T11:00:00-05:00", lunch)).toBe("2026-11-23T14:00:00.000-05:00");
  });

  it("uses the provider's zone and its own clock change (London, 29 March 2026)", () => {
    expect(due("2026-03-27T16:00:00+00:00", { DESK_TIME_ZONE: "Europe/London" })).toBe(
      "2026-04-01T16:00:00.000+01:00",
    );
  });

  it("works a weekend shift that wraps round the week (Fri-Mon)", () => {
    const env = { REVIEW_BUSINESS_HOURS: "Fri-Mon 10:00-14:00", REVIEW_WINDOW: "10h" };
    // Tuesday: closed until Friday 10:00; Friday 4 h, Saturday 4 h, Sunday 2 h.
    expect(due("2026-11-24T10:00:00-05:00", env)).toBe("2026-11-29T12:00:00.000-05:00");
  });
});

describe("REVIEW_BUSINESS_HOURS and REVIEW_HOLIDAYS at start-up", () => {
  it("reads day ranges, lists, full names and breaks", () => {
    const hours = (text: string) => {
      const parsed = parseBusinessHours(text);
      if ("error" in parsed) throw new Error(parsed.error);
      return parsed.hours;
    };
    expect(hours("Mon-Fri 09:00-17:00")[1]).toEqual([{ start: 540, end: 1020 }]);
    expect(hours("Mon-Fri 09:00-17:00")[0]).toEqual([]);
    expect(hours("mon, WED, Friday 9:00 - 17:30")[3]).toEqual([{ start: 540, end: 1050 }]);
    expect(hours("Mon-Fri 09:00-17:00")[6]).toEqual([]);
    expect(hours("Sat 10:00-12:00; Sat 11:00-14:00, Sat 14:00-15:00")[6]).toEqual([{ start: 600, end: 900 }]);
    expect(hours("Sun - Sat 00:00-24:00")[0]).toEqual([{ start: 0, end: 1440 }]);
  });

  it("refuses a bad value with a message naming the setting", () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        if (error instanceof ConfigError) return error.problems;
        throw error;
      }
      return {};
    };
    for (const [text, says] of [
      ["Mon-Fri 9-17", "HH:MM-HH:MM"],
      ["Mon-Fri", "has no hours"],
      ["Mon-Fri 17:00-09:00", "ends before it starts"],
      ["Weekdays 09:00-17:00", '"Weekdays" is not a day'],
      ["Mon-Fri 09:00-25:00", "HH:MM-HH:MM"],
      ["Mon-Fri 09:00-17:00,", "empty entry"],
      ["Mon-Fri 09:00-17:00 EST", "cannot read"],
    ]) {
      expect(problems({ REVIEW_BUSINESS_HOURS: text }).REVIEW_BUSINESS_HOURS, text).toContain(says);
    }
    expect(problems({ REVIEW_HOLIDAYS: "2026-12-25, 2026-02-30" }).REVIEW_HOLIDAYS).toBe(
      '"2026-02-30" is not a date (a comma-separated list of YYYY-MM-DD)',
    );
    expect(problems({ REVIEW_HOLIDAYS: "25/12/2026" }).REVIEW_HOLIDAYS).toContain("is not a date");
    expect(() => loadConfig({ REVIEW_BUSINESS_HOURS: "Mon-Fri 9-17" })).toThrowError(/REVIEW_BUSINESS_HOURS/);
  });

  it("keeps the holidays in order without repeats, and nothing when unset", () => {
    expect(loadConfig({ REVIEW_HOLIDAYS: "2027-01-01, 2026-12-25, 2027-01-01" }).review.holidays).toEqual([
      "2026-12-25",
      "2027-01-01",
    ]);
    expect(loadConfig({ REVIEW_HOLIDAYS: "" }).review).toMatchObject({
      holidays: [],
      businessHours: undefined,
    });
  });
});
