/**
 * Small real files for the document room's tests: a one-page PDF, a JPEG, a
 * PNG and a HEIC, and the files people send by mistake. Made here, so no
 * fixture file needs keeping.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { qpdfPath } from "../../server/documents/pdf-password";

/** A valid one-page PDF (qpdf --check passes) with `text` on its page. */
export function samplePdf(text = "Statement March 2026 balance 12,345.67", padding = 0): Buffer {
  return onePagePdf(
    `BT /F1 18 Tf 72 720 Td (${text}) Tj ET\n${"% filler line to make the page longer\n".repeat(padding)}`,
  );
}

/**
 * A one-page PDF whose text is `lines`, one under the other, as a bank's
 * statement prints its header and summary: PDF.js reads them back.
 */
export function statementPdf(lines: string[]): Buffer {
  const escape = (line: string) => line.replace(/[\\()]/g, (character) => `\\${character}`);
  const shown = lines.map((line) => `(${escape(line)}) Tj T*`).join("\n");
  return onePagePdf(`BT /F1 10 Tf 14 TL 54 740 Td\n${shown}\nET\n`);
}

function onePagePdf(content: string): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let pdf = "%PDF-1.7\n";
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}

/** A 2×2 JPEG, as sharp writes one. */
export const sampleJpeg = Buffer.from(
  "/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAX/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCaAoAv/9k=",
  "base64",
);

/** A 2×2 PNG. */
export const samplePng = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWMwTptpnDaTAUIBAB/uBMm6iK1UAAAAAElFTkSuQmCC",
  "base64",
);

/** A 64×48 HEIC, as libheif's heif-enc writes one (brand heic, compatible mif1, heic, miaf). */
export const sampleHeic = Buffer.from(
  "AAAAHGZ0eXBoZWljAAAAAG1pZjFoZWljbWlhZgAAAa1tZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAAAAAAAA5waXRtAAAAAAACAAAAEGlkYXQAAAAAAEAAMAAAADhpbG9jAQAAAERAAAIAAQAAAAAAAAHRAAEAAAAAAAAAHgACAAEAAAAAAAAAAQAAAAAAAAAIAAAAOGlpbmYAAAAAAAIAAAAVaW5mZQIAAAEAAQAAaHZjMQAAAAAVaW5mZQIAAAAAAgAAZ3JpZAAAAADYaXBycAAAALZpcGNvAAAAdmh2Y0MBA3AAAAAAAAAAAAAe8AD8/fj4AAAPAyAAAQAYQAEMAf//A3AAAAMAkAAAAwAAAwAeugJAIQABACpCAQEDcAAAAwCQAAADAAADAB6gIIEFlurkprm4EBAwIAAAAwAgAAADACEiAAEABkQBwXPAiQAAABRpc3BlAAAAAAAAAEAAAABAAAAAFGlzcGUAAAAAAAAAQAAAADAAAAAQcGl4aQAAAAADCAgIAAAAGmlwbWEAAAAAAAAAAgABAoECAAICA4QAAAAaaXJlZgAAAAAAAAAOZGltZwACAAEAAQAAACZtZGF0AAAAGigBrxOA+BDhp//8TSj/+nXPD9PMe/OikM+A",
  "base64",
);

/** A web page, as a "download statement" link sometimes saves one. */
export const sampleHtml = Buffer.from(
  '<!DOCTYPE html>\n<html><head><title>Your statement</title></head><body><script>location="https://example.test"</script></body></html>\n',
);

export const sampleSvg = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="4"/></svg>\n',
);

/** The first bytes of a 64-bit ELF executable (enough for detection). */
export const sampleElf = Buffer.concat([
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]),
  Buffer.alloc(56),
]);

/** The first bytes of a Windows executable: "MZ", the DOS stub's text. */
export const samplePe = Buffer.concat([
  Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"),
  Buffer.alloc(56),
  Buffer.from("This program cannot be run in DOS mode."),
]);

/** A ZIP holding one file `statement.pdf`, stored (local file header, no compression). */
export function sampleZip(firstEntry = "statement.pdf"): Buffer {
  const name = Buffer.from(firstEntry);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name, Buffer.from("%PDF-1.7\n")]);
}

/** samplePdf locked with `password` (AES-256), made with qpdf. */
export function lockedPdf(text: string, password: string): Buffer {
  const dir = mkdtempSync(join(tmpdir(), "harborline-locked-"));
  try {
    writeFileSync(join(dir, "plain.pdf"), samplePdf(text));
    execFileSync(qpdfPath(), [
      "--encrypt",
      password,
      "owner",
      "256",
      "--",
      join(dir, "plain.pdf"),
      join(dir, "locked.pdf"),
    ]);
    return readFileSync(join(dir, "locked.pdf"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
