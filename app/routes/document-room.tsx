import { DocumentRoomPage } from "~/features/document-room/document-room-page";
import { ROOM_PAGE_TEMPLATE } from "#domain/documents/room-view";
import { siteFacts } from "#domain/site-facts";
import { pageMeta } from "~/seo/meta";

// Prerendered once at ROOM_PAGE_TEMPLATE; the server serves it for every
// /documents/<token> (server/site/load-site.ts), with Referrer-Policy: no-referrer.
export const meta = () => [
  ...pageMeta({
    title: `Your document room | ${siteFacts.brand}`,
    description: "Send the documents for your funding application and see where it stands.",
    path: ROOM_PAGE_TEMPLATE,
    noindex: true,
  }),
  { name: "referrer", content: "no-referrer" },
];

export default function DocumentRoomWelcome() {
  return <DocumentRoomPage entry="welcome" />;
}
