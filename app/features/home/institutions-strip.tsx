import { ContentIcon } from "~/components/content-icon";
import { institutions, institutionsIntro } from "~/content/institutions";
import { cn } from "~/lib/cn";

const wordmark = {
  serif: "font-serif text-lg font-semibold tracking-tight",
  caps: "text-sm font-bold tracking-[0.14em] uppercase",
  sans: "text-base font-semibold tracking-tight",
} as const;

/** Trust strip under the hero: the capital partners we place funding with. */
export function InstitutionsStrip() {
  return (
    <div className="border-t border-border pt-8">
      <p className="text-center text-sm font-medium text-muted-foreground">{institutionsIntro}</p>
      <ul className="mt-6 grid grid-cols-2 gap-x-6 gap-y-5 sm:grid-cols-3 lg:grid-cols-6">
        {institutions.map((institution) => (
          <li
            key={institution.name}
            className="flex items-center justify-center gap-2 text-muted-foreground/80 transition-colors hover:text-foreground"
          >
            <ContentIcon name={institution.icon} className="size-5 shrink-0" />
            <span className={cn("whitespace-nowrap", wordmark[institution.style])}>{institution.name}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
