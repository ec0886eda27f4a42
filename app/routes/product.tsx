import { data, useLocation } from "react-router";
import { CtaBlock } from "~/components/cta-block";
import { Breadcrumbs } from "~/components/layout/breadcrumbs";
import { findProductByPath, productPath } from "~/content/products";
import { ProductBenefits } from "~/features/products/product-benefits";
import { ProductEligibility } from "~/features/products/product-eligibility";
import { ProductHero } from "~/features/products/product-hero";
import { ProductProcess } from "~/features/products/product-process";
import { pageMeta } from "~/seo/meta";
import { breadcrumbJsonLd, serviceJsonLd } from "~/seo/service-jsonld";
import type { Route } from "./+types/product";

export const meta = ({ location }: Route.MetaArgs) => {
  const product = findProductByPath(location.pathname);
  if (!product) return [];
  const path = productPath(product.slug);
  return pageMeta({
    title: product.seo.title,
    description: product.seo.description,
    path,
    structuredData: [serviceJsonLd(product), breadcrumbJsonLd([{ name: product.title, path }])],
  });
};

export default function ProductPage() {
  const location = useLocation();
  const product = findProductByPath(location.pathname);
  // Routes exist only for catalogue slugs, so this guards a catalogue/route mismatch.
  if (!product) throw data(null, { status: 404 });
  return (
    <>
      <Breadcrumbs items={[{ label: product.title }]} />
      <ProductHero product={product} />
      <ProductBenefits product={product} />
      <ProductProcess product={product} />
      <ProductEligibility product={product} />
      <CtaBlock />
    </>
  );
}
