/**
 * What a file is, from its first bytes, never its name (decision 0021): the
 * three kinds the room accepts, and for the files people send by mistake a
 * message saying what the file is and what to send instead. Shared by the
 * room (to refuse before sending on a phone) and the server (which decides).
 */
export const ACCEPTED_FILE_KINDS = {
  pdf: { mediaType: "application/pdf", extension: "pdf" },
  jpeg: { mediaType: "image/jpeg", extension: "jpg" },
  png: { mediaType: "image/png", extension: "png" },
} as const;

export type AcceptedFileKind = keyof typeof ACCEPTED_FILE_KINDS;

/** How many first bytes `detectFileKind` reads: enough for every signature it knows. */
export const SNIFF_BYTES = 512;

/** What we accept, in the applicant's words. */
export const ACCEPTED_IN_WORDS = "a PDF, or a photo (JPEG or PNG)";

export type Detection =
  | { accepted: true; kind: AcceptedFileKind; mediaType: string }
  | { accepted: false; looksLike: RefusedKind; message: string };

export type RefusedKind =
  "empty" | "heic" | "html" | "svg" | "xml" | "executable" | "script" | "zip" | "office" | "text" | "unknown";

const REFUSALS: Record<RefusedKind, string> = {
  empty: `This file is empty. Please choose the document again: ${ACCEPTED_IN_WORDS}.`,
  // The server has no HEVC decoder to convert one (decision 0021).
  heic: `This is a HEIC photo, an iPhone's own format, which we cannot open. Please send it as a JPEG or a PDF: on an iPhone, Settings, Camera, Formats, "Most Compatible" takes photos as JPEG.`,
  html: `This file is a web page, not a PDF, whatever its name says. Please download the statement itself from your bank as a PDF, or send ${ACCEPTED_IN_WORDS}.`,
  svg: `This is an SVG drawing, which we cannot accept. Please send ${ACCEPTED_IN_WORDS}.`,
  xml: `This is a data file (XML), not a document. Please send ${ACCEPTED_IN_WORDS}.`,
  executable: `This file is a program, not a document, so we cannot accept it. Please send ${ACCEPTED_IN_WORDS}.`,
  script: `This file is a script, not a document, so we cannot accept it. Please send ${ACCEPTED_IN_WORDS}.`,
  zip: `This is a compressed folder (ZIP). Please open it and send each document in it on its own: ${ACCEPTED_IN_WORDS}.`,
  office: `This is a Word, Excel or other office file. Please save it as a PDF (File, then Save as or Export, then PDF) and send that.`,
  text: `This is a plain text file, not a document. Please send ${ACCEPTED_IN_WORDS}.`,
  unknown: `We cannot open this kind of file. Please send ${ACCEPTED_IN_WORDS}.`,
};

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);

const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0));

const PDF = ascii("%PDF-");
const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const FTYP = ascii("ftyp");
const HEIC_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx"]);
const HEIF_GENERIC_BRANDS = new Set(["mif1", "msf1"]);

const latin1 = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));

/** An ISO-BMFF `ftyp` box naming HEIC (HEVC-coded HEIF) as its brand or a compatible one. */
function isHeic(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, FTYP, 4)) return false;
  const size = ((bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3]) >>> 0;
  if (size < 16 || size > SNIFF_BYTES) return false;
  const major = latin1(bytes, 8, 12);
  if (HEIC_BRANDS.has(major)) return true;
  if (!HEIF_GENERIC_BRANDS.has(major)) return false;
  for (let at = 16; at + 4 <= Math.min(size, bytes.length); at += 4) {
    if (HEIC_BRANDS.has(latin1(bytes, at, at + 4))) return true;
  }
  return false;
}

const EXECUTABLES = [
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0x4d, 0x5a], // "MZ": Windows (PE) and DOS
  [0xfe, 0xed, 0xfa, 0xce], // Mach-O, 32-bit
  [0xfe, 0xed, 0xfa, 0xcf], // Mach-O, 64-bit
  [0xce, 0xfa, 0xed, 0xfe], // Mach-O, 32-bit, little-endian
  [0xcf, 0xfa, 0xed, 0xfe], // Mach-O, 64-bit, little-endian
  [0xca, 0xfe, 0xba, 0xbe], // Mach-O universal (also a Java class file)
  [0x00, 0x61, 0x73, 0x6d], // WebAssembly
];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP = [0x50, 0x4b, 0x05, 0x06];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]; // .doc, .xls, .ppt, .msg
const RTF = ascii("{\\rtf");

/** A ZIP whose first entry is an Office Open XML or OpenDocument part. */
function isOfficeZip(bytes: Uint8Array): boolean {
  const nameLength = bytes[26] | (bytes[27] << 8);
  const name = latin1(bytes, 30, 30 + nameLength);
  return /^(\[Content_Types\]\.xml|word\/|xl\/|ppt\/|docProps\/|_rels\/|mimetype$)/.test(name);
}

/** What a text file starts with, lower-cased, past a byte-order mark and white space. */
function textStart(bytes: Uint8Array): string {
  let at = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (at < bytes.length && [0x09, 0x0a, 0x0d, 0x20].includes(bytes[at])) at++;
  return latin1(bytes, at, at + 256).toLowerCase();
}

function looksLikeText(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, SNIFF_BYTES);
  // Control characters other than tab, newline, carriage return and form feed mean binary.
  return sample.every((byte) => byte >= 0x20 || [0x09, 0x0a, 0x0c, 0x0d].includes(byte));
}

function refusedKind(bytes: Uint8Array): RefusedKind {
  if (bytes.length === 0) return "empty";
  if (isHeic(bytes)) return "heic";
  if (EXECUTABLES.some((signature) => startsWith(bytes, signature))) return "executable";
  if (startsWith(bytes, ZIP)) return isOfficeZip(bytes) ? "office" : "zip";
  if (startsWith(bytes, EMPTY_ZIP)) return "zip";
  if (startsWith(bytes, OLE) || startsWith(bytes, RTF)) return "office";
  if (!looksLikeText(bytes)) return "unknown";
  const start = textStart(bytes);
  if (start.startsWith("#!")) return "script";
  if (/^<svg[\s>]/.test(start) || (start.startsWith("<?xml") && start.includes("<svg"))) return "svg";
  if (/^(<!doctype html|<html|<head|<body|<script|<iframe|<meta|<title|<!--)/.test(start)) return "html";
  if (start.startsWith("<?xml")) return "xml";
  return "text";
}

/**
 * What the file is, from its first bytes (SNIFF_BYTES are enough; fewer work
 * for short files): one of the accepted kinds, or refused with the message the
 * applicant reads.
 */
export function detectFileKind(firstBytes: Uint8Array): Detection {
  const accepted: AcceptedFileKind | null = startsWith(firstBytes, PDF)
    ? "pdf"
    : startsWith(firstBytes, JPEG)
      ? "jpeg"
      : startsWith(firstBytes, PNG)
        ? "png"
        : null;
  if (accepted) return { accepted: true, kind: accepted, mediaType: ACCEPTED_FILE_KINDS[accepted].mediaType };
  const looksLike = refusedKind(firstBytes);
  return { accepted: false, looksLike, message: REFUSALS[looksLike] };
}
