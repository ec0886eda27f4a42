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
