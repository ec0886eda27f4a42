import type { ReactNode } from "react";

/**
 * A chart with the same numbers as a table. The drawing is hidden from
 * screen readers (it says nothing the table does not); the table sits in a
 * disclosure anyone can open, and screen readers reach it like any other.
 * Charts draw without animation: nothing moves for people who asked for less
 * motion, and a bar's label never lags its bar.
 */
export function ChartFrame({
  chart,
  table,
  height = 260,
}: {
  /** The recharts drawing (its own accessibility layer off: the table is the accessible form). */
  chart: ReactNode;
  table: ReactNode;
  height?: number;
}) {
  return (
    <div className="flex flex-col gap-3">
      <div aria-hidden="true" className="w-full min-w-0" style={{ height }}>
        {chart}
      </div>
      <details className="group text-sm">
        <summary className="cursor-pointer font-medium text-primary underline-offset-4 hover:underline">
          Show the numbers as a table
        </summary>
        <div className="mt-3">{table}</div>
      </details>
    </div>
  );
}

/** The desk's chart colours: the site's tokens. */
export const CHART_COLORS = {
  primary: "var(--color-primary)",
  secondary: "var(--color-gold)",
  muted: "var(--color-muted-foreground)",
  grid: "var(--color-border)",
  danger: "var(--color-destructive)",
} as const;

/** "1,234" */
export const count = (value: number) => value.toLocaleString("en-US");
/** "12.5%" (one decimal), "" when there is nothing to divide by. */
export const percent = (part: number, whole: number) =>
  whole > 0 ? `${((part / whole) * 100).toLocaleString("en-US", { maximumFractionDigits: 1 })}%` : "";
