/**
 * The 404 page (marked `data-not-found`; the server answers every unknown
 * path with it) logs the path the visitor asked for on the console, in the
 * line the site has always written there.
 */
export function logNotFound(doc: Document = document): void {
  if (!doc.querySelector("[data-not-found]")) return;
  console.error("404 Error: User attempted to access non-existent route:", doc.location.pathname);
}
