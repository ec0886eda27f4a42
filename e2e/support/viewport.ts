import { expect, type Locator } from "@playwright/test";

/** Waits until the element's top edge has settled inside the viewport (smooth scrolling done). */
export async function expectScrolledIntoView(target: Locator) {
  await expect
    .poll(
      async () =>
        target.evaluate((element) => {
          const { top } = element.getBoundingClientRect();
          return top >= -2 && top < window.innerHeight / 2;
        }),
      { timeout: 5_000 },
    )
    .toBe(true);
}

/** Waits until the section's top has settled exactly at its scroll margin below the sticky header. */
export async function expectAtScrollMargin(section: Locator) {
  const margin = await section.evaluate((element) =>
    Math.round(parseFloat(getComputedStyle(element).scrollMarginTop)),
  );
  await expect
    .poll(() => section.evaluate((element) => Math.round(element.getBoundingClientRect().top)), {
      timeout: 5_000,
    })
    .toBe(margin);
}

/** Waits until the page script has let the browser skip `target` off screen (app/page/skip-offscreen.ts). */
export async function expectSkippedOffscreen(target: Locator) {
  await expect
    .poll(() => target.evaluate((element) => getComputedStyle(element).contentVisibility))
    .toBe("auto");
}
