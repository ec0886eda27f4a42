import { describe, expect, it } from "vitest";
import {
  sampleElf,
  sampleHeic,
  sampleHtml,
  sampleJpeg,
  samplePdf,
  samplePe,
  samplePng,
  sampleSvg,
  sampleZip,
} from "../../test/support/document-files";
import { SNIFF_BYTES, detectFileKind } from "./file-kind";

const first = (bytes: Uint8Array) => bytes.subarray(0, SNIFF_BYTES);

describe("what a file is, from its bytes", () => {
  it.each([
    ["a PDF", samplePdf(), "pdf", "application/pdf"],
    ["a JPEG", sampleJpeg, "jpeg", "image/jpeg"],
    ["a PNG", samplePng, "png", "image/png"],
  ])("accepts %s", (_name, bytes, kind, mediaType) => {
    expect(detectFileKind(first(bytes))).toEqual({ accepted: true, kind, mediaType });
  });

  it("refuses a HEIC photo, saying to send a JPEG or a PDF (nothing here converts one)", () => {
    const detection = detectFileKind(first(sampleHeic));
    expect(detection).toMatchObject({ accepted: false, looksLike: "heic" });
    if (!detection.accepted) expect(detection.message).toMatch(/HEIC .*send it as a JPEG or a PDF/);
  });

  it("needs no more than the first bytes, and works with fewer for a short file", () => {
    expect(detectFileKind(Buffer.from("%PDF-1.4")).accepted).toBe(true);
    expect(detectFileKind(Buffer.from([0xff, 0xd8, 0xff])).accepted).toBe(true);
  });

  it.each([
    ["a web page named statement.pdf", sampleHtml, "html", /web page, not a PDF, whatever its name says/],
    ["an SVG drawing", sampleSvg, "svg", /SVG drawing/],
    [
      "an SVG without an XML declaration",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      "svg",
      /SVG/,
    ],
    ["a Linux program (ELF)", sampleElf, "executable", /program, not a document/],
    ["a Windows program (PE)", samplePe, "executable", /program, not a document/],
    ["a macOS program (Mach-O)", Buffer.from([0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1]), "executable", /program/],
    ["a ZIP folder", sampleZip(), "zip", /compressed folder \(ZIP\)\. Please open it/],
    ["a Word document", sampleZip("[Content_Types].xml"), "office", /save it as a PDF/],
    ["an Excel workbook", sampleZip("xl/workbook.xml"), "office", /save it as a PDF/],
    ["an old Word document", Buffer.from("d0cf11e0a1b11ae1000000", "hex"), "office", /Word, Excel/],
    ["a shell script", Buffer.from("#!/bin/sh\nrm -rf /\n"), "script", /script/],
    ["a text file", Buffer.from("account 1234\nbalance 100\n"), "text", /plain text file/],
    ["an XML file", Buffer.from('<?xml version="1.0"?><statement/>'), "xml", /XML/],
    ["an empty file", Buffer.alloc(0), "empty", /empty/],
    [
      "random bytes",
      Buffer.from([0x00, 0x01, 0x02, 0x03, 0x9c, 0xff]),
      "unknown",
      /cannot open this kind of file/,
    ],
  ])("refuses %s, saying what it is", (_name, bytes, looksLike, message) => {
    const detection = detectFileKind(first(bytes));
    expect(detection).toMatchObject({ accepted: false, looksLike });
    if (!detection.accepted) expect(detection.message).toMatch(message);
  });

  it("every refusal says what we accept, in words", () => {
    for (const bytes of [sampleHtml, sampleSvg, sampleElf, samplePe, sampleZip(), Buffer.alloc(0)]) {
      const detection = detectFileKind(first(bytes));
      if (detection.accepted) throw new Error("accepted");
      expect(detection.message).toContain("a PDF, or a photo (JPEG or PNG)");
    }
  });

  it("takes a PDF only when %PDF- is its very first bytes (no polyglot with a page in front)", () => {
    const polyglot = Buffer.concat([Buffer.from("<html><body>hi</body></html>\n"), samplePdf()]);
    expect(detectFileKind(first(polyglot))).toMatchObject({ accepted: false, looksLike: "html" });
    expect(
      detectFileKind(first(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), samplePdf()]))).accepted,
    ).toBe(false);
  });

  it("reads a web page behind a byte-order mark and white space, in any case", () => {
    const page = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from("\n  <HTML><BODY>x</BODY></HTML>"),
    ]);
    expect(detectFileKind(page)).toMatchObject({ accepted: false, looksLike: "html" });
  });

  it("names HEIF as HEIC only with an HEVC brand: AVIF and other ISO-BMFF files are refused as unknown", () => {
    const ftyp = (major: string, ...compatible: string[]) => {
      const box = Buffer.alloc(16 + 4 * compatible.length);
      box.writeUInt32BE(box.length, 0);
      box.write("ftyp", 4, "latin1");
      box.write(major, 8, "latin1");
      compatible.forEach((brand, index) => box.write(brand, 16 + 4 * index, "latin1"));
      return box;
    };
    const looksLike = (box: Buffer) => {
      const detection = detectFileKind(box);
      return detection.accepted ? detection.kind : detection.looksLike;
    };
    expect(looksLike(ftyp("heix"))).toBe("heic");
    expect(looksLike(ftyp("mif1", "miaf", "heic"))).toBe("heic");
    expect(looksLike(ftyp("avif", "mif1", "miaf"))).toBe("unknown");
    expect(looksLike(ftyp("mif1", "avif"))).toBe("unknown");
    expect(looksLike(ftyp("isom", "mp41"))).toBe("unknown");
  });
});
