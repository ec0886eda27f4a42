// The text of a PDF's first pages, read with PDF.js (pdfjs-dist's build for
// Node) in a worker thread of its own (server/documents/statement-reading.ts
// starts it, bounds its time and memory, and ends it): a hostile PDF can
// stall or exhaust this thread, never the server's. The bytes come in
// `workerData`; the text goes back as one message, and is kept nowhere else.
// Plain JavaScript, not TypeScript: a worker thread loads its file as it is,
// from the source in tests and from beside the bundle in production
// (scripts/build-server.mjs copies it there).
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** @type {{ bytes: Uint8Array; maxPages: number; maxChars: number }} */
const { bytes, maxPages, maxChars } = workerData;
const packageDir = dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));

try {
  const pdf = await getDocument({
    data: bytes,
    // No code from the file is ever run, no font is installed, nothing is fetched.
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    isOffscreenCanvasSupported: false,
    enableXfa: false,
    verbosity: 0,
    cMapUrl: `${join(packageDir, "cmaps")}/`,
    cMapPacked: true,
  }).promise;
  let text = "";
  const pages = Math.min(pdf.numPages, maxPages);
  for (let number = 1; number <= pages && text.length < maxChars; number++) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    for (const item of content.items) {
      if ("str" in item) text += item.str + (item.hasEOL ? "\n" : "");
    }
    text += "\n";
    page.cleanup();
  }
  await pdf.destroy();
  parentPort?.postMessage({ text: text.slice(0, maxChars) });
} catch (error) {
  // Only the error's name: its message may quote the file.
  parentPort?.postMessage({ error: error instanceof Error ? error.name : "Error" });
}
