import { Breadcrumbs } from "~/components/layout/breadcrumbs";
import { TEXTING_PATH, textingPageContent } from "~/content/texting";
import { TextingPage } from "~/features/texting/texting-page";
import { pageMeta } from "~/seo/meta";
import type { Route } from "./+types/texting";

// Runs at build time only (the page is prerendered): the consent text reaches
// the browser in the page's HTML, not in the route's JavaScript.
export const loader = () => textingPageContent;

export const meta = ({ loaderData }: Route.MetaArgs) => {
  if (!loaderData) return [];
  return pageMeta({ ...loaderData.seo, path: TEXTING_PATH });
};

export default function Texting({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Breadcrumbs items={[{ label: "Text messages" }]} />
      <TextingPage content={loaderData} />
    </>
  );
}
