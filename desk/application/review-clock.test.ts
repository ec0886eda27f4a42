import { clockWords } from "./review-clock";
import { shortDuration } from "../common/lib/time-left";

const received = "2024-05-01T14:00:00Z";
const due = "2024-05-02T14:00:00Z";
const at = (iso: string) => Date.parse(iso);

test("time left, time late, and how soon the first touch came", () => {
  const open = { reviewDueAt: due, firstTouchedAt: null };
  expect(clockWords(open, received, at("2024-05-02T10:40:00Z"))).toEqual({
    text: "Due in 3 h 20 min",
    tone: "busy",
    deadline: due,
    touchedAt: null,
  });
  expect(clockWords(open, received, at("2024-05-02T16:00:00Z"))).toMatchObject({
    text: "Overdue by 2 h",
    tone: "bad",
  });
  expect(clockWords(open, received, at(due))).toMatchObject({ text: "Overdue by 1 min" });
  expect(
    clockWords(
      { reviewDueAt: due, firstTouchedAt: "2024-05-01T14:14:30Z" },
      received,
      at("2024-05-09T00:00:00Z"),
    ),
  ).toMatchObject({ text: "Touched after 14 min", tone: "good", touchedAt: "2024-05-01T14:14:30Z" });
  expect(
    clockWords(
      { reviewDueAt: due, firstTouchedAt: "2024-05-02T15:30:00Z" },
      received,
      at("2024-05-09T00:00:00Z"),
    ),
  ).toMatchObject({ text: "Touched after 25 h 30 min, 1 h 30 min late", tone: "held" });
  expect(clockWords({ reviewDueAt: null, firstTouchedAt: null }, received, Date.now())).toBeNull();
});

test("durations as staff read them", () => {
  expect(shortDuration(20_000)).toBe("1 min");
  expect(shortDuration(59 * 60_000)).toBe("59 min");
  expect(shortDuration(2 * 3_600_000)).toBe("2 h");
  expect(shortDuration(47 * 3_600_000 + 5 * 60_000)).toBe("47 h 5 min");
  expect(shortDuration(3 * 86_400_000 + 4 * 3_600_000 + 59 * 60_000)).toBe("3 d 4 h");
  expect(shortDuration(5 * 86_400_000)).toBe("5 d");
});
