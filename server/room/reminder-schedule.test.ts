/**
 * When a reminder falls due and whose clock it waits for: the schedule (a
 * day, three days, a week after the application; never late, never two
 * within a day), the applicant's waking hours, and the zone their phone's
 * area code places them in.
 */
import { describe, expect, it } from "vitest";
import { applicantTimeZone, stateOfPhone } from "./applicant-time-zone";
import { isWakingHour, reminderDue } from "./reminder-schedule";

const HOUR = 60 * 60 * 1000;
const receivedAt = new Date("2026-03-02T15:00:00Z");
const at = (hours: number) => new Date(receivedAt.getTime() + hours * HOUR);
const none = { receivedAt, lastNumber: 0, lastSentAt: null };

describe("the reminder schedule", () => {
  it("has the first reminder due a day after the application, the second after three days, the third after a week", () => {
    expect(reminderDue(none, at(23.9))).toBeNull();
    expect(reminderDue(none, at(24))).toBe(1);
    expect(reminderDue({ receivedAt, lastNumber: 1, lastSentAt: at(24) }, at(71))).toBeNull();
    expect(reminderDue({ receivedAt, lastNumber: 1, lastSentAt: at(24) }, at(72))).toBe(2);
    expect(reminderDue({ receivedAt, lastNumber: 2, lastSentAt: at(72) }, at(167))).toBeNull();
    expect(reminderDue({ receivedAt, lastNumber: 2, lastSentAt: at(72) }, at(168))).toBe(3);
    expect(reminderDue({ receivedAt, lastNumber: 3, lastSentAt: at(168) }, at(400))).toBeNull();
  });

  it("sends none late: a reminder missed by two days gives way to the next", () => {
    expect(reminderDue(none, at(24 + 47.9))).toBe(1);
    // Three days in, the second is due; the first is not sent as well.
    expect(reminderDue(none, at(72))).toBe(2);
    expect(reminderDue(none, at(168 + 48))).toBeNull();
  });

  it("keeps two reminders a day apart", () => {
    expect(reminderDue({ receivedAt, lastNumber: 1, lastSentAt: at(60) }, at(72))).toBeNull();
    expect(reminderDue({ receivedAt, lastNumber: 1, lastSentAt: at(60) }, at(84))).toBe(2);
  });
});

describe("the applicant's waking hours", () => {
  it("are 8:00 to 20:00 on their own clock", () => {
    // March 2: New York is on EST (UTC-5), Los Angeles on PST (UTC-8); summer time starts on March 8.
    expect(isWakingHour(new Date("2026-03-02T12:59:00Z"), "America/New_York")).toBe(false);
    expect(isWakingHour(new Date("2026-03-02T13:00:00Z"), "America/New_York")).toBe(true);
    expect(isWakingHour(new Date("2026-03-03T00:59:00Z"), "America/New_York")).toBe(true);
    expect(isWakingHour(new Date("2026-03-03T01:00:00Z"), "America/New_York")).toBe(false);
    // The same moment is still night in Los Angeles, and after summer time starts an hour earlier.
    expect(isWakingHour(new Date("2026-03-02T15:00:00Z"), "America/Los_Angeles")).toBe(false);
    expect(isWakingHour(new Date("2026-03-02T16:00:00Z"), "America/Los_Angeles")).toBe(true);
    expect(isWakingHour(new Date("2026-07-02T15:00:00Z"), "America/Los_Angeles")).toBe(true);
  });
});

describe("the applicant's zone from their phone number", () => {
  const desk = "America/New_York";

  it("is their state's, from the area code, written any way", () => {
    expect(stateOfPhone("+1 (415) 555-0100")).toBe("CA");
    expect(applicantTimeZone("+1 (415) 555-0100", desk)).toBe("America/Los_Angeles");
    expect(applicantTimeZone("312-555-0100", desk)).toBe("America/Chicago");
    expect(applicantTimeZone("1 602 555 0100", desk)).toBe("America/Phoenix");
    expect(applicantTimeZone("(808) 555-0100", desk)).toBe("Pacific/Honolulu");
    expect(applicantTimeZone("+1 212 555 0100", desk)).toBe("America/New_York");
  });

  it("is the other zone for an area code wholly in it, in a state split between two", () => {
    expect(stateOfPhone("915-555-0100")).toBe("TX");
    expect(applicantTimeZone("915-555-0100", desk)).toBe("America/Denver");
    expect(applicantTimeZone("865-555-0100", desk)).toBe("America/New_York");
    expect(applicantTimeZone("615-555-0100", desk)).toBe("America/Chicago");
  });

  it("is the desk's when the number places nobody", () => {
    expect(applicantTimeZone("+44 20 7946 0958", "America/Chicago")).toBe("America/Chicago");
    expect(applicantTimeZone("555-0100", desk)).toBe(desk);
    // 555 is no geographic area code.
    expect(applicantTimeZone("(555) 123-4567", "America/Denver")).toBe("America/Denver");
  });
});
