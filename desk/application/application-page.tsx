import { FileJsonIcon, PhoneForwardedIcon, PrinterIcon, RotateCcwIcon, ShieldAlertIcon } from "lucide-react";
import { useRef, useState } from "react";
import { Link, useLoaderData, useLocation, useNavigate } from "react-router";
import { Badge } from "#ui/badge";
import { Button, buttonVariants } from "#ui/button";
import {
  evidenceUrl,
  getActiveStaff,
  getApplication,
  getDocuments,
  getLegalHolds,
  quarantine,
  redeliver,
} from "./api";
import { release } from "../common/api/requests";
import type { ApplicationDetail, Items, Owner } from "#domain/desk/contract";
import {
  ApplicationFields,
  AttributionSection,
  ConsentFacts,
  DeliveryFacts,
} from "../common/components/detail-sections";
import { ErrorAlert, StatusMessage } from "../common/components/messages";
import { PageHeader, Section, useDocumentTitle } from "../common/components/page";
import { ContactCard } from "./contact-card";
import { DocumentsPanel } from "./documents-panel";
import { ConsentWithdrawals } from "./consent-withdrawals";
import { LegalHolds } from "./legal-holds";
import { useKeepFocus } from "./keep-focus";
import { LogWork } from "./log-work";
import { ReasonDialog } from "../common/components/reason-dialog";
import { ShortcutsHelp, useLeadShortcuts } from "./shortcuts";
import { TimelineSection } from "./timeline-section";
import { WorkPanel } from "./work-panel";
import { ReleaseDialog } from "../common/components/release-dialog";
import { BookedCallHeader } from "../common/components/booked-call";
import { useMe } from "../common/components/layout";
import { StateBadges } from "../common/components/state-badges";
import { formatDateTime, fullName } from "../common/lib/format";
import { leadNeighbours } from "../common/lib/lead-list";
import { guarded } from "../common/lib/session";
import { useNow } from "../common/lib/time-left";
import { useAction } from "../common/lib/use-action";

/** The members an application can be given to; without them the page still works (no one to pick). */
const NO_STAFF: Items<Owner> = { items: [] };

export const applicationLoader = guarded(async ({ params, request }) => {
  const [detail, staff, holds, documents] = await Promise.all([
    getApplication(params.id ?? "", request.signal),
    getActiveStaff(request.signal).catch(() => NO_STAFF),
    // Without them the page still works, and says they could not be loaded.
    getLegalHolds(params.id ?? "", request.signal).then(
      (found) => found.items,
      () => null,
    ),
    // The same: without them the page still works and says so.
    getDocuments(params.id ?? "", request.signal).catch(() => null),
  ]);
  return { detail, staff: staff.items, holds, documents };
});

/** The loader's answer until an action returns a newer one. */
function useLatest(loaded: ApplicationDetail) {
  const [state, setState] = useState({ loaded, detail: loaded });
  if (state.loaded !== loaded) setState({ loaded, detail: loaded });
  const detail = state.loaded === loaded ? state.detail : loaded;
  return [detail, (next: ApplicationDetail) => setState({ loaded, detail: next })] as const;
}

/** The lead's next follow-up on its header: when to call back, marked once it is due. */
function NextFollowUp({ at }: { at: string | null }) {
  const now = useNow();
  if (!at) return null;
  const due = Date.parse(at) <= now;
  return (
    <p className="flex items-center gap-1.5 text-sm">
      <PhoneForwardedIcon aria-hidden="true" className="size-4 text-muted-foreground" />
      Next follow-up:{" "}
      <time dateTime={at} className="font-semibold">
        {formatDateTime(at)}
      </time>
      {due && <Badge variant="bad">Due</Badge>}
    </p>
  );
}

/**
 * Whether, and how, to offer sending to the CRM again: the main action for a
 * failed delivery, or one waiting after a failed attempt; a secondary "Send
 * again" for one the CRM already has (it lost it); nothing while it waits for
 * its first attempt or is being sent, or in quarantine.
 */
