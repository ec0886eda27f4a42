/**
 * The application's documents on the lead page: where they stand at a glance
 * ("3 of 6 received"), then each checklist item with its state, the reason
 * it needs attention or is not applicable, what staff asked the applicant to
 * send for a document they requested, and its files, each opened in a
 * new tab (PDF, images) or downloaded (both audited), a held or unchecked
 * file neither. A rep accepts an item with a file, marks one as needing
 * attention (the applicant is e-mailed the reason and reads it in the room),
 * or asks for another document. Bank statements carry the period the machine
 * read from them, and the months none covers (statement-reading.tsx). `panel`
 * null: it could not be loaded.
 */
import { CheckIcon, DownloadIcon, ExternalLinkIcon, MessageSquareWarningIcon } from "lucide-react";
import { useState } from "react";
import { Badge, type BadgeVariant } from "#ui/badge";
import { Button, buttonVariants } from "#ui/button";
import type {
  ApplicationDetail,
  DocumentFile,
  DocumentItem,
  DocumentsChange,
  DocumentsPanel as Panel,
} from "#domain/desk/contract";
import {
  DOCUMENTS_STATE_LABELS,
  ITEM_STATE_DESK_LABELS,
  type DocumentsState,
} from "#domain/documents/documents-state";
import type { ItemState } from "#domain/documents/item-state";
import { documentAttentionInput } from "#domain/desk/inputs";
import { acceptItem, documentUrl, markItemForAttention } from "./api";
import { ErrorAlert, StatusMessage } from "../common/components/messages";
import { Section } from "../common/components/page";
import { formatDateTime } from "../common/lib/format";
import { useAction } from "../common/lib/use-action";
import { DocumentRequestForm } from "./document-request-form";
import { ReasonDialog } from "../common/components/reason-dialog";
import { StatementLine, StatementsSummary } from "./statement-reading";

export const DOCUMENTS_STATE_TONES: Record<DocumentsState, BadgeVariant> = {
  none: "quiet",
  needed: "held",
  complete: "good",
};

const ITEM_TONES: Record<ItemState, BadgeVariant> = {
  missing: "quiet",
  received: "busy",
  accepted: "good",
  "needs-attention": "bad",
  "not-applicable": "plain",
};

const TYPE_WORDS: Record<string, string> = {
  "application/pdf": "PDF",
  "image/jpeg": "JPEG",
  "image/png": "PNG",
};

/** "120 KB", "2.4 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Whether the file can be opened, and if not, why, in words. */
function fileHold(file: DocumentFile): string | null {
  if (file.scan === "flagged") return "Held: the virus scanner flagged it";
  if (file.checks === "needs-password") return "Locked: waiting for the applicant's password";
  if (file.checks === "pending") return "Being checked";
  return null;
}

const SCAN_WORDS: Record<DocumentFile["scan"], string> = {
  "not-scanned": "Not scanned",
  clean: "Scanned, clean",
  flagged: "Flagged",
};

function FileRow({ applicationId, file }: { applicationId: string; file: DocumentFile }) {
  const held = fileHold(file);
  const facts = [
    TYPE_WORDS[file.type ?? ""] ?? "File",
    formatBytes(file.size),
    formatDateTime(file.uploadedAt),
    SCAN_WORDS[file.scan],
  ];
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-border bg-background p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-mono text-xs break-all">{file.fileName}</p>
        <p className="text-xs text-muted-foreground">{facts.join(" · ")}</p>
        {file.originalName && (
          <p className="text-xs break-all text-muted-foreground">Sent as “{file.originalName}”</p>
        )}
        <StatementLine file={file} />
      </div>
      {held ? (
        <Badge variant={file.scan === "flagged" ? "bad" : "held"}>{held}</Badge>
      ) : (
        <div className="flex shrink-0 gap-2">
          <a
            href={documentUrl(applicationId, file.id, "view")}
            target="_blank"
            aria-label={`View ${file.fileName} in a new tab`}
            rel="noopener noreferrer"
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            <ExternalLinkIcon aria-hidden="true" />
            View
          </a>
          <a
            href={documentUrl(applicationId, file.id, "download")}
            download
            aria-label={`Download ${file.fileName}`}
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            <DownloadIcon aria-hidden="true" />
            Download
          </a>
        </div>
      )}
    </li>
  );
}

/** What a rep may do with the item, as item-state.ts allows staff. */
const canAccept = (item: DocumentItem) =>
  (item.state === "received" || item.state === "needs-attention") &&
  item.documents.some((file) => file.scan !== "flagged");
const canFlag = (item: DocumentItem) => item.state !== "missing";

