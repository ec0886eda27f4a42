import { Breadcrumbs } from "~/components/layout/breadcrumbs";
import { PrivacyRequestPage } from "~/features/privacy-request/privacy-request-page";
import { pageMeta } from "~/seo/meta";

export const meta = () =>
  pageMeta({
    title: "Privacy request | Harborline Capital",
    description:
      "Ask Harborline Capital for a copy of the data we hold about you, a correction or its deletion, or to stop texts or e-mail.",
    path: "/privacy-request",
  });

export default function PrivacyRequest() {
  return (
    <>
      <Breadcrumbs items={[{ label: "Privacy request" }]} />
      <PrivacyRequestPage />
    </>
  );
}
