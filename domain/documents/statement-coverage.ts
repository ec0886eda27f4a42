/**
 * Bank statements as the machine read them (decision 0022): the period each
 * statement file covers, when one was found in its text, and across an
 * application's statement items the days of the months its checklist asks
 * for that no statement read covers. A hint for staff, never a verified fact.
 * Shared by the server (which works it out for the desk's documents panel)
 * and the desk (which words it).
 */

/** From the first day to the last, both "YYYY-MM-DD", both included. */
export interface StatementPeriod {
  from: string;
  to: string;
}

/**
 * One statement file's reading: "pending" while its checks run (or it waits
 * for its password); "read" with the one period found; "not-read" when none
 * was found, several disagreed, it is a photo, or the reading was cut short.
 */
export type StatementReading =
  { state: "pending" } | { state: "not-read" } | ({ state: "read" } & StatementPeriod);

/** Days of one asked-for month that no statement read covers. */
export interface StatementGap extends StatementPeriod {
  /** "YYYY-MM". */
  month: string;
  /** No day of the month is covered. */
  wholeMonth: boolean;
}

/**
 * Across an application's statement items: null when its checklist asks for
 * no monthly statement; "unread" naming the statement files whose period is
 * not known (no gap is worked out then: it would be a guess); "read" with the
 * gaps, oldest first (none: every day asked for is covered).
 */
export type StatementCoverage =
  { state: "unread"; files: string[] } | { state: "read"; gaps: StatementGap[] } | null;

const DAY_MS = 86_400_000;

/** "YYYY-MM-DD" as a count of days, or NaN when it is not a calendar day. */
export function dayNumber(day: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return Number.NaN;
  const [year, month, date] = [+match[1], +match[2], +match[3]];
  const at = new Date(Date.UTC(year, month - 1, date));
  if (at.getUTCFullYear() !== year || at.getUTCMonth() !== month - 1 || at.getUTCDate() !== date) {
    return Number.NaN;
  }
  return at.getTime() / DAY_MS;
}

/** A count of days as "YYYY-MM-DD". */
export function dayString(days: number): string {
  return new Date(days * DAY_MS).toISOString().slice(0, 10);
}

/** The first and last day of "YYYY-MM", as day numbers. */
function monthDays(month: string): [number, number] {
  const [year, number] = month.split("-").map(Number);
  return [Date.UTC(year, number - 1, 1) / DAY_MS, Date.UTC(year, number, 0) / DAY_MS];
}

/** The days of `month` that none of `periods` covers, as runs of days. */
function gapsIn(month: string, periods: [number, number][]): StatementGap[] {
  const [first, last] = monthDays(month);
  const gaps: StatementGap[] = [];
  let start: number | null = null;
  for (let day = first; day <= last + 1; day++) {
    const uncovered = day <= last && !periods.some(([from, to]) => from <= day && day <= to);
    if (uncovered && start === null) start = day;
    if (!uncovered && start !== null) {
      gaps.push({
        month,
        from: dayString(start),
        to: dayString(day - 1),
        wholeMonth: start === first && day - 1 === last,
      });
      start = null;
    }
  }
  return gaps;
}

export interface StatementFile {
  /** The name staff know it by (the one it is served under). */
  fileName: string;
  reading: StatementReading;
}

/**
 * `months`: the "YYYY-MM" months the checklist asks statements for; `files`:
 * every statement file of the application. The gaps are worked out only when
 * every file was read.
 */
export function statementCoverage(months: string[], files: StatementFile[]): StatementCoverage {
  if (months.length === 0) return null;
  const unread = files.filter((file) => file.reading.state !== "read").map((file) => file.fileName);
  if (unread.length > 0) return { state: "unread", files: unread };
  const periods = files.flatMap(({ reading }) =>
    reading.state === "read" ? [[dayNumber(reading.from), dayNumber(reading.to)] as [number, number]] : [],
  );
  const asked = [...new Set(months)].sort();
  return { state: "read", gaps: asked.flatMap((month) => gapsIn(month, periods)) };
}
