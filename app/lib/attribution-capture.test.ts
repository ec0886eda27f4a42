import { beforeEach, describe, expect, it } from "vitest";
import { ATTRIBUTION_KEY, captureAttribution, readAttribution } from "./attribution-capture";
import { attributionSchema } from "#domain/application/schema";
import { failingStorage, MemoryStorage } from "../../test/support/site-pages/memory-storage";

const site = "https://harborline.test";
const start = new Date("2024-03-01T12:00:00.000Z");
const later = (minutes: number) => new Date(start.getTime() + minutes * 60 * 1000);
const days = (n: number) => later(n * 24 * 60);

describe("attribution", () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
  });

  it("captures UTM parameters, click ids, landing page and external referrer", () => {
    captureAttribution(storage, {
      url: `${site}/products/sba-loans?utm_source=google&utm_medium=cpc&utm_campaign=spring&utm_term=sba+loan&utm_content=ad1&gclid=G1&fbclid=F1&msclkid=M1&other=x`,
      referrer: "https://www.google.com/",
      now: start,
    });
    const touch = {
      utm_source: "google",
      utm_medium: "cpc",
      utm_campaign: "spring",
      utm_term: "sba loan",
      utm_content: "ad1",
      gclid: "G1",
      fbclid: "F1",
      msclkid: "M1",
      landingPage:
        "/products/sba-loans?utm_source=google&utm_medium=cpc&utm_campaign=spring&utm_term=sba+loan&utm_content=ad1&gclid=G1&fbclid=F1&msclkid=M1&other=x",
      referrer: "https://www.google.com/",
      at: start.toISOString(),
    };
    const attribution = readAttribution(storage, start);
    expect(attribution).toEqual({
      firstTouch: touch,
      lastTouch: touch,
      landingPage: touch.landingPage,
      referrer: "https://www.google.com/",
    });
    expect(attributionSchema.safeParse(attribution).success).toBe(true);
  });

  it("ignores internal referrers", () => {
    captureAttribution(storage, { url: `${site}/faq`, referrer: `${site}/`, now: start });
    const attribution = readAttribution(storage, start);
    expect(attribution.referrer).toBeUndefined();
    expect(attribution.lastTouch).toBeUndefined();
    expect(attribution.firstTouch).toEqual({ landingPage: "/faq", at: start.toISOString() });
  });

  it("sets the first touch once and updates the last touch on campaigns and referrals", () => {
    captureAttribution(storage, { url: `${site}/?utm_source=newsletter`, referrer: "", now: start });
    captureAttribution(storage, { url: `${site}/faq`, referrer: "", now: later(1) });
    expect(readAttribution(storage, later(1)).lastTouch?.utm_source).toBe("newsletter");

    captureAttribution(storage, {
      url: `${site}/?utm_source=linkedin&utm_medium=social`,
      referrer: "",
      now: later(2),
    });
    let attribution = readAttribution(storage, later(2));
    expect(attribution.firstTouch?.utm_source).toBe("newsletter");
    expect(attribution.lastTouch).toMatchObject({ utm_source: "linkedin", utm_medium: "social" });

    captureAttribution(storage, {
      url: `${site}/products/bridge-funding`,
      referrer: "https://news.example/",
      now: days(2),
    });
    attribution = readAttribution(storage, days(2));
    expect(attribution.firstTouch?.utm_source).toBe("newsletter");
    expect(attribution.lastTouch).toEqual({
      landingPage: "/products/bridge-funding",
      referrer: "https://news.example/",
      at: days(2).toISOString(),
    });
  });

  it("keeps the visit's landing page across page views and starts a new visit after 30 idle minutes", () => {
    captureAttribution(storage, {
      url: `${site}/products/sba-loans`,
      referrer: "https://bing.com/",
      now: start,
    });
    captureAttribution(storage, { url: `${site}/faq`, referrer: "", now: later(5) });
    captureAttribution(storage, { url: `${site}/`, referrer: "", now: later(20) });
    expect(readAttribution(storage, later(20))).toMatchObject({
      landingPage: "/products/sba-loans",
      referrer: "https://bing.com/",
    });

    captureAttribution(storage, { url: `${site}/faq`, referrer: "", now: later(60) });
    const attribution = readAttribution(storage, later(60));
    expect(attribution.landingPage).toBe("/faq");
    expect(attribution.referrer).toBeUndefined();
    expect(attribution.lastTouch?.referrer).toBe("https://bing.com/");
  });

  it("does not let a reload's repeated referrer replace a campaign touch", () => {
    captureAttribution(storage, {
      url: `${site}/?utm_source=google`,
      referrer: "https://google.com/",
      now: start,
    });
    captureAttribution(storage, { url: `${site}/`, referrer: "https://google.com/", now: later(3) });
    expect(readAttribution(storage, later(3)).lastTouch?.utm_source).toBe("google");
  });

  it("expires the first touch after 90 days", () => {
    captureAttribution(storage, { url: `${site}/?utm_source=old`, referrer: "", now: start });
    expect(readAttribution(storage, days(89)).firstTouch?.utm_source).toBe("old");
    expect(readAttribution(storage, days(91)).firstTouch).toBeUndefined();

    captureAttribution(storage, { url: `${site}/?utm_source=new`, referrer: "", now: days(91) });
    expect(readAttribution(storage, days(91)).firstTouch?.utm_source).toBe("new");
  });

  it("clips long values so the result always matches the schema", () => {
    captureAttribution(storage, {
      url: `${site}/?utm_source=${"a".repeat(900)}&x=${"b".repeat(3000)}`,
      referrer: `https://ref.example/${"c".repeat(3000)}`,
      now: start,
    });
    const attribution = readAttribution(storage, start);
    expect(attribution.firstTouch?.utm_source).toHaveLength(500);
    expect(attributionSchema.safeParse(attribution).success).toBe(true);
  });

  it("ignores corrupt or foreign stored data", () => {
    storage.setItem(ATTRIBUTION_KEY, "{broken");
    expect(readAttribution(storage, start)).toEqual({});
    storage.setItem(
      ATTRIBUTION_KEY,
      JSON.stringify({
        version: 1,
        firstTouch: { utm_source: 5, at: start.toISOString(), evil: "x" },
        landingPage: 7,
      }),
    );
    const attribution = readAttribution(storage, start);
    expect(attribution).toEqual({ firstTouch: { at: start.toISOString() } });
    expect(attributionSchema.safeParse(attribution).success).toBe(true);
    captureAttribution(storage, { url: `${site}/?utm_source=ok`, referrer: "", now: start });
    expect(readAttribution(storage, start).lastTouch?.utm_source).toBe("ok");
  });

  it("never throws when storage is unavailable", () => {
    expect(() =>
      captureAttribution(failingStorage, { url: `${site}/?utm_source=x`, referrer: "" }),
    ).not.toThrow();
    expect(readAttribution(failingStorage)).toEqual({});
    expect(() => captureAttribution(null, { url: `${site}/`, referrer: "" })).not.toThrow();
    expect(readAttribution(null)).toEqual({});
    expect(() => captureAttribution(storage, { url: "not a url", referrer: "" })).not.toThrow();
  });
});
