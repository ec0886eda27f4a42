import { CtaBlock } from "~/components/cta-block";
import { Breadcrumbs } from "~/components/layout/breadcrumbs";
import { METHODOLOGY_PATH, methodologyPageContent } from "~/content/methodology";
import { MethodologyPage } from "~/features/methodology/methodology-page";
import { pageMeta } from "~/seo/meta";
import type { Route } from "./+types/methodology";

// Runs at build time only (the page is prerendered): the register's records
// reach the browser inside the page's HTML, not in the route's JavaScript.
export const loader = () => methodologyPageContent;

export const meta = ({ loaderData }: Route.MetaArgs) => {
  if (!loaderData) return [];
  return pageMeta({ ...loaderData.seo, path: METHODOLOGY_PATH });
};

export default function Methodology({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Breadcrumbs items={[{ label: "How we count" }]} />
      <MethodologyPage content={loaderData} />
      <CtaBlock />
    </>
  );
}
