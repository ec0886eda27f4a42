import { CtaBlock } from "~/components/cta-block";
import { homeSeo } from "~/content/hero";
import { productCards, productsSectionCopy } from "~/content/products";
import { testimonials } from "~/content/testimonials";
import { FundingApplicationSection } from "~/features/application/funding-application-section";
import { AboutSection } from "~/features/home/about-section";
import { Hero } from "~/features/home/hero";
import { HowItWorks } from "~/features/home/how-it-works";
import { Testimonials } from "~/features/home/testimonials";
import { ProductsSection } from "~/features/products/products-section";
import { useScrollToHashOnArrival } from "~/hooks/use-section-navigation";
import { pageMeta } from "~/seo/meta";
import { reviewJsonLd } from "~/seo/review-jsonld";
import type { Route } from "./+types/home";

// Runs at build time only (the page is prerendered): the product cards reach
// the browser inside the page's HTML, not in the route's JavaScript.
export const loader = () => ({ products: productCards(), productsCopy: productsSectionCopy });

export const meta = () =>
  pageMeta({
    title: homeSeo.title,
    description: homeSeo.description,
    path: "/",
    structuredData: [reviewJsonLd(testimonials)],
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  useScrollToHashOnArrival();
  return (
    <>
      <Hero />
      <ProductsSection products={loaderData.products} copy={loaderData.productsCopy} />
      <AboutSection />
      <HowItWorks />
      <Testimonials />
      <FundingApplicationSection />
      <CtaBlock />
    </>
  );
}
