import { describe, expect, it } from "vitest";
import { claimRegister } from "../../domain/claims/register";
import { checkPages, figuresIn, pagePath, scanPage } from "./claims-check.mjs";

const ids = claimRegister.map((record) => record.id);

/** A page as React prerenders one: head with title and meta, body with text. */
function page(body: string, head = "<title>Harborline Capital</title>") {
  return `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>${head}<style>.a{width:25%}</style></head><body><main>${body}</main><script>var x = "95%";</script></body></html>`;
}

function check(html: string, path = "/products/growth-capital") {
  return checkPages([{ path, html }], ids);
}

describe("figures on a page", () => {
  it("finds money, percentages, counts, ratings, durations and ranges", () => {
    expect(
      figuresIn(
        "$500K-$5M, $500M+, 95%, 3-10%, 5%+, 200+, 4.9/5, 48 hours, 2-3 weeks, 30-minute, Day 2-3, 12-48 month, $2.5M, 570-640",
      ),
    ).toEqual([
      "$500K-$5M",
      "$500M+",
      "95%",
      "3-10%",
      "5%+",
      "200+",
      "4.9/5",
      "48 hours",
      "2-3 weeks",
      "30-minute",
      "Day 2-3",
      "12-48 month",
      "$2.5M",
      "570-640",
    ]);
  });

  it("leaves the allow-list alone: phone numbers, dates, step counters, a product's name", () => {
    expect(
      figuresIn("Call (212) 555-0147. Version 2024-01. Step 1 of 4, 25% complete. 0% Strategic Financing"),
    ).toEqual([]);
    expect(figuresIn("0% strategic financing, at 0% interest")).toEqual(["0%"]);
  });
});

describe("the claims check", () => {
  it("passes a figure inside its claim's element and records the use", () => {
    const { manifest, problems } = check(
      page('<p>A decision within <span data-claim="decision-time">48 hours</span>.</p>'),
    );
    expect(problems).toEqual([]);
    expect(manifest.pages["/products/growth-capital"]).toEqual({ "decision-time": ["text"] });
    expect(manifest.claims["decision-time"]).toEqual(["/products/growth-capital"]);
  });

  it("fails a figure outside any claim, naming the page, the phrase and where it stands", () => {
    const { problems } = check(
      page('<p>A decision within <span data-claim="decision-time">48 hours</span>, funds in 9 days.</p>'),
    );
    expect(problems).toEqual([
      '/products/growth-capital: "9 days" in the text is a figure outside any claim: , funds in [9 days].',
    ]);
  });

  it("passes the same page once the figure is gone", () => {
    expect(check(page("<p>Funds soon after.</p>")).problems).toEqual([]);
  });

  it("lets through figures marked as not a claim, and leaves scripts and styles out", () => {
    const html = page(
      '<ul><li><span data-not-a-claim="requirement">At least $1M in annual recurring revenue</span></li></ul>' +
        '<figure data-not-a-claim="sample"><p>$847K <span>+24%</span></p></figure>',
    );
    expect(check(html).problems).toEqual([]);
  });

  it("checks the title and meta descriptions against the claims the page names for them", () => {
    const head =
      "<title>Growth Capital: $500K-$5M | Harborline Capital</title>" +
      '<meta name="description" content="A decision within 48 hours and funds in 9 days."/>' +
      `<meta name="claims" content="${JSON.stringify([
        ["range-growth-capital", "$500K-$5M"],
        ["decision-time", "48 hours"],
      ]).replaceAll('"', "&quot;")}"/>`;
    const { manifest, problems } = check(page("<p>Hello</p>", head));
    expect(problems).toEqual([
      '/products/growth-capital: "9 days" in the meta description is a figure outside any claim: A decision within 48 hours and funds in [9 days].',
    ]);
    expect(manifest.pages["/products/growth-capital"]).toEqual({
      "range-growth-capital": ["meta"],
      "decision-time": ["meta"],
    });
  });

  it("fails an id the register does not know, and a claim marker left in the HTML", () => {
    const { problems } = check(
      page('<p><span data-claim="made-up">99%</span> \uE000decision-time\uE00148 hours\uE002</p>'),
    );
    expect(problems).toHaveLength(3);
    expect(problems[0]).toBe('/products/growth-capital: data-claim="made-up" is not in the claim register');
    expect(problems[1]).toBe(
      "/products/growth-capital: a claim marker reached the HTML unrendered (use ClaimText or claimPlain)",
    );
    expect(problems[2]).toContain('"48 hours" in the text is a figure outside any claim');
  });

  it("does not check the legal texts", () => {
    expect(check(page("<p>Within 30 days of notice.</p>"), "/terms-of-service").problems).toEqual([]);
  });

  it("reads words split by React's comments as one, and words in separate elements apart", () => {
    expect(scanPage(page("<p>Day <!-- -->2-3</p>")).unregistered.map((f) => f.phrase)).toEqual(["Day 2-3"]);
    expect(scanPage(page("<p>3 weeks</p><p>12-48 month</p>")).unregistered.map((f) => f.phrase)).toEqual([
      "3 weeks",
      "12-48 month",
    ]);
  });

  it("names pages by their path", () => {
    expect(pagePath("index.html")).toBe("/");
    expect(pagePath("products/sba-loans/index.html")).toBe("/products/sba-loans");
    expect(pagePath("assets/page.js")).toBeNull();
  });
});
