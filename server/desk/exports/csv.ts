/**
 * CSV for people who open it in a spreadsheet: csv-stringify with a header,
 * booleans as true/false, objects as JSON, and every text cell that a
 * spreadsheet would run as a formula (starting with =, +, -, @, a tab or a
 * carriage return) neutralised with a leading apostrophe (CSV injection).
 */
import { stringify, type Options } from "csv-stringify";

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell as a spreadsheet may safely read it. */
export const neutralise = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

/** csv-stringify's options for these rules; `columns` undefined: none (an empty export is empty). */
export function csvOptions(columns: string[] | undefined): Options {
  return {
    header: true,
    columns,
    cast: {
      boolean: (value) => String(value),
      date: (value) => value.toISOString(),
      object: (value) => neutralise(JSON.stringify(value)),
      string: (value) => neutralise(value),
    },
  };
}

/** A CSV stream: write rows (objects keyed by `columns`), then end it. */
export const csvStream = (columns: string[]) => stringify(csvOptions(columns));
