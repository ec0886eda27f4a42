/**
 * Several applications at once (admins): the rows chosen with their
 * checkboxes (or the whole page) are assigned to a member, claimed, or
 * closed with a reason in one request (POST /applications/bulk). The bar
 * stays at the bottom of the screen while the list scrolls. What was done is
 * said in one line; each application refused (in quarantine, changed
 * meanwhile) is named with its reason, and stays chosen to try again once
 * the list shows it as it is now.
 */
import { CheckIcon, UserPlusIcon, XIcon } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useRevalidator } from "react-router";
import type { BulkAction, BulkOutcome, InboxItem, Owner } from "#domain/desk/contract";
import { CLOSE_REASON_LABELS, CLOSE_REASONS, type CloseReason } from "#domain/desk/work";
import { Button } from "#ui/button";
import { fieldControlClasses } from "#ui/input";
import { cn } from "#ui/cn";
import { getActiveStaff } from "../common/api/requests";
import type { ListSelection } from "../common/components/application-list";
import { ErrorAlert, StatusMessage } from "../common/components/messages";
import { plural } from "../common/lib/format";
import { changing } from "../common/lib/live";
import { bulkAction } from "./api";

const selectClasses = cn(fieldControlClasses, "h-10 w-auto min-w-0 cursor-pointer pr-8");

const DONE_WORDS: Record<BulkAction["action"], string> = {
  assign: "Assigned",
  claim: "Claimed",
  close: "Closed",
};

/** The chosen rows of the page shown, kept while they are on it. */
export function useSelection(
  items: InboxItem[],
): ListSelection & { clear: () => void; keep: (ids: string[]) => void } {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // A row no longer on the page (another view, another page) is no longer chosen.
  useEffect(() => {
    setSelected((previous) => {
      const shown = new Set(items.map((item) => item.id));
      const kept = [...previous].filter((id) => shown.has(id));
      return kept.length === previous.size ? previous : new Set(kept);
    });
  }, [items]);
  return {
    selected,
    onToggle: (id) =>
      setSelected((previous) => {
        const next = new Set(previous);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    onToggleAll: () =>
      setSelected((previous) =>
        items.every((item) => previous.has(item.id)) ? new Set() : new Set(items.map((item) => item.id)),
      ),
    clear: () => setSelected(new Set()),
    keep: (ids) => setSelected(new Set(ids)),
  };
}

interface Report {
  text: string;
  refused: { id: string; company: string; error: string }[];
}

/** The bar of actions on the chosen applications; nothing while none is chosen but a report. */
export function BulkActions({
  items,
  selection,
}: {
  items: InboxItem[];
  selection: ReturnType<typeof useSelection>;
}) {
  const id = useId();
  const revalidator = useRevalidator();
  const [staff, setStaff] = useState<Owner[]>([]);
  const [ownerId, setOwnerId] = useState("");
  const [reason, setReason] = useState<CloseReason | "">("");
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<Report | null>(null);
  const [error, setError] = useState<string>();
  const chosen = items.filter((item) => selection.selected.has(item.id));

  useEffect(() => {
    const controller = new AbortController();
    getActiveStaff(controller.signal)
      .then((list) => setStaff(list.items))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);

  async function run(action: BulkAction["action"], extra: Partial<BulkAction> = {}) {
    setBusy(true);
    setError(undefined);
    // The live inbox does not offer our own change as news ("Applications changed — show").
    const done = changing(chosen.map((item) => item.id));
    try {
      const outcome: BulkOutcome = await bulkAction({
        action,
        ...extra,
        items: chosen.map((item) => ({
          id: item.id,
          ownerId: item.owner?.id ?? null,
          workStatus: item.workStatus,
        })),
      });
      const company = new Map(chosen.map((item) => [item.id, item.companyName]));
      const refused = outcome.results.flatMap((result) =>
        result.ok
          ? []
          : [{ id: result.id, company: company.get(result.id) ?? result.id, error: result.error }],
      );
      setReport({
        text: `${DONE_WORDS[action]} ${plural(outcome.done, "application")}${
          refused.length ? `; ${plural(refused.length, "application")} not (below).` : "."
        }`,
        refused,
      });
      selection.keep(refused.map((entry) => entry.id));
      await revalidator.revalidate();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "The action failed: nothing was changed");
    } finally {
      done();
      setBusy(false);
    }
  }

  return (
    <>
      <StatusMessage>{report?.text}</StatusMessage>
      <ErrorAlert>
        {report && report.refused.length > 0 && (
          <ul className="flex flex-col gap-1">
            {report.refused.map((entry) => (
              <li key={entry.id}>
                <span className="font-semibold">{entry.company}</span>: {entry.error}
              </li>
            ))}
          </ul>
        )}
      </ErrorAlert>
      {chosen.length > 0 && (
        // On a phone: the count with Claim and Clear, then Assign and Close each a row of their own,
        // so a chosen name or reason ("Chose another provider") reads whole. Wider: one row.
        <section
          aria-label="Selected applications"
          className="sticky bottom-0 z-30 flex flex-col gap-2 rounded-xl border border-border bg-card p-3 shadow-lg md:flex-row md:flex-wrap md:items-center md:gap-x-4"
        >
          <div className="flex items-center gap-2 md:contents">
            <p className="mr-auto text-sm font-semibold md:order-1 md:mr-0" aria-live="polite">
              {plural(chosen.length, "application")} selected
            </p>
            <Button
              type="button"
              size="sm"
              variant="outline"
              className="md:order-3"
              disabled={busy}
              onClick={() => void run("claim")}
            >
              <CheckIcon aria-hidden="true" />
              Claim
            </Button>
            <Button type="button" size="sm" variant="ghost" className="md:order-5" onClick={selection.clear}>
              <XIcon aria-hidden="true" />
              {/* A phone shows the cross alone; the name stays whole. */}
              <span className="max-md:sr-only">Clear selection</span>
            </Button>
          </div>
          <form
            className="flex min-w-0 items-center gap-2 md:order-2"
            onSubmit={(event) => {
              event.preventDefault();
              if (ownerId) void run("assign", { ownerId });
            }}
          >
            <label htmlFor={`${id}-owner`} className="sr-only">
              Assign to
            </label>
            <select
              id={`${id}-owner`}
              value={ownerId}
              onChange={(event) => setOwnerId(event.target.value)}
              className={cn(selectClasses, "flex-1 md:flex-none")}
              required
            >
              <option value="">Assign to…</option>
              {staff.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name || member.email}
                </option>
              ))}
            </select>
            <Button type="submit" size="sm" disabled={busy || !ownerId}>
              <UserPlusIcon aria-hidden="true" />
              Assign
            </Button>
          </form>
          <form
            className="flex min-w-0 items-center gap-2 md:order-4"
            onSubmit={(event) => {
              event.preventDefault();
              if (reason) void run("close", { closeReason: reason });
            }}
          >
            <label htmlFor={`${id}-reason`} className="sr-only">
              Close reason
            </label>
            <select
              id={`${id}-reason`}
              value={reason}
              onChange={(event) => setReason(event.target.value as CloseReason | "")}
              className={cn(selectClasses, "flex-1 md:flex-none")}
              required
            >
              <option value="">Reason…</option>
              {CLOSE_REASONS.map((value) => (
                <option key={value} value={value}>
                  {CLOSE_REASON_LABELS[value]}
                </option>
              ))}
            </select>
            <Button type="submit" size="sm" variant="outline" disabled={busy || !reason}>
              Close
            </Button>
          </form>
          <ErrorAlert className="md:order-6 md:basis-full">{error}</ErrorAlert>
        </section>
      )}
    </>
  );
}
