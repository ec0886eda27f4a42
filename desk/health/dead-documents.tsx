import { RotateCcwIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "#ui/button";
import type { DeadDocument } from "#domain/desk/contract";
import { DataTable } from "../common/components/data-list";
import { EmptyState } from "../common/components/messages";
import { ReasonDialog } from "../common/components/reason-dialog";
import { Section } from "../common/components/page";
import { formatDateTime, plural } from "../common/lib/format";
import { useAction } from "../common/lib/use-action";
import { redeliverDocument } from "./api";

/** One dead document's "Redeliver": asks why (for the audit log), then puts it back in the queue. */
function RedeliverDocument({
  document,
  onDone,
}: {
  document: DeadDocument;
  onDone: (news: string) => Promise<void>;
}) {
  const action = useAction();
  return (
    <ReasonDialog
      trigger={
        <Button type="button" variant="outline" size="sm">
          <RotateCcwIcon aria-hidden="true" />
          Redeliver
        </Button>
      }
      title="Send this document to the CRM again"
      description={`Every attempt to hand ${document.fileName} to the CRM failed${document.lastError ? ` (its last answer: ${document.lastError})` : ""}. It is sent again now with a fresh retry schedule. Say why, for the audit log.`}
      confirmLabel="Redeliver"
      pending={action.pending}
      error={action.error}
      onConfirm={async (reason) => {
        const done = await action.run(() => redeliverDocument(document.documentId, reason));
        if (!done) return false;
        await onDone(`${document.fileName} is queued for the CRM again.`);
        return true;
      }}
    />
  );
}

/** Accepted documents whose delivery to the CRM died: which application, which file, why, and a way to send each again. */
export function DeadDocuments({
  documents,
  count,
  onRedelivered,
}: {
  documents: DeadDocument[];
  count: number;
  onRedelivered: (news: string) => Promise<void>;
}) {
  return (
    <Section
      title="Failed document deliveries"
      description={
        <>
          Accepted documents are sent to the CRM on their own, with the same retries as applications. These
          used every retry.
          {count > 0 && (
            <span className="mt-1 block font-medium text-foreground">{plural(count, "failed document")}</span>
          )}
        </>
      }
    >
      {documents.length ? (
        <DataTable
          items={documents}
          caption="Accepted documents whose delivery failed, with the CRM's last answer"
          rowKey={(document) => document.documentId}
          columns={[
            {
              header: "Application",
              rowHeader: true,
              cell: (document) => (
                <Link to={`/applications/${document.applicationId}`} className="font-medium underline">
                  {document.reference ?? "Application"}
                </Link>
              ),
            },
            {
              header: "Document",
              cell: (document) => (
                <span className="flex flex-col">
                  <span className="font-mono text-xs wrap-anywhere">{document.fileName}</span>
                  {document.label && <span className="text-muted-foreground">{document.label}</span>}
                </span>
              ),
            },
            { header: "Attempts", numeric: true, cell: (document) => document.attempts },
            {
              header: "Last error",
              cell: (document) => (
                <span className="font-mono text-xs wrap-anywhere">
                  {document.lastError ?? "No error recorded"}
                </span>
              ),
            },
            { header: "Failed", cell: (document) => formatDateTime(document.diedAt) },
            {
              header: <span className="sr-only">Actions</span>,
              cell: (document) => <RedeliverDocument document={document} onDone={onRedelivered} />,
            },
          ]}
        />
      ) : (
        <EmptyState>No document delivery has failed.</EmptyState>
      )}
    </Section>
  );
}
