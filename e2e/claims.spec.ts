/**
 * Every figure on the public pages is a registered claim (docs/claims.md): the
 * build's check, read on the build these tests serve (no extra build). Its
 * manifest is found by the build, from the HTML; a real prerendered product
 * page passes the check, and fails it, naming the figure, once an unregistered
 * one is added.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { claimRegister } from "../domain/claims/register";
import { checkPages, type ClaimsManifest } from "../scripts/lib/claims-check.mjs";
import { E2E } from "./support/env";
import { expect, test } from "./support/test";

const PRODUCT = "/products/growth-capital";
const ids = claimRegister.map((record) => record.id);

function built(path: string) {
  return readFileSync(join(E2E.buildDir, "client", path, "index.html"), "utf8");
}

test("the build's manifest says which claims the home page and a product page print", () => {
  const manifest = JSON.parse(
    readFileSync(join(E2E.buildDir, "current", "claims-manifest.json"), "utf8"),
  ) as ClaimsManifest;
  expect(manifest.pages["/"]).toMatchObject({
    "businesses-funded": ["text"],
    "client-success-rate": ["text"],
    "average-rating": ["text"],
    "decision-time": ["meta", "text"],
    "testimonial-closed-in-18-days": ["meta", "text"],
  });
  expect(manifest.pages["/"]).toMatchObject({ "terms-growth-capital-term": ["text"] });
  expect(manifest.pages[PRODUCT]).toMatchObject({
    "range-growth-capital": ["meta", "text"],
    "terms-growth-capital-interest-only": ["text"],
    "step-growth-capital-1": ["text"],
  });
  expect(manifest.claims["decision-time"]).toEqual(expect.arrayContaining(["/", "/faq", PRODUCT]));
  for (const id of Object.keys(manifest.claims)) expect(ids).toContain(id);
});

test("a product page with an unregistered figure fails the check, naming it; without it, it passes", () => {
  const html = built(PRODUCT);
  expect(checkPages([{ path: PRODUCT, html }], ids).problems).toEqual([]);

  const added = html.replace("</main>", "<p>Most clients repay in 14 months.</p></main>");
  expect(added).not.toBe(html);
  const { problems } = checkPages([{ path: PRODUCT, html: added }], ids);
  expect(problems).toHaveLength(1);
  expect(problems[0]).toContain(`${PRODUCT}: "14 months" in the text is a figure outside any claim: `);
  expect(problems[0]).toContain("Most clients repay in [14 months].");

  const removed = added.replace("<p>Most clients repay in 14 months.</p>", "");
  expect(checkPages([{ path: PRODUCT, html: removed }], ids).problems).toEqual([]);
});
