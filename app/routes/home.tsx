import { ContentIconProvider } from "~/components/content-icon";
import { CtaBlock } from "~/components/cta-block";
import { contentIcons } from "~/content/content-icons.server";
import { homeSeo } from "~/content/hero";
import { homeContent } from "~/content/home";
import { productCards, productsSectionCopy } from "~/content/products";
import { FundingApplicationSection } from "~/features/application/funding-application-section";
import { AboutSection } from "~/features/home/about-section";
import { Hero } from "~/features/home/hero";
import { HowItWorks } from "~/features/home/how-it-works";
import { Testimonials } from "~/features/home/testimonials";
import { ProductsSection } from "~/features/products/products-section";
import type { ArrivalScrollHandle } from "~/lib/arrival-scroll";
import { pageMeta } from "~/seo/meta";
import { reviewJsonLd } from "~/seo/review-jsonld";
import type { Route } from "./+types/home";

// Runs at build time only (the page is prerendered): the sections' copy, the
// product cards and the icons the page shows reach the browser inside the
// page's HTML, not in the route's JavaScript.
export async function loader() {
  const products = productCards();
  const icons = await contentIcons([
    ...products.map((product) => product.icon),
    ...homeContent.about.reasons.map((reason) => reason.icon),
    ...homeContent.institutions.items.map((institution) => institution.icon),
  ]);
  // Metadata too, so its figures stay server-side: meta only passes it along.
  const reviews = reviewJsonLd(homeContent.testimonials.items);
  return { ...homeContent, products, productsCopy: productsSectionCopy, icons, seo: homeSeo, reviews };
}

// Arriving at "/#funding-form" from another page: wait, then scroll smoothly (app/lib/arrival-scroll.ts).
export const handle: ArrivalScrollHandle = { arrivalScroll: true };

export const meta = ({ loaderData }: Route.MetaArgs) => {
  if (!loaderData) return [];
  return pageMeta({ ...loaderData.seo, path: "/", structuredData: [loaderData.reviews] });
};

export default function Home({ loaderData: content }: Route.ComponentProps) {
  return (
    <ContentIconProvider icons={content.icons}>
      <Hero
        hero={content.hero}
        valueProps={content.valueProps}
        dashboard={content.dashboard}
        institutions={content.institutions}
      />
      <ProductsSection products={content.products} copy={content.productsCopy} />
      <AboutSection about={content.about} claims={content.claims} />
      <HowItWorks {...content.process} />
      <Testimonials {...content.testimonials} />
      <FundingApplicationSection />
      <CtaBlock />
    </ContentIconProvider>
  );
}
