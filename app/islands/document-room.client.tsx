/** The document room's code, fetched when the applicant presses to open it, or has a session (loader.ts). */
import { DocumentRoom } from "~/features/document-room/document-room";
import { hydrateIsland } from "./hydrate";

export function wake(element: HTMLElement, props: Record<string, unknown>): Promise<void> {
  return hydrateIsland(element, "document-room", DocumentRoom, props);
}
