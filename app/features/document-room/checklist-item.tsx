/**
 * One document the application needs: its state in words (and a colour,
 * never colour alone), what to send, staff's reason when it needs attention,
 * the files already sent, the upload controls, and "Not applicable" with the
 * applicant's reason where the item's state allows it (item-state.ts).
 */
import { AlertTriangleIcon, FileIcon, ShieldAlertIcon } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Button } from "#ui/button";
import { cn } from "#ui/cn";
import { FieldError, FieldLabel } from "#ui/field";
import { Textarea } from "#ui/textarea";
import { REASON_MAX, type ItemState } from "#domain/documents/item-state";
import type { RoomItemView } from "#domain/documents/room-view";
import { formatFileSize } from "#domain/lib/format";
import { declareNotApplicable } from "./room-api";
import { formatInstant } from "./room-format";
import { UnlockForm } from "./unlock-form";
import { UploadControls, UploadProgress, type UploadState } from "./upload-controls";

const STATE_TONES: Record<ItemState, string> = {
  missing: "bg-muted text-muted-foreground ring-border",
  received: "bg-accent text-accent-foreground ring-primary/20",
  accepted: "bg-success/10 text-success ring-success/30",
  "needs-attention": "bg-destructive/10 text-destructive ring-destructive/30",
  "not-applicable": "bg-card text-muted-foreground ring-border",
};

/** States the applicant may still send a file in (an accepted item is done; a declared one says why not). */
const UPLOAD_STATES: readonly ItemState[] = ["missing", "received", "needs-attention"];
/** States the applicant may declare not applicable from. */
const DECLARE_STATES: readonly ItemState[] = ["missing", "needs-attention"];

export function ChecklistItem({
  item,
  upload,
  onFile,
  onRetry,
  onChanged,
}: {
  item: RoomItemView;
  upload?: UploadState;
  onFile: (file: File) => void;
  onRetry: () => void;
  /** The item moved on the server: the room reloads. */
  onChanged: (announcement: string) => void;
}) {
  const id = useId();
  const busy = upload?.phase === "checking" || upload?.phase === "sending" || upload?.phase === "retrying";
  const [declaring, setDeclaring] = useState(false);
  // Cancelling the declaration puts focus back on the button that opened it.
  const declareButton = useRef<HTMLButtonElement>(null);
  const cancelled = useRef(false);
  useEffect(() => {
    if (!declaring && cancelled.current) {
      cancelled.current = false;
      declareButton.current?.focus();
    }
  }, [declaring]);
  return (
    <section
      aria-labelledby={`${id}-name`}
      className={cn(
        "flex flex-col gap-4 rounded-xl border bg-card p-5 shadow-sm sm:p-6",
        item.state === "needs-attention" ? "border-destructive/40" : "border-border",
      )}
    >
      {/* The state stays top right at every width; a long name wraps beside it. */}
      <div className="flex items-start justify-between gap-3 sm:gap-4">
        <h3 id={`${id}-name`} className="min-w-0 flex-1 text-base font-semibold text-pretty sm:text-lg">
          {item.name}
        </h3>
        <span
          className={cn(
            "mt-0.5 shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 sm:mt-1",
            STATE_TONES[item.state],
          )}
          data-testid="item-state"
        >
          {item.stateLabel}
        </span>
      </div>
      <p className="-mt-2 text-sm leading-relaxed text-muted-foreground">{item.why}</p>

      {item.state === "needs-attention" && item.reason && (
        <p className="flex items-start gap-2 rounded-lg bg-destructive/5 p-3 text-sm">
          <AlertTriangleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
          <span>
            <strong className="font-semibold">What to fix:</strong> {item.reason}
          </span>
        </p>
      )}
      {item.state === "not-applicable" && item.reason && (
        <p className="text-sm">
          <strong className="font-semibold">Your reason:</strong> {item.reason}
        </p>
      )}

      {item.documents.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label={`Files sent for ${item.name}`}>
          {item.documents.map((document) => (
            <li key={document.id} className="flex items-start gap-2 text-sm">
              {document.held ? (
                <ShieldAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
              ) : (
                <FileIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              )}
              <span className="min-w-0">
                <span className="font-medium break-all">{document.fileName}</span>{" "}
                <span className="text-muted-foreground">
                  {formatFileSize(document.size)}
                  {document.uploadedAt && (
                    <>
                      , <span className="whitespace-nowrap">sent {formatInstant(document.uploadedAt)}</span>
                    </>
                  )}
                </span>
                {document.held && (
                  <span className="block text-destructive">
                    Our virus scanner flagged this file, so it is held. Please send the document again.
                  </span>
                )}
                {document.checking && (
                  <span className="block text-muted-foreground">We are still checking this file.</span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}

      {item.documents
        .filter((document) => document.needsPassword)
        .map((document) => (
          <UnlockForm
            key={document.id}
            document={document}
            onOpened={() => onChanged(`${document.fileName} is open. Thank you.`)}
          />
        ))}

      {/* A file that arrived locked is the password form's to speak of, not "was sent". */}
      {upload && !(upload.phase === "done" && item.documents.some((document) => document.needsPassword)) && (
        <UploadProgress upload={upload} onRetry={onRetry} />
      )}

      {(UPLOAD_STATES.includes(item.state) || DECLARE_STATES.includes(item.state)) && !declaring && (
        <div className="flex flex-wrap items-center gap-2">
          {UPLOAD_STATES.includes(item.state) && (
            <UploadControls itemName={item.name} busy={busy} onFile={onFile} />
          )}
          {DECLARE_STATES.includes(item.state) && !busy && (
            <Button ref={declareButton} type="button" variant="ghost" onClick={() => setDeclaring(true)}>
              Not applicable
            </Button>
          )}
        </div>
      )}
      {declaring && (
        <NotApplicableForm
          item={item}
          onCancel={() => {
            cancelled.current = true;
            setDeclaring(false);
          }}
          onDone={() => {
            setDeclaring(false);
            onChanged(`${item.name}: marked not applicable.`);
          }}
        />
      )}
    </section>
  );
}

function NotApplicableForm({
  item,
  onCancel,
  onDone,
}: {
  item: RoomItemView;
  onCancel: () => void;
  onDone: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState("");
  const [error, setError] = useState("");
  const [sending, setSending] = useState(false);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  // The form opens on the applicant's press: the field is where they go next.
  useEffect(() => fieldRef.current?.focus(), []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    if (!reason.trim()) {
      setError("Please give a reason.");
      return;
    }
    setSending(true);
    const answer = await declareNotApplicable(item.id, reason);
    setSending(false);
    if (answer.ok) onDone();
    else setError(answer.message);
  }

  return (
    <form
      method="dialog"
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-3 rounded-lg bg-muted p-4"
    >
      <FieldLabel htmlFor={`${id}-reason`}>Why doesn&apos;t this apply to you?</FieldLabel>
      <Textarea
        id={`${id}-reason`}
        value={reason}
        maxLength={REASON_MAX}
        ref={fieldRef}
        onChange={(event) => setReason(event.target.value)}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={`${id}-error`}
        className="min-h-20"
      />
      <FieldError id={`${id}-error`}>{error}</FieldError>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" aria-disabled={sending || undefined}>
          {sending ? "Saving…" : "Mark as not applicable"}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
