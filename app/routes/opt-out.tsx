import { Breadcrumbs } from "~/components/layout/breadcrumbs";
import { OptOutPage } from "~/features/opt-out/opt-out-page";
import { pageMeta } from "~/seo/meta";
import { OPT_OUT_PAGE_PATH } from "#domain/opt-out/form";

export const meta = () =>
  pageMeta({
    title: "Stop Texts and Marketing E-mail | Harborline Capital",
    description:
      "Stop text messages to your number and marketing e-mail to your address from Harborline Capital. No account needed.",
    path: OPT_OUT_PAGE_PATH,
  });

export default function OptOut() {
  return (
    <>
      <Breadcrumbs items={[{ label: "Opt out" }]} />
      <OptOutPage />
    </>
  );
}
