/** A form page's header on the muted band: its eyebrow, its h1 and a summary (opt-out, document room). */
export function PageHeader({ eyebrow, title, summary }: { eyebrow: string; title: string; summary: string }) {
  return (
    <header className="border-b border-border bg-muted">
      <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <p className="text-sm font-semibold tracking-wider text-primary uppercase">{eyebrow}</p>
        <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
        <p className="text-lg leading-relaxed text-pretty text-muted-foreground">{summary}</p>
      </div>
    </header>
  );
}
