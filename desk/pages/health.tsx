import { RotateCcwIcon } from "lucide-react";
import { useState } from "react";
import { Link, useLoaderData, useRevalidator } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { getHealth, redeliverDead } from "../api/applications";
import type { DeliveryState, Health, MailStatus } from "../api/types";
import { ApplicationList } from "../components/application-list";
import { ConfirmDialog } from "../components/confirm-dialog";
import { mailStatusLabel } from "../components/mail-badges";
import { EmptyState, ErrorAlert, StatusMessage } from "../components/messages";
import { PageHeader, Section, useDocumentTitle } from "../components/page";
import { deliveryLabel } from "../components/state-badges";
import { formatDateTime, formatDuration } from "../lib/format";
import { guarded } from "../lib/session";
import { useAction } from "../lib/use-action";

export const healthLoader = guarded(({ request }) => getHealth(request.signal));

const COUNTS: DeliveryState[] = ["pending", "sending", "delivered", "dead"];
const MAIL_COUNTS: MailStatus[] = ["pending", "sent", "dead", "cancelled"];
/** Waiting counts the e-mails being sent this moment too. */
const waitingOr = (counts: Health["mail"], state: MailStatus) =>
  (counts[state] ?? 0) + (state === "pending" ? (counts.sending ?? 0) : 0);

/** How delivery to the CRM is going, the deliveries that gave up, and the e-mails by state. */
export function HealthPage() {
  const health = useLoaderData<typeof healthLoader>();
  const revalidator = useRevalidator();
  const action = useAction();
  const [news, setNews] = useState<string | null>(null);
  useDocumentTitle("Delivery health");

  async function redeliverAll() {
    setNews(null);
    const result = await action.run(redeliverDead);
    if (!result) return false;
    const n = result.redelivered;
    setNews(n === 1 ? "1 delivery is queued again." : `${n} deliveries are queued again.`);
    await revalidator.revalidate();
    return true;
  }

  return (
    <>
      <PageHeader
        title="Delivery health"
        description={`Applications are sent to the CRM by a worker that retries for ${formatDuration(health.retryWindowMs)} before it gives up.`}
      />
      {!health.webhookConfigured && (
        <ErrorAlert>
          No CRM webhook is configured (LEAD_WEBHOOK_URL): applications are stored and wait until one is.
        </ErrorAlert>
      )}
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
        description="The CRM refused these, or every retry failed. Sending them again starts a fresh retry schedule."
        actions={
          health.dead.length > 0 && (
            <ConfirmDialog
              triggerLabel="Redeliver all dead"
              triggerIcon={<RotateCcwIcon aria-hidden="true" />}
              triggerVariant="default"
              title="Redeliver every failed delivery?"
              description={`${health.counts.dead === 1 ? "1 application is" : `${health.counts.dead} applications are`} sent to the CRM again. Fix the cause first (a refused field, a wrong webhook address), or they fail again.`}
              confirmLabel="Redeliver all"
              pending={action.pending}
              onConfirm={redeliverAll}
            />
          )
        }
      >
        {health.dead.length ? (
          <ApplicationList items={health.dead} caption="Applications whose delivery failed" />
        ) : (
          <EmptyState>No delivery has failed.</EmptyState>
        )}
      </Section>
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
        {!health.mailConfigured && (
          <ErrorAlert>
            No SMTP server is configured (SMTP_URL): e-mails are stored and wait until one is.
          </ErrorAlert>
        )}
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
    </>
  );
}
