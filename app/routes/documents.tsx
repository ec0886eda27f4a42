import { DocumentRoomPage } from "~/features/document-room/document-room-page";
import { ROOM_PAGE_PATH } from "#domain/documents/room-view";
import { siteFacts } from "#domain/site-facts";
import { pageMeta } from "~/seo/meta";

export const meta = () => [
  ...pageMeta({
    title: `Get a link to your document room | ${siteFacts.brand}`,
    description: "Ask for a link to the document room of your funding application by e-mail.",
    path: ROOM_PAGE_PATH,
    noindex: true,
  }),
  { name: "referrer", content: "no-referrer" },
];

export default function Documents() {
  return <DocumentRoomPage entry="ask" />;
}
