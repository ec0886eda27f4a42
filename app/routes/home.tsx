import { CtaBlock } from "~/components/cta-block";
import { homeSeo } from "~/content/hero";
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

export const meta = () =>
  pageMeta({
    title: homeSeo.title,
    description: homeSeo.description,
    path: "/",
    structuredData: [reviewJsonLd(testimonials)],
  });

export default function Home() {
  useScrollToHashOnArrival();
  return (
    <>
      <Hero />
      <ProductsSection />
      <AboutSection />
      <HowItWorks />
      <Testimonials />
      <FundingApplicationSection />
      <CtaBlock />
    </>
  );
}
