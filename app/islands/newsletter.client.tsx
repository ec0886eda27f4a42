/** The newsletter island's code, fetched when the visitor reaches for the form (loader.ts). */
import { NewsletterForm } from "~/features/newsletter/newsletter-form";
import { hydrateIsland } from "./hydrate";

export function wake(element: HTMLElement, props: Record<string, unknown>): Promise<void> {
  return hydrateIsland(element, "newsletter", NewsletterForm, props);
}
