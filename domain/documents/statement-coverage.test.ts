import { describe, expect, it } from "vitest";
import { statementCoverage, type StatementFile } from "./statement-coverage";

const read = (fileName: string, from: string, to: string): StatementFile => ({
  fileName,
  reading: { state: "read", from, to },
});
const months = ["2026-01", "2026-02", "2026-03", "2026-04"];

describe("the months the statements read cover", () => {
  it("names each asked-for month no statement covers, and none when all are", () => {
    const files = [
      read("jan.pdf", "2026-01-01", "2026-01-31"),
      read("feb-mar.pdf", "2026-02-01", "2026-03-31"),
    ];
    expect(statementCoverage(months, files)).toEqual({
      state: "read",
      gaps: [{ month: "2026-04", from: "2026-04-01", to: "2026-04-30", wholeMonth: true }],
    });
    const all = [...files, read("apr.pdf", "2026-04-01", "2026-04-30")];
    expect(statementCoverage(months, all)).toEqual({ state: "read", gaps: [] });
    expect(statementCoverage(months, [])).toEqual({
      state: "read",
      gaps: months.map((month) => expect.objectContaining({ month, wholeMonth: true })),
    });
  });

  it("names the days left out by statements that do not follow calendar months", () => {
    const files = [
      read("1.pdf", "2026-01-15", "2026-02-14"),
      read("2.pdf", "2026-02-15", "2026-03-14"),
      read("3.pdf", "2026-03-20", "2026-04-30"),
    ];
    expect(statementCoverage(months, files)).toEqual({
      state: "read",
      gaps: [
        { month: "2026-01", from: "2026-01-01", to: "2026-01-14", wholeMonth: false },
        { month: "2026-03", from: "2026-03-15", to: "2026-03-19", wholeMonth: false },
      ],
    });
  });

  it("works out no gap while a statement file is not read, and names those files", () => {
    const files: StatementFile[] = [
      read("jan.pdf", "2026-01-01", "2026-01-31"),
      { fileName: "feb.jpg", reading: { state: "not-read" } },
      { fileName: "mar.pdf", reading: { state: "pending" } },
    ];
    expect(statementCoverage(months, files)).toEqual({ state: "unread", files: ["feb.jpg", "mar.pdf"] });
  });

  it("is nothing when the checklist asks for no monthly statement", () => {
    expect(statementCoverage([], [read("jan.pdf", "2026-01-01", "2026-01-31")])).toBeNull();
  });
});
