import { RotateCcwIcon } from "lucide-react";
import { Badge } from "#ui/badge";
import { useState } from "react";
import { Link, useLoaderData, useRevalidator } from "react-router";
import { buttonVariants } from "#ui/button";
import { getHealth, redeliverDead } from "./api";
import { DeadDocuments } from "./dead-documents";
import type {
  DeliveryState,
  DeliveryHealth,
  LastAttempt,
  MailStatus,
  RedeliverDeadInclude,
  VirusScannerHealth,
} from "#domain/desk/contract";
import { ApplicationList } from "../common/components/application-list";
import { MailServerMissing, VirusScannerMissing, WebhookMissing } from "../common/components/config-notices";
import { ConfirmDialog } from "../common/components/confirm-dialog";
import { mailStatusLabel } from "../common/components/mail-badges";
import { EmptyState, ErrorAlert, StatusMessage } from "../common/components/messages";
import { PageHeader, Section, useDocumentTitle } from "../common/components/page";
import { deliveryLabel } from "../common/components/state-badges";
import { formatDateTime, formatDuration, plural } from "../common/lib/format";
import { guarded } from "../common/lib/session";
import { useAction } from "../common/lib/use-action";

export const healthLoader = guarded(({ request }) => getHealth(request.signal));

const COUNTS: DeliveryState[] = ["pending", "sending", "delivered", "dead"];
const MAIL_COUNTS: MailStatus[] = ["pending", "sent", "dead", "cancelled"];
/** Waiting counts the e-mails being sent this moment too. */
const waitingOr = (counts: DeliveryHealth["mail"], state: MailStatus) =>
  (counts[state] ?? 0) + (state === "pending" ? (counts.sending ?? 0) : 0);

/** The CRM's last answer to a dead delivery: a refusal or a temporary failure, its status and message. */
function LastError({ attempt }: { attempt: LastAttempt | null }) {
  if (!attempt) return <span className="text-muted-foreground">No attempt recorded</span>;
  const status = attempt.statusCode === null ? "no answer" : `HTTP ${attempt.statusCode}`;
  // The message without the status it starts with ("HTTP 422: {...}").
  const message = (attempt.error ?? "").replace(/^HTTP \d{3}:?\s*/, "");
  return (
    <span className="flex flex-col items-start gap-1">
      <Badge variant={attempt.permanent ? "bad" : "quiet"}>
        {attempt.permanent ? `Refused: ${status}` : `Temporary: ${status}`}
      </Badge>
      {message && <span className="font-mono text-xs wrap-anywhere">{message}</span>}
    </span>
  );
}

const SCANNER_WORDS: Record<VirusScannerHealth, { label: string; tone: "good" | "bad" | "quiet" }> = {
  answering: { label: "Answering", tone: "good" },
  "not-answering": { label: "Not answering", tone: "bad" },
  "not-configured": { label: "Not configured", tone: "quiet" },
};

/** Whether uploads are scanned: the scanner's state, and what it means for the files. */
function VirusScanner({ health }: { health: VirusScannerHealth }) {
  const { label, tone } = SCANNER_WORDS[health];
  return (
    <Section
      title="Uploaded documents"
      description="With a virus scanner configured, each uploaded document is scanned once it is in; a flagged file is held and never served."
    >
      {health === "not-configured" && <VirusScannerMissing />}
      <dl className="flex items-center gap-2 text-sm">
        <dt className="font-medium text-muted-foreground">Virus scanner:</dt>
        <dd>
          <Badge variant={tone}>{label}</Badge>
        </dd>
      </dl>
      {health === "not-answering" && (
        <p className="text-sm">
          Documents uploaded while it does not answer are kept and marked not scanned. Check the clamd
          service.
        </p>
      )}
    </Section>
  );
}

