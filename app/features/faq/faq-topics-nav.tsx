import type { FaqGroup } from "~/content/faq";

/** In-page jump links to the four groups (plain anchors: same page). */
export function FaqTopicsNav({ groups }: { groups: FaqGroup[] }) {
  return (
    <nav aria-label="FAQ topics" className="lg:sticky lg:top-24">
      <p className="text-sm font-semibold tracking-wider text-primary uppercase">Topics</p>
      <ul className="mt-3 flex flex-wrap gap-2 lg:flex-col lg:gap-1">
        {groups.map((group) => (
          <li key={group.id}>
            <a
              href={`#${group.id}`}
              className="inline-flex rounded-full border border-border bg-card px-3.5 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:border-primary hover:text-foreground lg:w-full lg:rounded-lg lg:border-transparent lg:bg-transparent lg:px-3 lg:py-2 lg:hover:bg-muted"
            >
              {group.title}
              <span className="sr-only"> ({group.items.length} questions)</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
