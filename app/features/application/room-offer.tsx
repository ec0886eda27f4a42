import { FolderUpIcon } from "lucide-react";
import { buttonVariants } from "#ui/button";
import { FUNDING_TYPE_CHECKLISTS, type FundingType } from "#domain/documents/checklist";
import { DOCUMENT_KIND_COPY } from "#domain/documents/kinds";
import { OfferPanel } from "./offer-panel";

export const ROOM_OFFER_COPY = {
  title: "Next: send your documents",
  text: "A decision needs a few documents. Upload them in your document room, where you can also see where your application stands. We've e-mailed you the link too.",
  firstUp: "Start with",
  open: "Open your document room",
} as const;

/** The first documents the application's checklist asks for, by name: "Business bank statement, Voided business check and Photo ID". */
export function firstDocuments(fundingType: string): string {
  const checklist = FUNDING_TYPE_CHECKLISTS[fundingType as FundingType];
  const names = [...new Set((checklist?.requirements ?? []).map((requirement) => requirement.kind))]
    .slice(0, 3)
    .map((kind) => DOCUMENT_KIND_COPY[kind].label);
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "");
}

/**
 * Shown above the restarted wizard once an application is in, beside the
 * success toast: the link to the application's document room (the intake's
 * `roomLink`) and what to upload first. Focus moves to its heading when
 * `focus` (no booking offer takes it).
 */
export function RoomOffer({
  roomLink,
  fundingType,
  focus,
}: {
  roomLink: string;
  fundingType: string;
  focus: boolean;
}) {
  const first = firstDocuments(fundingType);
  return (
    <OfferPanel
      icon={FolderUpIcon}
      title={ROOM_OFFER_COPY.title}
      focus={focus}
      tone="card"
      actions={
        // The link carries the room's token: it goes to our own page and is sent nowhere else.
        <a href={roomLink} rel="noreferrer" className={buttonVariants({ className: "lg:shrink-0" })}>
          {ROOM_OFFER_COPY.open}
        </a>
      }
    >
      <p className="text-sm text-muted-foreground">{ROOM_OFFER_COPY.text}</p>
      {first && (
        <p className="text-sm">
          {ROOM_OFFER_COPY.firstUp}: <strong className="font-semibold">{first}</strong>.
        </p>
      )}
    </OfferPanel>
  );
}
