import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { claimIn, claimRecord, claimWording } from "#domain/claims/register";
import { pageMeta } from "~/seo/meta";
import { Claim } from "./claim";
import { ClaimText } from "./claim-text";

// decision-time is reviewed by 2027-06-30 (domain/claims/register.ts): lapsed the day after.
const LAPSED_DAY = "2027-07-01";
const { wording, figure, fallback, reviewBy } = claimRecord("decision-time");

/** A page's uses of one claim: the component, a marked sentence, and the title. */
function renderUses() {
  const html = renderToStaticMarkup(
    <main>
      <Claim id="decision-time" />
      <p>
        <ClaimText text={`Get a decision within ${claimIn("decision-time")}.`} />
      </p>
      <p>
        <ClaimText text={claimWording("decision-time")} />
      </p>
    </main>,
  );
  const title = pageMeta({ title: `Apply: ${claimWording("decision-time")}`, description: "", path: "/" })[0];
  return { html, title: (title as { title: string }).title };
}

describe("a lapsed claim on a rendered page", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("shows its wording by default", () => {
    expect(reviewBy < LAPSED_DAY).toBe(true);
    vi.stubEnv("VITE_CLAIMS_STRICT", "0");
    vi.stubEnv("VITE_CLAIMS_TODAY", LAPSED_DAY);
    const { html, title } = renderUses();
    expect(html).toBe(
      `<main><span data-claim="decision-time">${wording}</span>` +
        `<p>Get a decision within <span data-claim="decision-time">${figure}</span>.</p>` +
        `<p><span data-claim="decision-time">${wording}</span></p></main>`,
    );
    expect(title).toBe(`Apply: ${wording}`);
  });

  it("shows its fallback everywhere in strict mode, and nothing of its figure", () => {
    vi.stubEnv("VITE_CLAIMS_STRICT", "1");
    vi.stubEnv("VITE_CLAIMS_TODAY", LAPSED_DAY);
    const { html, title } = renderUses();
    expect(html).toBe(
      `<main><span data-claim="decision-time">${fallback}</span>` +
        `<p>Get a decision within <span data-claim="decision-time">${fallback}</span>.</p>` +
        `<p><span data-claim="decision-time">${fallback}</span></p></main>`,
    );
    expect(title).toBe(`Apply: ${fallback}`);
    expect(html + title).not.toContain(figure);
  });

  it("shows its fallback in strict mode while no evidence file is filed, even in date", () => {
    vi.stubEnv("VITE_CLAIMS_STRICT", "1");
    vi.stubEnv("VITE_CLAIMS_TODAY", reviewBy);
    expect(renderUses().title).toBe(`Apply: ${fallback}`);
  });

  it("shows its wording in strict mode while the stored state has evidence filed and it is in date", () => {
    vi.stubEnv("VITE_CLAIMS_STRICT", "1");
    vi.stubEnv("VITE_CLAIMS_TODAY", reviewBy);
    vi.stubEnv("VITE_CLAIMS_STATE", JSON.stringify({ "decision-time": { evidenceFiles: 1 } }));
    expect(renderUses().title).toBe(`Apply: ${wording}`);
    expect(renderToStaticMarkup(<Claim id="decision-time" show="figure" />)).toContain(figure);
  });

  it("follows a recorded review: a later review-by day keeps it in date, strict or not", () => {
    vi.stubEnv("VITE_CLAIMS_STRICT", "1");
    vi.stubEnv("VITE_CLAIMS_TODAY", LAPSED_DAY);
    vi.stubEnv(
      "VITE_CLAIMS_STATE",
      JSON.stringify({ "decision-time": { evidenceFiles: 1, reviewBy: "2028-06-30" } }),
    );
    expect(renderUses().title).toBe(`Apply: ${wording}`);
  });
});
