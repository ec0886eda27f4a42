/**
 * Computed claims on the public site, from the server's state file to the
 * page: the provider opts in (CLAIMS_COMPUTED), the build reads the latest
 * snapshots the server wrote (scripts/public-env.mjs), and the claim's whole
 * wording becomes the computed figure with its "as of" day, which the claims
 * check accepts. Off by default: the wording is today's. Too little data keeps
 * the wording too.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { COMPUTED_DEFINITIONS, COMPUTED_FIGURE_IDS } from "#domain/claims/computed";
import { claimRecord, claimRegister, claimWording } from "#domain/claims/register";
import { Claim } from "../app/components/claim";
import { ClaimText } from "../app/components/claim-text";
import { checkPages } from "../scripts/lib/claims-check.mjs";
import { COMPUTED_FIGURE_CLAIMS, computedClaimsEnv } from "../scripts/public-env.mjs";
import { writeClaimsStateFile } from "../server/claims/state-file";

const folder = mkdtempSync(join(tmpdir(), "claims-computed-build-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const snapshot = (figure: string, value: number | null, n: number, verdict: string) => ({
  id: "1",
  figure,
  value,
  n,
  median: null,
  periodStart: "2026-09-08T12:00:00.000Z",
  periodEnd: "2026-12-07T12:00:00.000Z",
  verdict,
  computedAt: "2026-12-07T12:00:00.000Z",
});

/** The state file as the server writes it: decisions 71% of 214, reviews too few to say. */
async function stateFile(): Promise<string> {
  const file = join(folder, "claims-state.json");
  await writeClaimsStateFile(file, {
    computed: {
      "decision-within-window": snapshot("decision-within-window", 0.71, 214, "does-not-support"),
      "review-within-window": snapshot("review-within-window", 0.25, 8, "too-little-data"),
    },
  });
  return file;
}

/** A page stating the two claims, in a component and in a sentence. */
function page(): string {
  const body = renderToStaticMarkup(
    createElement(
      "main",
      null,
      createElement(Claim, { id: "decision-time" }),
      createElement("p", null, createElement(ClaimText, { text: claimWording("review-time") })),
    ),
  );
  return `<!DOCTYPE html><html lang="en"><head><title>Harborline Capital</title></head><body>${body}</body></html>`;
}

describe("computed claims in the build", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("names the same claim for each figure as the definitions", () => {
    expect(COMPUTED_FIGURE_CLAIMS).toEqual(
      Object.fromEntries(COMPUTED_FIGURE_IDS.map((id) => [id, COMPUTED_DEFINITIONS[id].claim])),
    );
  });

  it("states nothing computed unless the provider opts in: today's wording", async () => {
    const file = await stateFile();
    expect(computedClaimsEnv({ CLAIMS_STATE_FILE: file })).toEqual({});
    expect(computedClaimsEnv({ CLAIMS_STATE_FILE: file, CLAIMS_COMPUTED: "0" })).toEqual({});
    vi.stubEnv("VITE_CLAIMS_COMPUTED", JSON.stringify({}));
    expect(page()).toContain(
      `<span data-claim="decision-time">${claimRecord("decision-time").wording}</span>`,
    );
  });

  it("states an opted-in claim as computed, with its as-of day, and the claims check passes it", async () => {
    const file = await stateFile();
    const shown = computedClaimsEnv({ CLAIMS_STATE_FILE: file, CLAIMS_COMPUTED: "1" });
    // Reviews have too little data: not stated.
    expect(Object.keys(shown)).toEqual(["decision-time"]);
    vi.stubEnv("VITE_CLAIMS_COMPUTED", JSON.stringify(shown));
    const html = page();
    expect(html).toContain(
      '<span data-claim="decision-time">71% of complete applications decided within 48 hours (as of Dec 7, 2026)</span>',
    );
    expect(html).toContain(`<span data-claim="review-time">${claimRecord("review-time").wording}</span>`);
    const result = checkPages(
      [{ path: "/", html }],
      claimRegister.map((record) => record.id),
    );
    expect(result.problems).toEqual([]);
    expect(result.manifest.claims["decision-time"]).toEqual(["/"]);

    // Only the claims named: reviews alone leaves decisions as they were.
    expect(computedClaimsEnv({ CLAIMS_STATE_FILE: file, CLAIMS_COMPUTED: "review-time" })).toEqual({});
  });

  it("keeps the wording with no state file, and refuses a claim that is not computed", () => {
    expect(computedClaimsEnv({ CLAIMS_STATE_FILE: join(folder, "none.json"), CLAIMS_COMPUTED: "1" })).toEqual(
      {},
    );
    expect(() => computedClaimsEnv({ CLAIMS_COMPUTED: "equity-kept" })).toThrow(
      /CLAIMS_COMPUTED must be 1 or computed claims' ids .* not "equity-kept"/,
    );
  });
});
