/**
 * `npm run applications -- ratings import` on both engines: every row of the
 * file stored under the average rating's source, audited; the same file again
 * adds nothing; a bad file names its line and stores nothing. The average the
 * computed claim then states is over every rating held, with their count.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { computeFigure } from "#domain/claims/computed";
import { claimRecord } from "#domain/claims/register";
import { createBackend, disposeSeed, type TestBackend } from "../../test/support/fault-harness";
import { runCli } from "../../test/support/cli";
import { ENGINES } from "../../test/support/server";
import { ratingSummaries, samplesFor } from "../claims/computed/computed-repository";

describe.each(ENGINES)("ratings import on %s", (engine) => {
  let backend: TestBackend;
  const folder = mkdtempSync(join(tmpdir(), "harborline-ratings-"));
  const cli = (...argv: string[]) => runCli({ ...backend.env, LOG_LEVEL: "silent" }, ...argv);
  const file = (name: string, text: string) => {
    const path = join(folder, name);
    writeFileSync(path, text);
    return path;
  };

  beforeAll(async () => {
    backend = await createBackend(engine);
  });
  afterAll(async () => {
    await backend?.dispose();
    await disposeSeed();
    rmSync(folder, { recursive: true, force: true });
  });

  it("stores every rating of the file, audited, and the average is over all of them", async () => {
    const source = claimRecord("average-rating").source!.name;
    const ratings = file(
      "ratings.csv",
      "reference,rating,rated_on\nr-1,5,2026-01-10\nr-2,4,2026-03-02\nr-3,5,2026-11-30\n",
    );
    const first = await cli("ratings", "import", ratings, "--json");
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toEqual({ source, added: 3, alreadyHeld: 0, held: 3, average: 14 / 3 });

    // The same export again, with one more response: only that one is added.
    const again = file("again.csv", "reference,rating,rated_on\nr-1,5,2026-01-10\nr-4,1,2026-12-01\n");
    const second = await cli("ratings", "import", again);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain(`${source}: 1 added, 1 already held; 4 held in all, average 3.75`);

    // A bad row: the file is refused, naming the line, and nothing of it is stored.
    const bad = file("bad.csv", "reference,rating,rated_on\nr-5,5,2026-12-02\nr-6,6,2026-12-02\n");
    const refused = await cli("ratings", "import", bad);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Line 3: the rating must be a number from 1 to 5, not "6"');
    expect(refused.stderr).toContain("Nothing was imported");
    const missing = await cli("ratings", "import");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("ratings import needs a CSV file");

    const store = await backend.open();
    try {
      expect(await ratingSummaries(store)).toEqual([
        { source, count: 4, average: 3.75, from: "2026-01-10", to: "2026-12-01" },
      ]);
      const result = computeFigure(await samplesFor(store, "average-rating", null), new Date());
      expect(result).toMatchObject({ value: 3.75, n: 4, verdict: "too-little-data" });
      const { rows } = await store.query<{ details: Record<string, unknown>; actor_email: string | null }>(
        "SELECT details, actor_email FROM desk_audit_log WHERE action = 'ratings.imported' ORDER BY id",
      );
      expect(rows.map((row) => row.details)).toEqual([
        { source, added: 3, alreadyHeld: 0, file: "ratings.csv" },
        { source, added: 1, alreadyHeld: 1, file: "again.csv" },
      ]);
      expect(rows[0].actor_email).toBeNull();
    } finally {
      await store.close();
    }
  });
});