function resendOffer(detail: ApplicationDetail) {
  const delivery = detail.delivery;
  if (detail.state !== "received" || !delivery) return null;
  const lastError = delivery.lastError ? ` The CRM's last answer: ${delivery.lastError}.` : "";
  const audit = " Say why, for the audit log.";
  if (delivery.state === "dead")
    return {
      primary: true,
      label: "Redeliver",
      title: "Send to the CRM again",
      description: `Every attempt failed, so it was given up on.${lastError} It is sent again now with a fresh retry schedule; if the CRM refused it, fix the cause first or it is refused again.${audit}`,
    };
  if (delivery.state === "pending" && delivery.attempts > 0)
    return {
      primary: true,
      label: "Redeliver now",
      title: "Send to the CRM now",
      description: `The last attempt failed and the next is scheduled for ${formatDateTime(delivery.nextAttemptAt) || "later"}.${lastError} It is tried now instead, with a fresh retry schedule.${audit}`,
    };
  if (delivery.state === "delivered")
    return {
      primary: false,
      label: "Send again",
      title: "Send to the CRM again?",
      description: `The CRM already has this application (delivered ${formatDateTime(delivery.deliveredAt)}). Send it again only if the CRM lost it: it carries the same idempotency key, so a CRM that keeps to it ignores the repeat.${audit}`,
    };
  return null;
}

/**
 * One application, to work on: who applied and how to reach them (first on a
 * phone), its review clock, owner and work status, notes and logged contacts
 * on one timeline with everything else that happened to it; then every
 * answer, where it came from, its consent and its delivery.
 */
export function ApplicationPage() {
  const loaded = useLoaderData<typeof applicationLoader>();
  // Another lead (j, k) starts afresh: no half-made choice of the last one's forms carries over.
  return <LeadPage key={loaded.detail.id} loaded={loaded} />;
}