/** How delivery to the CRM is going, the deliveries and documents that gave up, and the e-mails by state. */
export function HealthPage() {
  const health = useLoaderData<typeof healthLoader>();
  const revalidator = useRevalidator();
  const action = useAction();
  const [news, setNews] = useState<string | null>(null);
  useDocumentTitle("Delivery health");

  async function redeliverDeadOnes(include: RedeliverDeadInclude) {
    setNews(null);
    const result = await action.run(() => redeliverDead(include));
    if (!result) return false;
    const n = result.redelivered;
    const left = result.permanentLeft;
    setNews(
      `${n === 1 ? "1 delivery is" : `${n} deliveries are`} queued again.` +
        (left ? ` ${plural(left, "refusal")} by the CRM left as ${left === 1 ? "it is" : "they are"}.` : ""),
    );
    await revalidator.revalidate();
    return true;
  }
  const { temporary, permanent } = health.deadKinds;

  return (
    <>
      <PageHeader
        title="Delivery health"
        description={`Applications are sent to the CRM by a worker that retries for ${formatDuration(health.retryWindowMs)} before it gives up.`}
      />
      {!health.webhookConfigured && <WebhookMissing />}
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {COUNTS.map((state) => (
          <div
            key={state}
            className={`rounded-xl border bg-card p-4 shadow-card ${state === "dead" && health.counts.dead ? "border-destructive/40" : "border-border"}`}
          >
            <dt className="text-sm text-muted-foreground">{deliveryLabel(state)}</dt>
            <dd className="text-2xl font-semibold tabular-nums">
              {(health.counts[state] ?? 0).toLocaleString("en-US")}
            </dd>
          </div>
        ))}
      </dl>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium text-muted-foreground">Oldest waiting since</dt>
          <dd>{formatDateTime(health.oldestWaitingAt) || "Nothing is waiting"}</dd>
        </div>
        <div>
          <dt className="font-medium text-muted-foreground">Last delivered</dt>
          <dd>{formatDateTime(health.lastDeliveredAt) || "Never"}</dd>
        </div>
      </dl>
      <StatusMessage>{news}</StatusMessage>
      <ErrorAlert>{action.error?.message}</ErrorAlert>
      <Section
        title="Failed deliveries"
        description={
          <>
            Temporary failures: the CRM was down, slow or unreachable until every retry was used. Refusals:
            the CRM answered that it will not take the application (a 4xx such as 422), and it will answer the
            same again until the cause is fixed. Sending again starts a fresh retry schedule.
            {health.counts.dead > 0 && (
              <span className="mt-1 block font-medium text-foreground">
                {plural(temporary, "temporary failure")} · {plural(permanent, "refusal")}
              </span>
            )}
          </>
        }
        actions={
          <div className="flex flex-wrap gap-2">
            {temporary > 0 && (
              <ConfirmDialog
                triggerLabel={`Redeliver ${plural(temporary, "temporary failure")}`}
                triggerIcon={<RotateCcwIcon aria-hidden="true" />}
                triggerVariant="default"
                title="Send the temporary failures again?"
                description={`${temporary === 1 ? "1 application is" : `${temporary} applications are`} sent to the CRM again, with a fresh retry schedule.${permanent ? ` The ${plural(permanent, "refusal")} by the CRM ${permanent === 1 ? "stays as it is" : "stay as they are"}.` : ""}`}
                confirmLabel={`Send ${temporary} again`}
                pending={action.pending}
                onConfirm={() => redeliverDeadOnes("temporary")}
              />
            )}
            {permanent > 0 && (
              <ConfirmDialog
                triggerLabel="Redeliver all, refusals too"
                title={`Send all ${temporary + permanent} failed deliveries again, refusals included?`}
                description={`${permanent === 1 ? "1 of them was" : `${permanent} of them were`} refused by the CRM (a 4xx answer such as 422 "duplicate contact"). Sent again unchanged, ${permanent === 1 ? "it is" : "they are"} refused again: fix the cause in the CRM first.`}
                confirmLabel={`Send all ${temporary + permanent} again`}
                destructive
                pending={action.pending}
                onConfirm={() => redeliverDeadOnes("all")}
              />
            )}
          </div>
        }
      >
        {health.dead.length ? (
          <ApplicationList
            items={health.dead}
            caption="Applications whose delivery failed, with the CRM's last answer"
            detail={{ header: "Last error", cell: (item) => <LastError attempt={item.lastAttempt} /> }}
          />
        ) : (
          <EmptyState>No delivery has failed.</EmptyState>
        )}
      </Section>
      <DeadDocuments
        documents={health.deadDocuments}
        count={health.deadDocumentCount}
        onRedelivered={async (message) => {
          setNews(message);
          await revalidator.revalidate();
        }}
      />
      <Section
        title="E-mail"
        description="Receipts and alerts wait in their own outbox and are retried like deliveries."
        actions={
          <Link
            to={health.mail.dead ? "/mail?status=dead" : "/mail"}
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            {health.mail.dead ? "Open failed e-mails" : "Open the mail page"}
          </Link>
        }
      >
        {!health.mailConfigured && <MailServerMissing />}
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {MAIL_COUNTS.map((state) => (
            <div
              key={state}
              className={`rounded-xl border bg-card p-4 ${state === "dead" && health.mail.dead ? "border-destructive/40" : "border-border"}`}
            >
              <dt className="text-sm text-muted-foreground">{mailStatusLabel(state)}</dt>
              <dd className="text-2xl font-semibold tabular-nums">
                {waitingOr(health.mail, state).toLocaleString("en-US")}
              </dd>
            </div>
          ))}
        </dl>
      </Section>
      <VirusScanner health={health.virusScanner} />
    </>
  );
}
