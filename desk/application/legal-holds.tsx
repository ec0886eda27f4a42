import { LockIcon, UnlockIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "#ui/button";
import type { LegalHold } from "#domain/desk/contract";
import { holdApplication, releaseHold } from "./api";
import { useMe } from "../common/components/layout";
import { StatusMessage } from "../common/components/messages";
import { Section } from "../common/components/page";
import { formatDateTime } from "../common/lib/format";
import { useAction } from "../common/lib/use-action";
import { holdReason } from "#domain/desk/inputs";
import { ReasonDialog } from "../common/components/reason-dialog";

/** What a hold covers, in words. */
const coverage = (hold: LegalHold) => (hold.email ? `Every record of ${hold.email}` : "This application");

/**
 * The application's legal holds (docs/retention.md): the active ones first,
 * then the released ones as history. While one is active nothing of what it
 * covers is purged or deleted. Admins set one (this application, or every
 * record of its applicant's address) and release it, each with a reason for
 * the audit log; staff see them. `holds` null: they could not be loaded.
 */
export function LegalHolds({
  applicationId,
  email,
  holds: loaded,
}: {
  applicationId: string;
  email: string;
  holds: LegalHold[] | null;
}) {
  const me = useMe();
  const isAdmin = me.role === "admin";
  const [holds, setHolds] = useState(loaded);
  const [news, setNews] = useState<string | null>(null);
  const holdAction = useAction();
  const holdEmailAction = useAction();
  const releaseAction = useAction();
  const active = (holds ?? []).filter((hold) => hold.released === null);

  async function hold(scope: "application" | "email", reason: string) {
    setNews(null);
    const action = scope === "email" ? holdEmailAction : holdAction;
    const set = await action.run(() => holdApplication(applicationId, { reason, scope }));
    if (!set) return false;
    setHolds((current) => [set, ...(current ?? [])]);
    setNews(
      scope === "email" ? `Every record of ${email} is on legal hold.` : "This application is on legal hold.",
    );
    return true;
  }

  async function release(id: string, reason: string) {
    setNews(null);
    const released = await releaseAction.run(() => releaseHold(id, reason));
    if (!released) return false;
    setHolds((current) => (current ?? []).map((hold) => (hold.id === id ? released : hold)));
    setNews("The legal hold was released.");
    return true;
  }

  const description =
    active.length > 0
      ? "On legal hold: kept whatever its age, and no purge or deletion touches it until every hold is released."
      : "Not on legal hold: the retention periods apply. A hold keeps it, whatever its age, until released.";

  return (
    <Section
      title="Legal hold"
      description={description}
      actions={
        isAdmin && (
          <div className="flex flex-wrap gap-2">
            <ReasonDialog
              rule={holdReason}
              trigger={
                <Button type="button" variant="outline" size="sm">
                  <LockIcon aria-hidden="true" />
                  Hold this application
                </Button>
              }
              title="Put this application on legal hold"
              description="While the hold is active, this application and everything recorded with it are kept: no retention purge or deletion request removes them. Say why (the matter, who asked), for the audit log."
              confirmLabel="Put on hold"
              pending={holdAction.pending}
              error={holdAction.error}
              onConfirm={(reason) => hold("application", reason)}
            />
            {email && (
              <ReasonDialog
                rule={holdReason}
                trigger={
                  <Button type="button" variant="outline" size="sm">
                    <LockIcon aria-hidden="true" />
                    Hold everything from this applicant
                  </Button>
                }
                title={`Put every record of ${email} on legal hold`}
                description="Every application from this e-mail address, now and later, is kept until the hold is released. Say why, for the audit log."
                confirmLabel="Put on hold"
                pending={holdEmailAction.pending}
                error={holdEmailAction.error}
                onConfirm={(reason) => hold("email", reason)}
              />
            )}
          </div>
        )
      }
    >
      {holds === null ? (
        <p className="text-sm text-muted-foreground">
          The legal holds could not be loaded. Reload the page to try again.
        </p>
      ) : holds.length === 0 ? (
        <p className="text-sm text-muted-foreground">No legal hold has ever been set on it.</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Legal holds">
          {holds.map((hold) => (
            <li key={hold.id} className="rounded-xl border border-border p-3 text-sm">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="flex flex-col gap-1">
                  <p className="font-medium">
                    {hold.released ? "Released" : "Active"}: {coverage(hold)}
                  </p>
                  <p>Reason: {hold.reason}</p>
                  <p className="text-muted-foreground">
                    Set by {hold.setBy.name} on {formatDateTime(hold.setAt)}
                  </p>
                  {hold.released && (
                    <p className="text-muted-foreground">
                      Released by {hold.released.by.name} on {formatDateTime(hold.released.at)}:{" "}
                      {hold.released.reason}
                    </p>
                  )}
                </div>
                {isAdmin && !hold.released && (
                  <ReasonDialog
                    rule={holdReason}
                    trigger={
                      <Button type="button" variant="outline" size="sm">
                        <UnlockIcon aria-hidden="true" />
                        Release
                      </Button>
                    }
                    title="Release this legal hold"
                    description={`${coverage(hold)} falls under the retention periods again (unless another hold covers it). The hold stays in the history. Say why, for the audit log.`}
                    confirmLabel="Release"
                    destructive
                    pending={releaseAction.pending}
                    error={releaseAction.error}
                    onConfirm={(reason) => release(hold.id, reason)}
                  />
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <StatusMessage>{news}</StatusMessage>
    </Section>
  );
}
