/**
 * CSV for people who open it in a spreadsheet: csv-stringify with a header,
 * booleans as true/false, objects as JSON, and every text cell that a
 * spreadsheet would run as a formula (starting with =, +, -, @, a tab or a
 * carriage return) neutralised with a leading apostrophe (CSV injection).
 * Given a time zone, time columns ("at", "…_at") are ISO 8601 with that
 * zone's offset ("2026-11-24T19:05:03.000-05:00"); without one, UTC ("…Z").
 */
import { stringify, type Options } from "csv-stringify";
import { zonedIso } from "../zoned-day";

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell as a spreadsheet may safely read it. */
export const neutralise = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

/** A column that holds an instant: "at", "created_at", "consented_at". */
const TIME_COLUMN = /^(\w+_)?at$/;

/**
 * csv-stringify's options for these rules; `columns` undefined: none (an
 * empty export is empty); `timeZone`: the zone time columns are written in.
 */
export function csvOptions(columns: string[] | undefined, timeZone?: string): Options {
  const time = (value: string | Date) =>
    timeZone ? zonedIso(value, timeZone)! : value instanceof Date ? value.toISOString() : value;
  return {
    header: true,
    columns,
    cast: {
      boolean: (value) => String(value),
      date: (value) => time(value),
      object: (value) => neutralise(JSON.stringify(value)),
      string: (value, { column }) => neutralise(TIME_COLUMN.test(String(column)) ? time(value) : value),
    },
  };
}

/** A CSV stream, times in `timeZone`: write rows (objects keyed by `columns`), then end it. */
export const csvStream = (columns: string[], timeZone: string) => stringify(csvOptions(columns, timeZone));
