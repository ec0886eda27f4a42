/** The funding wizard island's code, fetched as the visitor approaches or reaches for it (loader.ts). */
import { FundingWizardIsland } from "~/features/application/funding-wizard";
import { hydrateIsland } from "./hydrate";

export function wake(element: HTMLElement, props: Record<string, unknown>): Promise<void> {
  return hydrateIsland(element, "wizard", FundingWizardIsland, props);
}
