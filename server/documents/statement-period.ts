/**
 * The period a bank statement covers, found in its text (decision 0022):
 * a date range ("Statement Period 01/01/2026 - 01/31/2026", "January 1, 2026
 * through January 31, 2026", "For the period Jan 1 to Jan 31, 2026",
 * "2026-01-01 to 2026-01-31") or a beginning and an ending balance each with
 * its date ("Beginning Balance on Jan 1, 2026 ... Ending Balance on Jan 31,
 * 2026"). Only an unambiguous period counts: every period found must be the
 * same one, or there is none; never a guess.
 *
 * Numeric dates are read month first (01/02/2026 is January 2), as US banks
 * write them; a day-first statement's dates are then not calendar days or
 * not a range, and it is not read. A range longer than MAX_PERIOD_DAYS (a
 * year-to-date summary) or labelled year-to-date is not a statement period
 * and is passed over.
 */
import { dayNumber, dayString, type StatementPeriod } from "../../domain/documents/statement-coverage";

/** A quarterly statement's length and a little more: longer ranges are summaries, not periods. */
export const MAX_PERIOD_DAYS = 100;

/** Text past this many characters is not searched. */
export const MAX_TEXT_CHARS = 200_000;

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const MONTH =
  "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?";
const ORDINAL = "(?:st|nd|rd|th)?";

/** Each way a whole date is written, anchored, with the groups parse() reads. */
const FULL_FORMS = {
  iso: "(\\d{4})-(\\d{2})-(\\d{2})",
  numeric: "(\\d{1,2})([/-])(\\d{1,2})\\2(\\d{4}|\\d{2})",
  monthFirst: `(${MONTH}) (\\d{1,2})${ORDINAL},? (\\d{4})`,
  dayFirst: `(\\d{1,2})${ORDINAL} (${MONTH}),? (\\d{4})`,
};
/** A date without its year, only as a range's first end ("Jan 1 - Jan 31, 2026"). */
const PARTIAL_FORMS = {
  monthFirst: `(${MONTH}) (\\d{1,2})${ORDINAL}`,
  numeric: "(\\d{1,2})/(\\d{1,2})",
};

const plain = (pattern: string) => pattern.replace(/\((?!\?)/g, "(?:").replace(/\\2/g, "[/-]");
const FULL = `(?:${Object.values(FULL_FORMS).map(plain).join("|")})`;
const PARTIAL = `(?:${Object.values(PARTIAL_FORMS).map(plain).join("|")})`;
const EDGE_BEFORE = "(?<![\\w/.-])";
const EDGE_AFTER = "(?![\\w/])";
const SEPARATOR = "\\s?(?:-|–|—|to|through|thru|until)\\s?";

const RANGE = new RegExp(`${EDGE_BEFORE}(${FULL}|${PARTIAL})${SEPARATOR}(${FULL})${EDGE_AFTER}`, "gi");
const BALANCE = new RegExp(
  `\\b(beginning|opening|starting|ending|closing) balance(?: on| as of| for)?:? (${FULL})${EDGE_AFTER}`,
  "gi",
);
const YEAR_TO_DATE = /(?:year[- ]to[- ]date|\bytd\b)[^.]{0,40}$/i;

const anchored = (form: string) => new RegExp(`^${form}$`, "i");
const FULL_PARSERS = Object.fromEntries(
  Object.entries(FULL_FORMS).map(([name, form]) => [name, anchored(form)]),
) as Record<keyof typeof FULL_FORMS, RegExp>;
const PARTIAL_PARSERS = Object.fromEntries(
  Object.entries(PARTIAL_FORMS).map(([name, form]) => [name, anchored(form)]),
) as Record<keyof typeof PARTIAL_FORMS, RegExp>;

const monthNumber = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
const fullYear = (year: string) => (year.length === 2 ? 2000 + Number(year) : Number(year));
const iso = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

/** A whole date as a day number; NaN when it is not a calendar day. */
function parseFull(text: string): number {
  let match: RegExpExecArray | null;
  if ((match = FULL_PARSERS.iso.exec(text))) return dayNumber(iso(+match[1], +match[2], +match[3]));
  if ((match = FULL_PARSERS.numeric.exec(text)))
    return dayNumber(iso(fullYear(match[4]), +match[1], +match[3]));
  if ((match = FULL_PARSERS.monthFirst.exec(text)))
    return dayNumber(iso(+match[3], monthNumber(match[1]), +match[2]));
  if ((match = FULL_PARSERS.dayFirst.exec(text)))
    return dayNumber(iso(+match[3], monthNumber(match[2]), +match[1]));
  return Number.NaN;
}

/** A range's first end: a whole date, or one without its year, in the year that puts it before `to`. */
function parseStart(text: string, to: number): number {
  const whole = parseFull(text);
  if (!Number.isNaN(whole)) return whole;
  const match = PARTIAL_PARSERS.monthFirst.exec(text) ?? PARTIAL_PARSERS.numeric.exec(text);
  if (!match || Number.isNaN(to)) return Number.NaN;
  const [month, day] = /^\d/.test(match[1]) ? [+match[1], +match[2]] : [monthNumber(match[1]), +match[2]];
  const year = Number(dayString(to).slice(0, 4));
  const sameYear = dayNumber(iso(year, month, day));
  return sameYear <= to ? sameYear : dayNumber(iso(year - 1, month, day));
}

const isPeriod = (from: number, to: number) =>
  Number.isFinite(from) && Number.isFinite(to) && from < to && to - from <= MAX_PERIOD_DAYS;

/** Whitespace as single spaces, at most MAX_TEXT_CHARS characters. */
const normalise = (text: string) => text.slice(0, MAX_TEXT_CHARS).replace(/\s+/g, " ");

/** The one period the text states, or null when it states none or several that disagree. */
export function findStatementPeriod(text: string): StatementPeriod | null {
  const flat = normalise(text);
  const found = new Set<string>();
  for (const match of flat.matchAll(RANGE)) {
    if (YEAR_TO_DATE.test(flat.slice(Math.max(0, match.index - 60), match.index))) continue;
    const to = parseFull(match[2]);
    const from = parseStart(match[1], to);
    if (isPeriod(from, to)) found.add(`${dayString(from)}/${dayString(to)}`);
  }
  const balances = { start: new Set<number>(), end: new Set<number>() };
  for (const match of flat.matchAll(BALANCE)) {
    const day = parseFull(match[2]);
    if (Number.isNaN(day)) continue;
    (/^(?:ending|closing)$/i.test(match[1]) ? balances.end : balances.start).add(day);
  }
  if (balances.start.size > 1 || balances.end.size > 1) return null;
  const [start] = balances.start;
  const [end] = balances.end;
  if (start !== undefined && end !== undefined) {
    if (!isPeriod(start, end)) return null;
    found.add(`${dayString(start)}/${dayString(end)}`);
  }
  if (found.size !== 1) return null;
  const [from, to] = [...found][0].split("/");
  return { from, to };
}
