/**
 * The trust strip under the hero. The names are fictional on purpose:
 * naming real banks would imply an endorsement we do not have.
 */
import type { ContentIconName } from "./icons";

export interface Institution {
  name: string;
  icon: ContentIconName;
  /** Typographic treatment, so the strip reads like a row of wordmarks. */
  style: "serif" | "caps" | "sans";
}

export const institutionsIntro = "Backed by capital partners including";

export const institutions: Institution[] = [
  { name: "Northmere Bancorp", icon: "landmark", style: "serif" },
  { name: "Kestrel Point Credit", icon: "line-chart", style: "caps" },
  { name: "Ashcombe Trust", icon: "shield-check", style: "serif" },
  { name: "Vellum Ridge Capital", icon: "layers", style: "sans" },
  { name: "Tidewell Financial", icon: "building", style: "caps" },
  { name: "Marlowe & Finch", icon: "scale", style: "serif" },
];
