/**
 * `npm run applications -- ratings import <file.csv> [--source "…"]`: every
 * rating of a source, for the average rating the site states (docs/claims.md,
 * "Computed claims"); then the count and the average over all held. The
 * source is the average rating claim's (the register's `source.name`) unless
 * named. Audited as ratings.imported with no actor (the operator at the server).
 */
import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { RatingsFileError, importRatings, parseRatingsCsv } from "../claims/computed/ratings-import";
import { ratingSource, ratingSummaries } from "../claims/computed/computed-repository";
import type { Store } from "../store/store";

export const RATINGS_USAGE = `  ratings import <file.csv> [--source S]
                                    every rating of a source (CSV: reference,rating,rated_on), for the
                                    average rating claim; S: its source, the register's by default`;

export class RatingsUsageError extends Error {}

export async function runRatingsCommand(
  args: string[],
  values: { source?: unknown; json?: unknown },
  store: Store,
  io: { stdout: (text: string) => void; stderr: (text: string) => void },
): Promise<number> {
  const [action, file] = args;
  if (action !== "import") throw new RatingsUsageError("ratings needs a subcommand: import <file.csv>");
  if (!file) throw new RatingsUsageError("ratings import needs a CSV file");
  const source =
    typeof values.source === "string" && values.source.trim() ? values.source.trim() : ratingSource();
  let rows;
  try {
    rows = parseRatingsCsv(await readFile(file, "utf8"));
  } catch (error) {
    if (error instanceof RatingsFileError || (error as NodeJS.ErrnoException).code === "ENOENT") {
      io.stderr(`${file}: ${(error as Error).message}. Nothing was imported.`);
      return 1;
    }
    throw error;
  }
  const counts = await importRatings(store, source, rows, basename(file));
  const held = (await ratingSummaries(store)).find((summary) => summary.source === source);
  const result = { source, ...counts, held: held?.count ?? 0, average: held?.average ?? null };
  if (values.json) io.stdout(JSON.stringify(result));
  else {
    io.stdout(
      `${source}: ${counts.added} added, ${counts.alreadyHeld} already held; ` +
        `${result.held} held in all, average ${result.average === null ? "none" : result.average.toFixed(2)}`,
    );
  }
  return 0;
}
