import { data } from "react-router";
import { ContentIconProvider } from "~/components/content-icon";
import { CtaBlock } from "~/components/cta-block";
import { Breadcrumbs } from "~/components/layout/breadcrumbs";
import { contentIcons } from "~/content/content-icons.server";
import { productPath } from "#domain/product-index";
import { findProductByPath } from "~/content/products";
import { ProductBenefits } from "~/features/products/product-benefits";
import { ProductEligibility } from "~/features/products/product-eligibility";
import { ProductHero } from "~/features/products/product-hero";
import { ProductProcess } from "~/features/products/product-process";
import { pageMeta } from "~/seo/meta";
import { breadcrumbJsonLd, serviceJsonLd } from "~/seo/service-jsonld";
import type { Route } from "./+types/product";

// Runs at build time only (every product page is prerendered): the page's
// product reaches the browser in its HTML, and the catalogue of all six stays
// out of the route's JavaScript. Routes exist only for catalogue slugs, so the
// 404 guards a catalogue/route mismatch.
export async function loader({ request }: Route.LoaderArgs) {
  const product = findProductByPath(new URL(request.url).pathname);
  if (!product) throw data(null, { status: 404 });
  const icons = await contentIcons([product.icon, ...product.benefits.map((benefit) => benefit.icon)]);
  const path = productPath(product.slug);
  // Built here so its code stays server-side: meta only passes it along.
  const structuredData = [serviceJsonLd(product), breadcrumbJsonLd([{ name: product.title, path }])];
  return { product, icons, structuredData };
}

export const meta = ({ loaderData }: Route.MetaArgs) => {
  if (!loaderData) return [];
  const { product, structuredData } = loaderData;
  return pageMeta({ ...product.seo, path: productPath(product.slug), structuredData });
};

export default function ProductPage({ loaderData: { product, icons } }: Route.ComponentProps) {
  return (
    <ContentIconProvider icons={icons}>
      <Breadcrumbs items={[{ label: product.title }]} />
      <ProductHero product={product} />
      <ProductBenefits product={product} />
      <ProductProcess product={product} />
      <ProductEligibility product={product} />
      <CtaBlock />
    </ContentIconProvider>
  );
}
