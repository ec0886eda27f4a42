import { useState } from "react";
import { useLoaderData, useRevalidator } from "react-router";
import { listApplications, PAGE_SIZE, release } from "../common/api/requests";
import type { InboxItem } from "#domain/desk/contract";
import { APPLICATION_FOCUS, ApplicationList } from "../common/components/application-list";
import { LoadMore } from "../common/components/load-more";
import { EmptyState, ErrorAlert, StatusMessage } from "../common/components/messages";
import { PageHeader, useDocumentTitle } from "../common/components/page";
import { ReleaseDialog } from "../common/components/release-dialog";
import { guarded } from "../common/lib/session";
import { useAction } from "../common/lib/use-action";
import { usePaged } from "../common/lib/use-paged";

export const quarantineLoader = guarded(({ request }) =>
  listApplications({ state: "quarantined", limit: PAGE_SIZE }, request.signal),
);

/** Applications held back as spam, with the reason, and a way to let one through. */
export function QuarantinePage() {
  const page = useLoaderData<typeof quarantineLoader>();
  const revalidator = useRevalidator();
  const releaseAction = useAction();
  const [news, setNews] = useState<string | null>(null);
  const list = usePaged(page, (cursor) =>
    listApplications({ state: "quarantined", cursor, limit: PAGE_SIZE }),
  );
  useDocumentTitle("Quarantine");

  async function letThrough(item: InboxItem) {
    setNews(null);
    const done = await releaseAction.run(() => release(item.id));
    if (!done) return false;
    setNews(`Released ${item.companyName} from quarantine; it is queued for delivery.`);
    await revalidator.revalidate();
    return true;
  }

  return (
    <>
      <PageHeader
        title="Quarantine"
        description={`${page.total.toLocaleString("en-US")} held back as spam. They are not sent to the CRM unless released.`}
      />
      <StatusMessage>{news}</StatusMessage>
      <ErrorAlert>{releaseAction.error?.message ?? list.error?.message}</ErrorAlert>
      {list.items.length ? (
        <ApplicationList
          items={list.items}
          caption="Applications quarantined as spam, newest first"
          detail={{ header: "Reason", cell: (item) => item.quarantineReason }}
          actions={(item) => (
            <ReleaseDialog
              companyName={item.companyName}
              email={item.email}
              triggerAriaLabel={`Release ${item.companyName}`}
              pending={releaseAction.pending}
              onConfirm={() => letThrough(item)}
            />
          )}
        />
      ) : (
        <EmptyState>Nothing is in quarantine.</EmptyState>
      )}
      <LoadMore list={list} focus={APPLICATION_FOCUS} />
    </>
  );
}
