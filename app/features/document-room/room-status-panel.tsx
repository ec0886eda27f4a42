/**
 * Where the application stands, in the applicant's words (GET /api/room's
 * `status`, domain/documents/room-status.ts): its stage among the four steps,
 * the review the site promised and when it was met, whether documents are
 * still needed, and once they are complete the decision the site promised and
 * when it was made.
 */
import { CheckIcon, ClockIcon, FileCheckIcon, FileWarningIcon } from "lucide-react";
import { useId } from "react";
import { cn } from "#ui/cn";
import type { RoomStage } from "#domain/documents/room-status";
import type { RoomView } from "#domain/documents/room-view";
import { formatDay, formatInstant } from "./room-format";

/** The steps an application goes through, as the room draws them (closed is said in words alone). */
const STEPS: { stage: RoomStage; label: string }[] = [
  { stage: "received", label: "Received" },
  { stage: "in-review", label: "In review" },
  { stage: "decision", label: "Decision" },
  { stage: "funded", label: "Funded" },
];

export function reviewLine({ dueAt, metAt }: RoomView["status"]["review"]): string | null {
  if (metAt)
    return `Reviewed ${formatInstant(metAt)}${dueAt ? `; we promised it by ${formatInstant(dueAt)}` : ""}.`;
  if (dueAt) return `We promised to review it by ${formatInstant(dueAt)}.`;
  return null;
}

export function decisionLine(decision: RoomView["status"]["decision"]): string | null {
  if (!decision) return null;
  if (decision.metAt)
    return `Decided ${formatInstant(decision.metAt)}; we promised a decision by ${formatInstant(decision.dueAt)}.`;
  return `Your documents are complete: we promised you a funding decision by ${formatInstant(decision.dueAt)}.`;
}

export function documentsLine(documents: RoomView["status"]["documents"]): string {
  if (documents.state === "complete") return "Our team has checked everything we asked for.";
  if (documents.state === "sent") return "You have sent everything we asked for; our team is checking it.";
  return documents.needed === 1
    ? "1 document is still needed."
    : `${documents.needed} documents are still needed.`;
}

export function RoomStatusPanel({ room }: { room: RoomView }) {
  const headingId = useId();
  const { status } = room;
  const current = STEPS.findIndex((step) => step.stage === status.stage);
  const review = reviewLine(status.review);
  const decision = decisionLine(status.decision);
  const nothingNeeded = status.documents.state !== "needed";
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-5 rounded-xl border border-border bg-card p-6 shadow-sm sm:p-8"
    >
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-xl font-semibold tracking-tight">
          Where your application stands
        </h2>
        <p className="text-sm text-muted-foreground">
          {room.fundingType}, applied for on {formatDay(room.submittedAt)}.
          {room.reference && (
            <>
              {" "}
              Reference{" "}
              <strong className="font-semibold whitespace-nowrap text-foreground tabular-nums">
                {room.reference}
              </strong>
            </>
          )}
        </p>
      </div>

      {current >= 0 && (
        <ol className="grid grid-cols-4 gap-2" aria-label="Steps">
          {STEPS.map((step, index) => (
            <li
              key={step.stage}
              aria-current={index === current ? "step" : undefined}
              className="flex flex-col gap-2 text-xs font-medium sm:text-sm"
            >
              <span
                aria-hidden="true"
                className={cn("h-1.5 rounded-full", index <= current ? "bg-primary" : "bg-muted")}
              />
              <span
                className={cn(index === current ? "font-semibold text-foreground" : "text-muted-foreground")}
              >
                {index < current && (
                  <CheckIcon aria-hidden="true" className="mr-1 inline size-3.5 text-primary" />
                )}
                {step.label}
                {index < current && <span className="sr-only"> (done)</span>}
              </span>
            </li>
          ))}
        </ol>
      )}

      <div className="flex flex-col gap-1">
        <p className="text-lg font-semibold" data-testid="room-stage">
          {status.label}
        </p>
        <p className="leading-relaxed text-muted-foreground">{status.text}</p>
      </div>

      <ul className="flex flex-col gap-3 border-t border-border pt-5 text-sm">
        {review && (
          <li className="flex items-start gap-3">
            <ClockIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span className="text-pretty">{review}</span>
          </li>
        )}
        {decision && (
          <li className="flex items-start gap-3">
            <ClockIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span data-testid="room-decision">{decision}</span>
          </li>
        )}
        <li className="flex items-start gap-3">
          {nothingNeeded ? (
            <FileCheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
          ) : (
            <FileWarningIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold" />
          )}
          <span>
            <strong className="font-semibold">{status.documents.label}.</strong>{" "}
            {documentsLine(status.documents)}
          </span>
        </li>
      </ul>
    </section>
  );
}
