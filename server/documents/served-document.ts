/**
 * What serving a stored document takes, for the applicant's room and the
 * desk alike: whether it may be served yet, and the headers it goes out with.
 */

import { ACCEPTED_FILE_KINDS } from "#domain/documents/file-kind";

/** Why a complete document is not served: held by the virus scanner, a PDF waiting for its password, its checks running. */
export type NotServed = "held" | "needs-password" | "checking";

export function whyNotServed(document: {
  scan: "not-scanned" | "clean" | "flagged";
  checks: "pending" | "needs-password" | "done";
}): NotServed | null {
  if (document.scan === "flagged") return "held";
  if (document.checks === "needs-password") return "needs-password";
  return document.checks === "done" ? null : "checking";
}

/** Its type from its bytes, its length, a file name of ours, never sniffed, never cached. */
export function documentHeaders(
  document: { mediaType: string | null; size: number },
  fileName: string,
  disposition: "inline" | "attachment",
): Record<string, string> {
  return {
    "content-type": document.mediaType ?? "application/octet-stream",
    "content-length": String(document.size),
    "content-disposition": `${disposition}; filename="${fileName}"`,
    "x-content-type-options": "nosniff",
    "cache-control": "no-store",
  };
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "") || "document";

/** The name a document is served under: ours, from its item and its bytes' kind ("bank-statement-2026-03-1.pdf"). */
export function servedFileName(document: {
  slot: string | null;
  mediaType: string | null;
  position: number;
}): string {
  const base = !document.slot
    ? "document"
    : document.slot.startsWith("request:")
      ? "requested-document"
      : slug(document.slot);
  const kind = Object.values(ACCEPTED_FILE_KINDS).find((kind) => kind.mediaType === document.mediaType);
  return `${base}-${document.position}.${kind?.extension ?? "bin"}`;
}
