import { Badge } from "#ui/badge";
import { cn } from "#ui/cn";

/** The signed-in user's count of new applications beside "Inbox" (nothing at zero): "Inbox 3 new" to a screen reader. */
export function NewCountBadge({ count, className }: { count: number | null; className?: string }) {
  if (!count) return null;
  return (
    <>
      {" "}
      <Badge variant="busy" className={cn("ml-1.5 px-2 tabular-nums", className)}>
        {count > 99 ? "99+" : count} <span className="sr-only">new</span>
      </Badge>
    </>
  );
}
