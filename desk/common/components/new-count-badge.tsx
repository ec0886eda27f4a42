import { Badge } from "#ui/badge";
import { cn } from "#ui/cn";

/** The signed-in user's count of new applications beside "Inbox" (nothing at zero). */
export function NewCountBadge({ count, className }: { count: number | null; className?: string }) {
  if (!count) return null;
  return (
    <Badge variant="busy" className={cn("ml-2 px-2 tabular-nums", className)}>
      {count > 99 ? "99+" : count}
      <span className="sr-only"> new</span>
    </Badge>
  );
}
