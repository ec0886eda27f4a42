/**
 * A lead's booked call (bookedCallAt, the latest booking the booking service
 * reported), as the lead's header and the inbox's rows show it: "Call booked:
 * Tue, Dec 8, 10:30 AM EST" in the provider's zone, with an icon and in
 * words, never colour alone. Only a call still to come is news; the header
 * also says when the last booked call was.
 */
import { CalendarClockIcon } from "lucide-react";
import type { WorkState } from "#domain/desk/contract";
import { cn } from "#ui/cn";
import { formatWhen } from "../lib/format";

/** The call, when it is still to come at `now`. */
export const upcomingCall = (work: Pick<WorkState, "bookedCallAt">, now = Date.now()) =>
  work.bookedCallAt && Date.parse(work.bookedCallAt) > now ? work.bookedCallAt : null;

/** The inbox row's marker: a call still to come; nothing otherwise. */
export function BookedCallFlag({ item }: { item: Pick<WorkState, "bookedCallAt"> }) {
  const at = upcomingCall(item);
  if (!at) return null;
  return (
    <span className="inline-flex items-center gap-1 text-xs font-semibold text-primary">
      <CalendarClockIcon aria-hidden="true" className="size-3.5 shrink-0" />
      <span>
        Call booked <time dateTime={at}>{formatWhen(at)}</time>
      </span>
    </span>
  );
}

/** The lead's header: the call to come, prominent; one already past, quietly. */
export function BookedCallHeader({
  work,
  className,
}: {
  work: Pick<WorkState, "bookedCallAt">;
  className?: string;
}) {
  if (!work.bookedCallAt) return null;
  const upcoming = upcomingCall(work);
  return (
    <p
      data-booked-call
      className={cn(
        "inline-flex items-center gap-2 rounded-lg text-sm",
        upcoming
          ? "border border-primary/40 bg-primary/10 px-3 py-1.5 font-semibold text-foreground"
          : "text-muted-foreground",
        className,
      )}
    >
      <CalendarClockIcon aria-hidden="true" className={cn("size-4 shrink-0", upcoming && "text-primary")} />
      <span>
        {upcoming ? "Call booked: " : "Last booked call: "}
        <time dateTime={work.bookedCallAt}>{formatWhen(work.bookedCallAt)}</time>
      </span>
    </p>
  );
}
