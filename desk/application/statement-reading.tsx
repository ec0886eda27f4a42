/**
 * Bank statements as the machine read them (decision 0022), in the documents
 * panel: under each statement file the period read from its text, or that it
 * was not read; above the checklist, the months asked for that no statement
 * read covers, or which files could not be read. Always marked as the
 * machine's reading: a hint to check against the statements, not a fact.
 */
import { BotIcon } from "lucide-react";
import type { DocumentFile, DocumentsPanel } from "#domain/desk/contract";
import { monthLabel } from "#domain/documents/checklist";
import type { StatementGap, StatementPeriod } from "#domain/documents/statement-coverage";

const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const parts = (day: string) => {
  const [year, month, date] = day.split("-").map(Number);
  return { year, month: SHORT_MONTHS[month - 1], date };
};

/** "1 Jan – 31 Jan 2026"; across a year's end "15 Dec 2025 – 14 Jan 2026". */
export function periodWords({ from, to }: StatementPeriod): string {
  const start = parts(from);
  const end = parts(to);
  const first = `${start.date} ${start.month}${start.year === end.year ? "" : ` ${start.year}`}`;
  return `${first} – ${end.date} ${end.month} ${end.year}`;
}

/** "March 2026" for a whole month, "1–14 Mar 2026" for part of one. */
export function gapWords(gap: StatementGap): string {
  if (gap.wholeMonth) return monthLabel(gap.month);
  const start = parts(gap.from);
  const end = parts(gap.to);
  const days = start.date === end.date ? `${start.date}` : `${start.date}–${end.date}`;
  return `${days} ${end.month} ${end.year}`;
}

const HINT = "Read by the machine from the PDF's text, not checked by anyone: compare it with the statement.";

/** One statement file's reading, in words. */
export function readingWords(file: DocumentFile): string | null {
  const reading = file.statement;
  if (!reading) return null;
  if (reading.state === "read") return `Machine-read: ${periodWords(reading)}`;
  if (reading.state === "pending") return "Not read yet: the file is still being checked";
  return file.type === "application/pdf"
    ? "Not read: no single statement period was found in its text"
    : "Not read: only a PDF's text is read";
}

/** Under a statement file: its period, marked as the machine's reading. */
export function StatementLine({ file }: { file: DocumentFile }) {
  const words = readingWords(file);
  if (!words) return null;
  return (
    <p className="flex items-center gap-1 text-xs text-muted-foreground" title={HINT}>
      <BotIcon aria-hidden="true" className="size-3.5 shrink-0" />
      {words}
    </p>
  );
}

/** Above the checklist: the months no statement read covers, or the files not read. */
export function StatementsSummary({ statements }: Pick<DocumentsPanel, "statements">) {
  if (!statements) return null;
  let words: string;
  if (statements.state === "unread") {
    words = `Missing months not worked out: not every statement was read. Not read: ${statements.files.join(", ")}.`;
  } else if (statements.gaps.length === 0) {
    words = "Every month asked for is covered by the statements read.";
  } else {
    words = `Missing: ${statements.gaps.map(gapWords).join(", ")}.`;
  }
  return (
    <div
      role="group"
      aria-label="Bank statements, machine-read"
      className="mb-4 flex flex-col gap-1 rounded-lg border border-dashed border-border px-3 py-2 text-sm"
    >
      <p className="flex items-center gap-1 font-medium">
        <BotIcon aria-hidden="true" className="size-4 shrink-0" />
        Bank statements, machine-read
      </p>
      <p>{words}</p>
      <p className="text-xs text-muted-foreground">{HINT}</p>
    </div>
  );
}
