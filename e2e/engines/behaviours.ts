/**
 * The behaviours of the public pages checked in each engine besides Chromium
 * (e2e/engines/firefox.spec.ts, e2e/engines/webkit.spec.ts), at a phone's width
 * and a desktop's: the ones where engines differ (scrolling to a section or a
 * field under the sticky header, keys inside a dialog, the page behind an open
 * dialog), the document room's upload through a file input
 * (e2e/engines/document-room.ts), and screenshots of the home page and a dialog to look at.
 */
import { expect, test, type TestInfo } from "@playwright/test";
import { settled, until, type EngineSession } from "../support/engine";
import { sendsADocument } from "./document-room";

export interface EngineTestOptions {
  launch: () => Promise<EngineSession>;
  /**
   * Whether the links are followed only once the page script has let the engine skip the far
   * sections (app/page/skip-offscreen.ts), the state in which Firefox once landed them short.
   */
  skipsOffscreen: boolean;
}

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
];

/** Where `selector` sits: its top relative to the sticky header's bottom, and its own scroll margin. */
function placeBelowHeader(selector: string) {
  const element = document.querySelector(selector)!;
  const header = document.querySelector("[data-scroll-header]")!.getBoundingClientRect();
  const box = element.getBoundingClientRect();
  return {
    top: Math.round(box.top),
    bottom: Math.round(box.bottom),
    headerBottom: Math.round(header.bottom),
    margin: Math.round(parseFloat(getComputedStyle(element).scrollMarginTop)),
    viewportHeight: window.innerHeight,
  };
}

/** The element's top is in the upper half of the viewport (a smooth scroll to it has got there or near). */
function nearTop(selector: string) {
  const { top } = document.querySelector(selector)!.getBoundingClientRect();
  return top >= -2 && top < window.innerHeight / 2;
}

/** Every section the page script lets the browser skip off screen is skipped (app/page/skip-offscreen.ts). */
function farSectionsSkipped(ids: string[]) {
  return ids.every((id) => getComputedStyle(document.getElementById(id)!).contentVisibility === "auto");
}

/** The id of the dialog the home page's consultation button opens. */
function consultationDialogId() {
  return document.querySelector<HTMLDialogElement>('dialog[data-track-open="consultation_opened"]')!.id;
}

/** The id of the home page's dialog comparing the products (its controls are all the page's own). */
function compareDialogId() {
  return document.querySelector<HTMLDialogElement>("dialog[popover]:not([data-track-open])")!.id;
}

function dialogOpen(id: string) {
  const dialog = document.getElementById(id)!;
  return dialog.matches(":popover-open") && document.documentElement.hasAttribute("data-dialog-open");
}

/** Where the page's content lies on screen: moved or rewrapped, some of these change. */
function pageGeometry(triggerSelector: string) {
  const main = document.getElementById("main")!.getBoundingClientRect();
  const trigger = document.querySelector(triggerSelector)!.getBoundingClientRect();
  const heading = document.querySelector("h1")!.getBoundingClientRect();
  return {
    clientWidth: document.documentElement.clientWidth,
    main: [main.left, main.width, main.height].map(Math.round),
    // Its place in the document: a scroll by a few pixels as the click lands is not a shift.
    trigger: [trigger.left, trigger.top + window.scrollY, trigger.width].map(Math.round),
    heading: [heading.left, heading.width, heading.height].map(Math.round),
  };
}

/** The focused element's id (or tag), and the ids of the first and last controls of the dialog it is in. */
function focusInDialog(id: string) {
  const dialog = document.getElementById(id)!;
  const controls = [
    ...dialog.querySelectorAll<HTMLElement>(
      "button:not([disabled]), [href], input:not([disabled]), select, textarea, iframe, [tabindex]:not([tabindex='-1'])",
    ),
  ].filter((element) => !element.hasAttribute("data-focus-wrap") && element.getClientRects().length > 0);
  const name = (element: Element | null | undefined) =>
    element ? element.getAttribute("aria-label") || element.id || element.localName : null;
  return {
    active: name(document.activeElement),
    inside: dialog.contains(document.activeElement),
    first: name(controls[0]),
    last: name(controls[controls.length - 1]),
  };
}

