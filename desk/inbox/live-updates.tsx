/**
 * The inbox, live. When applications arrive or move, a reader at the top of
 * the first page who is looking gets the page fetched again (the new row
 * appears at the top, nothing under the cursor moves). One who scrolled down,
 * loaded more, or left the tab unattended gets a button instead: "3 new
 * applications — show" goes back to the top and fetches the first page. The
 * button goes once the list is fetched again anyway (after a bulk action,
 * say), unless news came after that fetch began; the member's own changes
 * are never news (live.ts, `changing`).
 */
import { ArrowUpIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocation, useRevalidator } from "react-router";
import { Button } from "#ui/button";
import type { LiveChange } from "#domain/desk/contract";
import { plural } from "../common/lib/format";
import { isAttended, useLiveInbox } from "../common/lib/live";

/** Scrolled less than this: still at the top. */
const TOP_PX = 24;

interface Waiting {
  created: Set<string>;
  /** When the latest news was heard. */
  heardAt: number;
}

/**
 * `paged`: more than the first page is shown ("Load more" was used).
 * `fetchedAt`: when the list shown began to be fetched (Date.now()).
 */
export function LiveUpdates({ paged, fetchedAt }: { paged: boolean; fetchedAt: number }) {
  const revalidator = useRevalidator();
  const { search } = useLocation();
  const [waiting, setWaiting] = useState<Waiting | null>(null);

  // Other filters show another list: what waited was news about the old one.
  useEffect(() => setWaiting(null), [search]);
  // The list was fetched again (after a bulk action, say): what was heard before is in it.
  useEffect(() => {
    setWaiting((previous) => (previous && previous.heardAt > fetchedAt ? previous : null));
  }, [fetchedAt]);

  useLiveInbox((changes: LiveChange[]) => {
    if (!waiting && !paged && window.scrollY < TOP_PX && isAttended()) {
      void revalidator.revalidate();
      return;
    }
    setWaiting((previous) => {
      const created = new Set(previous?.created);
      for (const change of changes) if (change.kind === "created") created.add(change.id);
      return { created, heardAt: Date.now() };
    });
  });

  function show() {
    setWaiting(null);
    window.scrollTo({ top: 0 });
    void revalidator.revalidate();
  }

  const count = waiting?.created.size ?? 0;
  return (
    <div role="status" className="pointer-events-none fixed inset-x-0 top-3 z-40 flex justify-center px-4">
      {waiting && (
        <Button type="button" size="sm" className="pointer-events-auto shadow-lg" onClick={show}>
          <ArrowUpIcon aria-hidden="true" />
          {count > 0 ? `${plural(count, "new application")} — show` : "Applications changed — show"}
        </Button>
      )}
    </div>
  );
}
