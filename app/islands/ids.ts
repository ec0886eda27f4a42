/**
 * An island's useId prefix. The island is rendered as a root of its own both
 * when the page is prerendered and when it wakes, so React's ids come out
 * the same; the prefix keeps two islands' ids apart on one page.
 */
export function islandIdPrefix(name: string): string {
  return `${name}-`;
}
