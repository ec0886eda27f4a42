// @vitest-environment jsdom
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { highlightActiveSection, READING_LINE_PX } from "./active-section";

// jsdom lays nothing out: each heading's distance from the top of the
// viewport is set by hand, and the page's height with it.
const tops: Record<string, number> = {};
let stop: () => void;
/** The frames the script asked for, run by scrollTo as the browser would before painting. */
let frames: FrameRequestCallback[];

beforeEach(() => {
  document.body.innerHTML = `
    <nav data-active-section-toc>
      <a href="#one">1. One</a><a href="#two">2. Two</a><a href="#three">3. Three</a>
    </nav>
    <nav><a href="#two">Not followed</a></nav>
    <h2 id="one">One</h2><h2 id="two">Two</h2><h2 id="three">Three</h2>`;
  for (const id of ["one", "two", "three"]) {
    const heading = document.getElementById(id)!;
    heading.getBoundingClientRect = () => ({ top: tops[id] }) as DOMRect;
  }
  Object.assign(tops, { one: 300, two: 900, three: 1500 });
  Object.defineProperty(document.documentElement, "scrollHeight", { value: 5000, configurable: true });
  frames = [];
  vi.spyOn(window, "requestAnimationFrame").mockImplementation((callback) => frames.push(callback));
});

afterEach(() => {
  stop?.();
  vi.restoreAllMocks();
  window.scrollY = 0;
});

const current = () =>
  [...document.querySelectorAll("[aria-current]")].map(
    (link) => `${link.getAttribute("href")} ${link.getAttribute("aria-current")}`,
  );

function scrollTo(y: number, headingTops: Record<string, number>) {
  Object.assign(tops, headingTops);
  window.scrollY = y;
  window.dispatchEvent(new Event("scroll"));
  for (const frame of frames.splice(0)) frame(0);
}

test("nothing is marked before the first heading reaches the reading line", () => {
  stop = highlightActiveSection(document);
  expect(current()).toEqual([]);
});

test("the last heading past the reading line marks its link as the current location", () => {
  stop = highlightActiveSection(document);
  scrollTo(800, { one: -500, two: READING_LINE_PX, three: 700 });
  expect(current()).toEqual(["#two location"]);
  scrollTo(300, { one: READING_LINE_PX - 1, two: 600, three: 1200 });
  expect(current()).toEqual(["#one location"]);
});

test("at the very bottom of the page the last section is current, even below the line", () => {
  stop = highlightActiveSection(document);
  scrollTo(5000 - window.innerHeight, { one: -3000, two: -100, three: 400 });
  expect(current()).toEqual(["#three location"]);
});

test("once stopped it no longer follows the scroll", () => {
  stop = highlightActiveSection(document);
  stop();
  scrollTo(800, { one: -500, two: 50, three: 700 });
  expect(current()).toEqual([]);
});
