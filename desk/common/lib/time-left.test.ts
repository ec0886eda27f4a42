/**
 * The time-left cell with follow-ups: a follow-up that is the lead's next
 * deadline (touched, or before its review deadline) reads as a call-back,
 * due soon or late as the due views count it; otherwise the review clock.
 */
import { expect, test } from "vitest";
import { timeLeft } from "./time-left";

const NOW = Date.parse("2030-03-04T15:00:00Z");
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();
const SOON = 4 * 3_600_000;
const lead = { state: "received" as const, workStatus: "contacted" as const, reviewDueAt: at(-600) };

test("a touched lead with a follow-up reads as a call-back: in, soon, late", () => {
  const touched = { ...lead, firstTouchedAt: at(-700) };
  expect(timeLeft({ ...touched, followUpAt: at(25) }, NOW, SOON)).toEqual({
    kind: "soon",
    text: "Call back in 25 min",
    due: at(25),
    callBack: true,
  });
  expect(timeLeft({ ...touched, followUpAt: at(600) }, NOW, SOON)).toMatchObject({ kind: "running" });
  expect(timeLeft({ ...touched, followUpAt: at(-5) }, NOW, SOON)).toMatchObject({
    kind: "overdue",
    text: "Call back, 5 min late",
  });
  // No follow-up, or a closed lead's: touched.
  expect(timeLeft({ ...touched, followUpAt: null }, NOW, SOON)).toMatchObject({ kind: "touched" });
  expect(timeLeft({ ...touched, workStatus: "closed", followUpAt: at(25) }, NOW, SOON)).toMatchObject({
    kind: "touched",
  });
});

test("an untouched lead shows whichever comes first: its review deadline or its follow-up", () => {
  const untouched = { ...lead, workStatus: "new" as const, firstTouchedAt: null, reviewDueAt: at(60) };
  expect(timeLeft({ ...untouched, followUpAt: at(30) }, NOW, SOON)).toMatchObject({
    text: "Call back in 30 min",
  });
  expect(timeLeft({ ...untouched, followUpAt: at(90) }, NOW, SOON)).toMatchObject({ text: "1 h left" });
});