function ItemRow({
  applicationId,
  item,
  onChanged,
}: {
  applicationId: string;
  item: DocumentItem;
  onChanged: (change: DocumentsChange, message: string) => void;
}) {
  const accept = useAction();
  const flag = useAction();
  const reasonLabel = item.state === "not-applicable" ? "The applicant's reason" : "What needs attention";
  return (
    <li className="flex flex-col gap-3 border-t border-border pt-4 first:border-t-0 first:pt-0">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 className="font-semibold">{item.label}</h3>
          <p className="text-xs text-muted-foreground">
            {item.requested ? "Asked for by staff. " : ""}
            {item.changedBy ? `Last changed by ${item.changedBy}, ${formatDateTime(item.changedAt)}` : ""}
          </p>
        </div>
        <Badge variant={ITEM_TONES[item.state]}>{ITEM_STATE_DESK_LABELS[item.state]}</Badge>
      </div>
      {item.detail && (
        <p className="text-sm text-muted-foreground">
          <span className="font-medium text-foreground">What to send:</span> {item.detail}
        </p>
      )}
      {item.reason && (
        <p className="rounded-lg bg-muted px-3 py-2 text-sm">
          <span className="font-medium">{reasonLabel}:</span> {item.reason}
        </p>
      )}
      {item.documents.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label={`Files for ${item.label}`}>
          {item.documents.map((file) => (
            <FileRow key={file.id} applicationId={applicationId} file={file} />
          ))}
        </ul>
      )}
      {(canAccept(item) || canFlag(item)) && (
        <div className="flex flex-wrap gap-2">
          {canAccept(item) && (
            <Button
              type="button"
              size="sm"
              disabled={accept.pending}
              aria-label={`Accept ${item.label}`}
              onClick={async () => {
                const next = await accept.run(() => acceptItem(applicationId, item.id));
                if (next) onChanged(next, `Accepted: ${item.label}.`);
              }}
            >
              <CheckIcon aria-hidden="true" />
              Accept
            </Button>
          )}
          {canFlag(item) && (
            <ReasonDialog
              trigger={
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-label={`Needs attention: ${item.label}`}
                >
                  <MessageSquareWarningIcon aria-hidden="true" />
                  Needs attention
                </Button>
              }
              title={`What needs attention: ${item.label}`}
              description="The applicant is e-mailed these words with a link to their document room, and reads them beside the item there. Say what to send."
              confirmLabel="Send to the applicant"
              rule={documentAttentionInput.shape.reason}
              pending={flag.pending}
              error={flag.error}
              onConfirm={async (reason) => {
                const next = await flag.run(() => markItemForAttention(applicationId, item.id, { reason }));
                if (!next) return false;
                onChanged(next, `Marked as needing attention; the applicant is e-mailed: ${item.label}.`);
                return true;
              }}
            />
          )}
        </div>
      )}
      <ErrorAlert>{accept.error?.message}</ErrorAlert>
    </li>
  );
}

/** "3 of 6 received · 2 accepted · 1 not applicable". */
export function summaryWords({ summary }: Pick<Panel, "summary">): string {
  const parts = [`${summary.received} of ${summary.asked} received`];
  if (summary.accepted) parts.push(`${summary.accepted} accepted`);
  if (summary.needed) parts.push(`${summary.needed} still needed`);
  if (summary.notApplicable) parts.push(`${summary.notApplicable} not applicable`);
  return parts.join(" · ");
}

/** `onApplication`: the application after a change, its timeline showing it. */
export function DocumentsPanel({
  applicationId,
  panel: loaded,
  onApplication,
}: {
  applicationId: string;
  panel: Panel | null;
  onApplication: (detail: ApplicationDetail) => void;
}) {
  const [panel, setPanel] = useState(loaded);
  const [news, setNews] = useState<string | null>(null);
  function changed(next: DocumentsChange, message: string) {
    setPanel(next.documents);
    onApplication(next.application);
    setNews(message);
  }
  if (!panel) {
    return (
      <Section title="Documents">
        <ErrorAlert>The documents could not be loaded. Reload the page to try again.</ErrorAlert>
      </Section>
    );
  }
  return (
    <Section
      title="Documents"
      description={panel.items.length > 0 ? summaryWords(panel) : undefined}
      actions={
        <Badge variant={DOCUMENTS_STATE_TONES[panel.state]}>{DOCUMENTS_STATE_LABELS[panel.state]}</Badge>
      }
    >
      {panel.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No checklist yet: it is made when the applicant first opens their document room (the link is in
          their receipt). You can ask for a document now.
        </p>
      ) : (
        <>
          <StatementsSummary statements={panel.statements} />
          <ul className="flex flex-col gap-4">
            {panel.items.map((item) => (
              <ItemRow key={item.id} applicationId={applicationId} item={item} onChanged={changed} />
            ))}
          </ul>
        </>
      )}
      <StatusMessage>{news}</StatusMessage>
      <DocumentRequestForm applicationId={applicationId} onRequested={changed} />
    </Section>
  );
}
