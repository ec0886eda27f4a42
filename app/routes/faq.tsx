import { CtaBlock } from "~/components/cta-block";
import { Breadcrumbs } from "~/components/layout/breadcrumbs";
import { faqPageContent } from "~/content/faq";
import { FaqPage } from "~/features/faq/faq-page";
import { faqPageJsonLd } from "~/seo/faq-jsonld";
import { pageMeta } from "~/seo/meta";
import type { Route } from "./+types/faq";

// Runs at build time only (the page is prerendered): the questions reach the
// browser inside the page's HTML, so the FAQ copy and the product catalogue it
// quotes stay out of the route's JavaScript.
export const loader = () => ({
  ...faqPageContent,
  // Built here so its code stays server-side: meta only passes it along.
  structuredData: [faqPageJsonLd(faqPageContent.groups.flatMap((group) => group.items))],
});

export const meta = ({ loaderData }: Route.MetaArgs) => {
  if (!loaderData) return [];
  return pageMeta({ ...loaderData.seo, path: "/faq", structuredData: loaderData.structuredData });
};

export default function Faq({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Breadcrumbs items={[{ label: "FAQ" }]} />
      <FaqPage content={loaderData} />
      <CtaBlock />
    </>
  );
}
