import { CtaBlock } from "~/components/cta-block";
import { Breadcrumbs } from "~/components/layout/breadcrumbs";
import { allFaqItems, faqSeo } from "~/content/faq";
import { FaqPage } from "~/features/faq/faq-page";
import { faqPageJsonLd } from "~/seo/faq-jsonld";
import { pageMeta } from "~/seo/meta";

export const meta = () =>
  pageMeta({
    title: faqSeo.title,
    description: faqSeo.description,
    path: "/faq",
    structuredData: [faqPageJsonLd(allFaqItems)],
  });

export default function Faq() {
  return (
    <>
      <Breadcrumbs items={[{ label: "FAQ" }]} />
      <FaqPage />
      <CtaBlock />
    </>
  );
}
