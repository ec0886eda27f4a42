import { Breadcrumbs } from "~/components/layout/breadcrumbs";
import { OptOutReceivedPage } from "~/features/opt-out/opt-out-page";
import { pageMeta } from "~/seo/meta";
import { OPT_OUT_PAGE_PATH, OPT_OUT_RECEIVED_PATH } from "#domain/opt-out/form";

export const meta = () =>
  pageMeta({
    title: "Your Opt-Out Request Is In | Harborline Capital",
    description: "Your request to stop texts and marketing e-mail from Harborline Capital was received.",
    path: OPT_OUT_RECEIVED_PATH,
    noindex: true,
  });

export default function OptOutReceived() {
  return (
    <>
      <Breadcrumbs items={[{ label: "Opt out", href: OPT_OUT_PAGE_PATH }, { label: "Request received" }]} />
      <OptOutReceivedPage />
    </>
  );
}