async function attachScreenshot(session: EngineSession, testInfo: TestInfo, name: string) {
  await testInfo.attach(`${session.name}-${name}.png`, {
    body: await session.screenshot(),
    contentType: "image/png",
  });
}

export function defineEngineTests({ launch, skipsOffscreen }: EngineTestOptions) {
  let session: EngineSession;

  test.describe.configure({ timeout: 60_000 });
  test.beforeAll(async () => {
    // Starting a browser took over 30 s (the default hook timeout) on a 2-core machine at load 20.
    test.setTimeout(120_000);
    session = await launch();
  });
  test.afterAll(async () => {
    await session?.close();
  });

  /**
   * Where a section ends up once the scroll has settled at its scroll margin: a smooth scroll in a
   * browser starved of CPU (two cores, two workers, Xvfb) can stand still for longer than
   * `settled`'s 300 ms on its way, so the place is read again until it is there, for up to 7 s,
   * and the last place is named when it never gets there.
   */
  const landed = async (what: string, selector: string) => {
    const place = await settled(`${what} settles`, () => session.evaluate(placeBelowHeader, selector));
    if (Math.abs(place.top - place.margin) <= 1) return place;
    let last = place;
    return until(`${what} lands at its scroll margin`, async () => {
      last = await session.evaluate(placeBelowHeader, selector);
      return Math.abs(last.top - last.margin) <= 1 ? last : null;
    }).catch((error: Error) => {
      throw new Error(`${error.message}; last place ${JSON.stringify(last)}`);
    });
  };

  for (const size of WIDTHS) {
    test(`section links land exactly below the header while sections are skipped off screen (${size.width} px)`, async () => {
      await session.setViewport(size.width, size.height);
      await session.goto("/");
      const far = ["about-us", "how-it-works", "funding-form"];
      if (skipsOffscreen)
        await until("the far sections are skipped", () => session.evaluate(farSectionsSkipped, far));
      // The header's link at a desktop's width, the footer's on a phone (the header's is in the menu).
      await session.click('a[href="/#how-it-works"]');
      await until("How It Works scrolls into view", () => session.evaluate(nearTop, "#how-it-works"));
      const howItWorks = await landed("How It Works", "#how-it-works");
      expect(howItWorks.top, "How It Works lands at its scroll margin").toBeGreaterThanOrEqual(
        howItWorks.margin - 1,
      );
      expect(howItWorks.top).toBeLessThanOrEqual(howItWorks.margin + 1);

      // A product page's Apply Now goes home and scrolls to the form.
      await session.goto("/products/growth-capital");
      await session.click('main a[href="/#funding-form"]');
      await until("the home page's form is the target", () =>
        session.evaluate(
          () => location.hash === "#funding-form" && document.getElementById("funding-form") !== null,
        ),
      );
      await until("the form scrolls into view", () => session.evaluate(nearTop, "#funding-form"));
      const form = await landed("the form", "#funding-form");
      expect(form.top, "the form lands at its scroll margin").toBeGreaterThanOrEqual(form.margin - 1);
      expect(form.top).toBeLessThanOrEqual(form.margin + 1);
      expect(form.top, "below the sticky header").toBeGreaterThanOrEqual(form.headerBottom - 1);
    });
  }

  test("Next with errors focuses the first field below the sticky header", async () => {
    await session.setViewport(WIDTHS[1].width, WIDTHS[1].height);
    await session.goto("/");
    await session.evaluate(() => document.getElementById("funding-form")!.scrollIntoView());
    await until("the wizard wakes", () =>
      session.evaluate(() => document.querySelector("[data-island='wizard'][data-island-awake]") !== null),
    );
    // The Next button at the bottom of the screen: the first field is above it, off screen.
    await session.evaluate(() => {
      document.querySelector("#funding-form button[type=submit]")!.scrollIntoView({ block: "end" });
      window.scrollBy(0, 300);
    });
    await settled("the page settles", () => session.evaluate(() => window.scrollY));
    await session.click("#funding-form button[type=submit]");
    await until("Company Name is focused", () =>
      session.evaluate(() => document.activeElement?.id.endsWith("-companyName") ?? false),
    );
    const field = await settled("the field settles", () =>
      session.evaluate(() => {
        const { top, bottom } = document.activeElement!.getBoundingClientRect();
        const header = document.querySelector("[data-scroll-header]")!.getBoundingClientRect();
        return { top: Math.round(top), bottom: Math.round(bottom), headerBottom: Math.round(header.bottom) };
      }),
    );
    const view = await session.evaluate(() => window.innerHeight);
    expect(field.top, "the focused field shows below the sticky header").toBeGreaterThanOrEqual(
      field.headerBottom,
    );
    expect(field.bottom, "and on screen").toBeLessThanOrEqual(view);
  });

  test("Tab and Shift+Tab wrap inside an open dialog", async () => {
    await session.setViewport(WIDTHS[1].width, WIDTHS[1].height);
    await session.goto("/");
    const id = await session.evaluate(compareDialogId);
    await session.click(`button[popovertarget="${id}"]`);
    await until("the dialog is open", () => session.evaluate(dialogOpen, id));
    const opened = await session.evaluate(focusInDialog, id);
    expect(opened.active, "focus moves to the dialog's first control").toBe(opened.first);

    await session.press("Tab", { shift: true });
    const back = await session.evaluate(focusInDialog, id);
    expect(back.active, "Shift+Tab on the first control wraps to the last").toBe(back.last);
    expect(back.inside).toBe(true);

    await session.evaluate((dialogId) => {
      const dialog = document.getElementById(dialogId)!;
      const links = dialog.querySelectorAll<HTMLElement>("[href], button");
      links[links.length - 1].focus();
    }, id);
    const last = await session.evaluate(focusInDialog, id);
    if (last.active === last.last) {
      await session.press("Tab");
      const wrapped = await until("Tab on the last control wraps to the first", async () => {
        const now = await session.evaluate(focusInDialog, id);
        return now.active === now.first ? now : null;
      });
      expect(wrapped.inside).toBe(true);
    }
  });

  for (const size of WIDTHS) {
    test(`opening a dialog moves nothing on the page behind it (${size.width} px)`, async () => {
      const testInfo = test.info();
      await session.setViewport(size.width, size.height);
      await session.goto("/");
      await attachScreenshot(session, testInfo, `home-${size.width}`);
      const id = await session.evaluate(consultationDialogId);
      const trigger = `button[popovertarget="${id}"]`;
      await session.evaluate(
        (selector) =>
          document.querySelector(selector)!.scrollIntoView({ block: "center", behavior: "instant" }),
        trigger,
      );
      await settled("the page stops scrolling", () => session.evaluate(() => window.scrollY));
      const before = await settled("the page settles", () => session.evaluate(pageGeometry, trigger));
      await session.click(trigger);
      await until("the dialog is open", () => session.evaluate(dialogOpen, id));
      // Two frames after the page was held, its layout is what the visitor sees.
      await session.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      const during = await session.evaluate(pageGeometry, trigger);
      await attachScreenshot(session, testInfo, `dialog-${size.width}`);
      expect(during, "the page behind the dialog keeps its width and layout").toEqual(before);
    });
  }

  test("the document room: opened from its link, a PDF chosen is received, a renamed web page refused", async () => {
    const testInfo = test.info();
    await session.setViewport(WIDTHS[0].width, WIDTHS[0].height);
    await sendsADocument(session);
    await attachScreenshot(session, testInfo, "document-room");
  });
}
