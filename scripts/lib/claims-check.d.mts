export const FIGURE: RegExp;
export const ALLOWED_PHRASES: { pattern: RegExp; reason: string }[];
export const UNCHECKED_PAGES: { path: string; reason: string }[];
export const NOT_A_CLAIM_REASONS: Record<string, string>;
export function decodeEntities(text: string): string;
export function figuresIn(text: string): string[];
export interface PageScan {
  claims: Record<string, ("meta" | "text")[]>;
  unregistered: { where: string; phrase: string; context: string }[];
  markers: boolean;
}
export function scanPage(html: string): PageScan;
export function pagePath(relativeFile: string): string | null;
export interface ClaimsManifest {
  pages: Record<string, Record<string, ("meta" | "text")[]>>;
  claims: Record<string, string[]>;
}
export function checkPages(
  pages: { path: string; html: string }[],
  registeredIds: string[],
): { manifest: ClaimsManifest; problems: string[] };
