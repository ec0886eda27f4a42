import { siteFacts } from "#domain/site-facts";
import { cn } from "#ui/cn";

/** Brand mark: a harbor light over two waves. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn("size-8", className)} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#0b1f3a" />
      <path d="M16 6l4 7h-8z" fill="#5eead4" />
      <rect x="14" y="13" width="4" height="8" fill="#f8fafc" />
      <path
        d="M6 23c2.5-2 5-2 7.5 0s5 2 7.5 0 5-2 5-2"
        stroke="#5eead4"
        strokeWidth="2"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function Logo({ inverse = false }: { inverse?: boolean }) {
  return (
    <a
      href="/"
      className={cn(
        "inline-flex items-center gap-2.5 rounded-lg text-lg font-bold tracking-tight",
        inverse ? "text-ink-foreground" : "text-foreground",
      )}
    >
      <LogoMark />
      <span>{siteFacts.brand}</span>
    </a>
  );
}
