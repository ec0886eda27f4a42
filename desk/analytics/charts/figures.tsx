import { count } from "./chart-frame";

/** Headline figures, each with what it counts when the label alone could mislead. */
export function Figures({ items }: { items: { label: string; value: number | string; counts?: string }[] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {items.map((item) => (
        <div
          key={item.label}
          className="flex flex-col rounded-xl border border-border bg-card p-4 shadow-card"
        >
          <dt className="text-sm text-muted-foreground">{item.label}</dt>
          <dd className="text-2xl font-semibold tabular-nums">
            {typeof item.value === "number" ? count(item.value) : item.value}
          </dd>
          {item.counts && <dd className="mt-1 text-xs text-muted-foreground">{item.counts}</dd>}
        </div>
      ))}
    </dl>
  );
}
