import { ContentIcon } from "~/components/content-icon";
import type { Institution } from "~/content/institutions";
import { cn } from "#ui/cn";

const wordmark = {
  serif: "font-serif text-base font-semibold tracking-tight sm:text-lg",
  caps: "text-xs font-bold tracking-[0.14em] uppercase sm:text-sm",
  sans: "text-sm font-semibold tracking-tight sm:text-base",
} as const;

/** Trust strip under the hero: the capital partners we place funding with. */
export function InstitutionsStrip({ intro, institutions }: { intro: string; institutions: Institution[] }) {
  return (
    <div className="border-t border-border pt-8">
      <p className="text-center text-sm font-medium text-muted-foreground">{intro}</p>
      <ul className="mt-6 flex flex-wrap items-center justify-center gap-x-8 gap-y-4 sm:gap-x-10 xl:flex-nowrap xl:justify-between xl:gap-x-4">
        {institutions.map((institution) => (
          <li
            key={institution.name}
            className="flex items-center gap-2 text-muted-foreground/80 transition-colors hover:text-foreground"
          >
            <ContentIcon name={institution.icon} className="size-5 shrink-0" />
            <span className={cn("whitespace-nowrap", wordmark[institution.style])}>{institution.name}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
