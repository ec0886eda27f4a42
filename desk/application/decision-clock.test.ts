import { decisionWords } from "./decision-clock";

const complete = "2024-05-03T15:00:00Z";
const dueAt = "2024-05-05T15:00:00Z";
const at = (iso: string) => Date.parse(iso);
const open = { documentsCompleteAt: complete, dueAt, decidedAt: null };

test("nothing before the documents are complete", () => {
  expect(decisionWords({ decision: null, workStatus: "underwriting" }, at(dueAt))).toBeNull();
});

test("due, then overdue, while undecided", () => {
  expect(decisionWords({ decision: open, workStatus: "underwriting" }, at("2024-05-04T10:00:00Z"))).toEqual({
    text: "Decision due",
    tone: "busy",
    dueAt,
    documentsCompleteAt: complete,
    decidedAt: null,
  });
  expect(
    decisionWords({ decision: open, workStatus: "underwriting" }, at("2024-05-05T17:30:00Z")),
  ).toMatchObject({ text: "Decision overdue by 2 h 30 min", tone: "bad" });
});

test("how long the decision took from documents complete, and how late", () => {
  const inTime = { ...open, decidedAt: "2024-05-04T22:00:00Z" };
  expect(decisionWords({ decision: inTime, workStatus: "closed" }, at("2024-06-01T00:00:00Z"))).toMatchObject(
    {
      text: "Decided in 31 h",
      tone: "good",
      decidedAt: "2024-05-04T22:00:00Z",
    },
  );
  const late = { ...open, decidedAt: "2024-05-05T18:00:00Z" };
  expect(decisionWords({ decision: late, workStatus: "closed" }, at("2024-06-01T00:00:00Z"))).toMatchObject({
    text: "Decided in 2 d 3 h, 3 h late",
    tone: "held",
  });
});

test("nothing for one closed without a decision", () => {
  expect(decisionWords({ decision: open, workStatus: "closed" }, at(dueAt))).toBeNull();
});
