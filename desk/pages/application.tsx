import { FileJsonIcon, PrinterIcon, RotateCcwIcon, ShieldAlertIcon, ShieldCheckIcon } from "lucide-react";
import { useState } from "react";
import { Link, useLoaderData } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { evidenceUrl, getApplication, markSpam, redeliver, release } from "../api/applications";
import type { Detail } from "../api/types";
import {
  ApplicationFields,
  AttributionSection,
  ConsentFacts,
  DeliveryFacts,
  Timeline,
} from "../components/detail-sections";
import { ErrorAlert, StatusMessage } from "../components/messages";
import { PageHeader, Section, useDocumentTitle } from "../components/page";
import { ReasonDialog } from "../components/reason-dialog";
import { StateBadges } from "../components/state-badges";
import { formatDateTime, fullName } from "../lib/format";
import { guarded } from "../lib/session";
import { useAction } from "../lib/use-action";

export const applicationLoader = guarded(({ params, request }) =>
  getApplication(params.id ?? "", request.signal),
);

/** The loader's answer until an action returns a newer one. */
function useLatest(loaded: Detail) {
  const [state, setState] = useState({ loaded, detail: loaded });
  if (state.loaded !== loaded) setState({ loaded, detail: loaded });
  const detail = state.loaded === loaded ? state.detail : loaded;
  return [detail, (next: Detail) => setState({ loaded, detail: next })] as const;
}

/**
 * One application: its reference number, every answer, where it came from,
 * its consent, its delivery and e-mails, and what staff did.
 */
export function ApplicationPage() {
  const [detail, setDetail] = useLatest(useLoaderData<typeof applicationLoader>());
  const [news, setNews] = useState<string | null>(null);
  const redeliverAction = useAction();
  const releaseAction = useAction();
  const spamAction = useAction();
  const company = String(detail.application.companyName ?? "Application");
  useDocumentTitle(company);

  async function act(
    action: ReturnType<typeof useAction>,
    call: () => Promise<Detail>,
    message: string,
  ): Promise<boolean> {
    setNews(null);
    const next = await action.run(call);
    if (!next) return false;
    setDetail(next);
    setNews(message);
    return true;
  }

  const name = fullName({
    firstName: detail.application.firstName as string | undefined,
    lastName: detail.application.lastName as string | undefined,
  });

  return (
    <>
      <nav aria-label="Breadcrumb" className="text-sm print:hidden">
        <Link to="/inbox" className="text-primary hover:underline">
          Inbox
        </Link>
        <span aria-hidden="true" className="px-2 text-muted-foreground">
          /
        </span>
        <span aria-current="page">{company}</span>
      </nav>
      <PageHeader
        title={company}
        description={`${name ? `${name} · ` : ""}received ${formatDateTime(detail.createdAt)}`}
      />
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        {detail.reference && (
          <p className="text-sm">
            Reference <span className="font-mono font-semibold">{detail.reference}</span>
          </p>
        )}
        <StateBadges state={detail.state} delivery={detail.delivery?.state ?? null} />
        {detail.state === "spam" && detail.spamReason && (
          <span className="text-sm text-muted-foreground">Reason: {detail.spamReason}</span>
        )}
      </div>

      <div className="flex flex-wrap gap-2" role="group" aria-label="Actions">
        {detail.state === "received" && (
          <ReasonDialog
            trigger={
              <Button type="button" variant="default" size="sm">
                <RotateCcwIcon aria-hidden="true" />
                Redeliver
              </Button>
            }
            title="Send to the CRM again"
            description="The CRM receives this application again, with the same idempotency key. Say why, for the audit log."
            confirmLabel="Redeliver"
            pending={redeliverAction.pending}
            error={redeliverAction.error}
            onConfirm={(reason) =>
              act(
                redeliverAction,
                () => redeliver(detail.id, reason),
                "Queued for delivery to the CRM again.",
              )
            }
          />
        )}
        {detail.state === "spam" ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={releaseAction.pending}
            onClick={() =>
              act(
                releaseAction,
                () => release(detail.id),
                "Released from quarantine and queued for delivery.",
              )
            }
          >
            <ShieldCheckIcon aria-hidden="true" />
            Release from quarantine
          </Button>
        ) : (
          <ReasonDialog
            trigger={
              <Button type="button" variant="outline" size="sm">
                <ShieldAlertIcon aria-hidden="true" />
                Mark as spam
              </Button>
            }
            title="Mark as spam"
            description="The application moves to quarantine and a waiting delivery is cancelled. You can release it later."
            confirmLabel="Mark as spam"
            destructive
            pending={spamAction.pending}
            error={spamAction.error}
            onConfirm={(reason) => act(spamAction, () => markSpam(detail.id, reason), "Moved to quarantine.")}
          />
        )}
        <a
          href={evidenceUrl(detail.id)}
          download
          className={buttonVariants({ variant: "outline", size: "sm" })}
        >
          <FileJsonIcon aria-hidden="true" />
          Download consent evidence (JSON)
        </a>
        <Link
          to={`/applications/${detail.id}/evidence`}
          className={buttonVariants({ variant: "outline", size: "sm" })}
        >
          <PrinterIcon aria-hidden="true" />
          Printable evidence
        </Link>
      </div>
      <StatusMessage>{news}</StatusMessage>
      <ErrorAlert>{releaseAction.error?.message}</ErrorAlert>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex flex-col gap-6">
          <ApplicationFields application={detail.application} />
        </div>
        <div className="flex flex-col gap-6">
          <Section
            title="Delivery and e-mail"
            description="The CRM's delivery attempts, the e-mails this application caused and what staff did, oldest first."
          >
            <DeliveryFacts delivery={detail.delivery} />
            <h3 className="text-sm font-semibold">Timeline</h3>
            <Timeline entries={detail.timeline} />
          </Section>
          <Section title="SMS consent">
            {detail.consent ? (
              <ConsentFacts consent={detail.consent} />
            ) : (
              <p className="text-sm text-muted-foreground">No consent record was found.</p>
            )}
          </Section>
          <AttributionSection attribution={detail.attribution} />
          <Section title="Identifiers">
            <dl className="grid gap-2 text-sm">
              <div>
                <dt className="font-medium text-muted-foreground">Reference number (on the receipt)</dt>
                <dd className="font-mono text-xs break-all">{detail.reference ?? "None"}</dd>
              </div>
              <div>
                <dt className="font-medium text-muted-foreground">Application id</dt>
                <dd className="font-mono text-xs break-all">{detail.id}</dd>
              </div>
              <div>
                <dt className="font-medium text-muted-foreground">Submission id</dt>
                <dd className="font-mono text-xs break-all">{detail.submissionId ?? "None"}</dd>
              </div>
            </dl>
          </Section>
        </div>
      </div>
    </>
  );
}