function LeadPage({ loaded }: { loaded: Awaited<ReturnType<typeof applicationLoader>> }) {
  const [detail, setDetail] = useLatest(loaded.detail);
  const [news, setNews] = useState<string | null>(null);
  // Bumped each time the rep uses the phone link (or c): the log form shows the call, focused.
  const [callStarted, setCallStarted] = useState(0);
  // Bumped by n: the log form shows a note, focused.
  const [noteStarted, setNoteStarted] = useState(0);
  const [helpOpen, setHelpOpen] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  const me = useMe();
  useKeepFocus(detail);
  const walkingTo = useRef<string | null>(null);

  /** j and k: the next or previous lead of the list the rep came from, keeping the page's filter. */
  function walk(step: "next" | "previous") {
    // A second press while the next lead loads goes on from that one.
    const around = leadNeighbours(walkingTo.current ?? detail.id);
    const to = around?.[step];
    if (!around) return setNews("Open a lead from the inbox to move through its list with j and k.");
    if (!to)
      return setNews(
        step === "next" ? "This is the last lead of the list." : "This is the first lead of the list.",
      );
    // In place of this one: Back to the list still goes back to the list.
    walkingTo.current = to;
    navigate(`/applications/${to}${location.search}`, { replace: true });
  }

  useLeadShortcuts((key) => {
    if (key === "?") setHelpOpen(true);
    else if (key === "j") walk("next");
    else if (key === "k") walk("previous");
    else if (key === "c") setCallStarted((n) => n + 1);
    else if (key === "n") setNoteStarted((n) => n + 1);
    else if (detail.owner?.id === me.id) setNews("It is yours already.");
    else {
      const claim = document.querySelector<HTMLButtonElement>("[data-claim]");
      if (claim && !claim.disabled) claim.click();
      else setNews("It cannot be claimed now.");
    }
  });
  const redeliverAction = useAction();
  const releaseAction = useAction();
  const quarantineAction = useAction();
  const company = String(detail.application.companyName ?? "Application");
  useDocumentTitle(company);

  async function act(
    action: ReturnType<typeof useAction>,
    call: () => Promise<ApplicationDetail>,
    message: string,
  ): Promise<boolean> {
    setNews(null);
    const next = await action.run(call);
    if (!next) return false;
    setDetail(next);
    setNews(message);
    return true;
  }

  /** A change made on the work panel or the log: the new detail, and what happened in words. */
  function worked(next: ApplicationDetail, message: string | null) {
    setDetail(next);
    setNews(message);
  }

  const resend = resendOffer(detail);
  const name = fullName({
    firstName: detail.application.firstName as string | undefined,
    lastName: detail.application.lastName as string | undefined,
  });

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <nav aria-label="Breadcrumb" className="text-sm">
          <Link to="/inbox" className="text-primary hover:underline">
            Inbox
          </Link>
          <span aria-hidden="true" className="px-2 text-muted-foreground">
            /
          </span>
          <span aria-current="page">{company}</span>
        </nav>
        <ShortcutsHelp open={helpOpen} onOpenChange={setHelpOpen} />
      </div>
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
        <BookedCallHeader work={detail} />
        {detail.state === "quarantined" && detail.quarantineReason && (
          <span className="text-sm text-muted-foreground">Reason: {detail.quarantineReason}</span>
        )}
        <NextFollowUp at={detail.followUpAt} />
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        {/* The log form right under the phone link: on a phone too, the call and its log are together. */}
        <div className="flex flex-col gap-6">
          <ContactCard detail={detail} onCall={() => setCallStarted((n) => n + 1)} />
          <section className="rounded-2xl border border-border bg-card p-4 shadow-card sm:p-6">
            <LogWork detail={detail} onWorked={worked} callStarted={callStarted} noteStarted={noteStarted} />
          </section>
        </div>
        <WorkPanel detail={detail} staff={loaded.staff} onWorked={worked} className="self-start" />
      </div>

      <div
        className="flex flex-wrap gap-2 outline-none"
        role="group"
        aria-label="Actions"
        // Where the focus goes when a save takes its button away (keep-focus.ts).
        data-focus-home
        tabIndex={-1}
      >
        {resend && (
          <ReasonDialog
            trigger={
              <Button type="button" variant={resend.primary ? "default" : "outline"} size="sm">
                <RotateCcwIcon aria-hidden="true" />
                {resend.label}
              </Button>
            }
            title={resend.title}
            description={resend.description}
            confirmLabel={resend.label}
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
        {detail.state === "quarantined" ? (
          <ReleaseDialog
            triggerLabel="Release from quarantine"
            companyName={company}
            email={String(detail.application.email ?? "")}
            pending={releaseAction.pending}
            onConfirm={() =>
              act(
                releaseAction,
                () => release(detail.id),
                "Released from quarantine and queued for delivery.",
              )
            }
          />
        ) : (
          <ReasonDialog
            trigger={
              <Button type="button" variant="outline" size="sm">
                <ShieldAlertIcon aria-hidden="true" />
                Quarantine
              </Button>
            }
            title="Quarantine this application"
            description="The application moves to quarantine and a waiting delivery is cancelled. You can release it later."
            confirmLabel="Quarantine"
            destructive
            pending={quarantineAction.pending}
            error={quarantineAction.error}
            onConfirm={(reason) =>
              act(quarantineAction, () => quarantine(detail.id, reason), "Moved to quarantine.")
            }
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

      <DocumentsPanel
        key={detail.id}
        applicationId={detail.id}
        panel={loaded.documents}
        onApplication={setDetail}
      />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex flex-col gap-6">
          <TimelineSection entries={detail.timeline} />
          <ApplicationFields application={detail.application} />
        </div>
        <div className="flex flex-col gap-6">
          <Section title="Delivery to the CRM">
            <DeliveryFacts delivery={detail.delivery} />
          </Section>
          <Section title="SMS consent">
            <ConsentWithdrawals
              consentedAt={detail.consent?.consentedAt ?? null}
              optOuts={detail.smsOptOuts}
            />
            {detail.consent ? (
              <ConsentFacts consent={detail.consent} />
            ) : (
              <p className="text-sm text-muted-foreground">No consent record was found.</p>
            )}
          </Section>
          <LegalHolds
            key={detail.id}
            applicationId={detail.id}
            email={String(detail.application.email ?? "")}
            holds={loaded.holds}
          />
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
