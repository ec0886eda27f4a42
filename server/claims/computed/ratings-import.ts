/**
 * Ratings held for the average rating (docs/claims.md, "Computed claims"):
 * an import of every response of a source, from a CSV file of
 * `reference,rating,rated_on` rows (the source's own response id, 1 to 5, the
 * day, YYYY-MM-DD). All or nothing: a file with a bad row stores none and
 * names the row. A response already held (its source and reference) is not
 * added again, so the same export imported twice adds nothing. Audited as
 * ratings.imported. The average is always over every rating held from the
 * source: there is no way to leave one out.
 */
import { createAuditRepository } from "../../audit/audit-repository";
import type { Store } from "../../store/store";

export interface RatingRow {
  reference: string;
  rating: number;
  ratedOn: string;
}

export class RatingsFileError extends Error {}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The rows of a ratings CSV (a header line `reference,rating,rated_on` first); throws naming the first bad line. */
export function parseRatingsCsv(text: string): RatingRow[] {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== "");
  const header = lines
    .shift()
    ?.split(",")
    .map((cell) => cell.trim().toLowerCase());
  if (header?.join(",") !== "reference,rating,rated_on") {
    throw new RatingsFileError('The first line must be the header "reference,rating,rated_on"');
  }
  return lines.map((line, index) => {
    const where = `Line ${index + 2}`;
    const cells = line.split(",").map((cell) => cell.trim());
    if (cells.length !== 3)
      throw new RatingsFileError(`${where}: three values are needed, not ${cells.length}`);
    const [reference, ratingText, ratedOn] = cells;
    const rating = Number(ratingText);
    if (!reference) throw new RatingsFileError(`${where}: the reference is empty`);
    if (ratingText === "" || !Number.isFinite(rating) || rating < 1 || rating > 5) {
      throw new RatingsFileError(`${where}: the rating must be a number from 1 to 5, not "${ratingText}"`);
    }
    if (!DAY.test(ratedOn) || Number.isNaN(Date.parse(`${ratedOn}T00:00:00Z`))) {
      throw new RatingsFileError(`${where}: rated_on must be a day written YYYY-MM-DD, not "${ratedOn}"`);
    }
    return { reference, rating, ratedOn };
  });
}

/** Stores the rows under `source` in one transaction, audited; answers how many were added and already held. */
export async function importRatings(
  store: Store,
  source: string,
  rows: RatingRow[],
  file: string,
): Promise<{ added: number; alreadyHeld: number }> {
  return store.transaction(async (tx) => {
    let added = 0;
    for (const row of rows) {
      const { rows: inserted } = await tx.query(
        `INSERT INTO claim_ratings (source, reference, rating, rated_on) VALUES ($1, $2, $3::numeric, $4::date)
         ON CONFLICT (source, reference) DO NOTHING RETURNING id`,
        [source, row.reference, String(row.rating), row.ratedOn],
      );
      added += inserted.length;
    }
    const counts = { added, alreadyHeld: rows.length - added };
    await createAuditRepository(store).record(
      {
        actorId: null,
        actorEmail: null,
        action: "ratings.imported",
        target: source,
        details: { source, ...counts, file },
      },
      tx,
    );
    return counts;
  });
}
