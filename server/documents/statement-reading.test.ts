/**
 * A statement's text read by PDF.js in its worker thread, bounded: the text
 * of a real PDF comes back with its lines, and a file that is not a PDF, a
 * reading past its time and the pages past the limit give no text, never an
 * error thrown at the upload.
 */
import { describe, expect, it } from "vitest";
import { samplePng, statementPdf } from "../../test/support/document-files";
import { findStatementPeriod } from "./statement-period";
import { READ_LIMITS, pdfText } from "./statement-reading";

describe("a statement's text", () => {
  it("comes back line by line, and its period is found in it", async () => {
    const result = await pdfText(
      statementPdf(["Harbor Community Bank", "Statement Period 03/01/2026 - 03/31/2026", "Page 1 of 1"]),
    );
    expect(result).toEqual({ text: expect.stringContaining("Statement Period 03/01/2026 - 03/31/2026") });
    expect(findStatementPeriod("text" in result ? result.text : "")).toEqual({
      from: "2026-03-01",
      to: "2026-03-31",
    });
  });

  it("is none for a file that is not a PDF, and for a reading past its time", async () => {
    expect(await pdfText(samplePng)).toEqual({ failure: "unreadable" });
    expect(await pdfText(Buffer.from("%PDF-1.7\n% cut short"))).toEqual({ failure: "unreadable" });
    const slow = await pdfText(statementPdf(["Statement Period 03/01/2026 - 03/31/2026"]), {
      ...READ_LIMITS,
      timeoutMs: 1,
    });
    expect(slow).toEqual({ failure: "timeout" });
  });

  it("stops at its character limit", async () => {
    const result = await pdfText(statementPdf(["A".repeat(80), "Statement Period 03/01/2026 - 03/31/2026"]), {
      ...READ_LIMITS,
      maxChars: 40,
    });
    expect(result).toEqual({ text: "A".repeat(40) });
  });
});
