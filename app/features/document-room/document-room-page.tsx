/**
 * The document room's page, prerendered twice: the welcome that every
 * `/documents/<token>` link is served (the server reads no token; the
 * island does), and `/documents`, which asks for a link. Everything the
 * applicant does happens in the island (document-room.tsx).
 */
import { LockIcon } from "lucide-react";
import { siteFacts } from "#domain/site-facts";
import { PageHeader } from "~/components/page-header";
import { Island } from "~/islands/island";
import { DocumentRoom, type RoomEntry } from "./document-room";

export const ROOM_PAGE_COPY = {
  eyebrow: "Document room",
  title: "Your document room",
  summary:
    "Send the documents your application needs and follow where it stands, from any device, at any time.",
  security: `Your files are encrypted on the way and in storage, and seen only by you and the ${siteFacts.brand} team working on your application.`,
} as const;

export function DocumentRoomPage({ entry }: { entry: RoomEntry }) {
  return (
    <article>
      <PageHeader
        eyebrow={ROOM_PAGE_COPY.eyebrow}
        title={ROOM_PAGE_COPY.title}
        summary={ROOM_PAGE_COPY.summary}
      />
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
        <Island name="document-room" component={DocumentRoom} props={{ entry }} />
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <LockIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {ROOM_PAGE_COPY.security}
        </p>
      </div>
    </article>
  );
}
