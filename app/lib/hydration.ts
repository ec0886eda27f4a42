/**
 * Whether a route asks for React in the browser: `export const handle = { hydrate: true }`.
 * No public route does; their pages are prerendered HTML and the page script
 * (app/page/main.ts). See docs/decisions/0013-pages-without-framework.md.
 */
export function wantsHydration(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as { hydrate?: unknown }).hydrate === true;
}
