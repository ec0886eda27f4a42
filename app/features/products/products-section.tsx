import { ArrowRightIcon } from "lucide-react";
import { IntroducedSection } from "~/components/section";
import { SectionLink } from "~/components/section-link";
import { buttonVariants } from "#ui/button";
import type { ProductCardData, ProductsSectionCopy } from "~/content/products";
import { CompareProductsDialog } from "./compare-products-dialog";
import { ProductCard } from "./product-card";

/**
 * The home page's #products section: six product cards and the ways onward.
 * Cards and copy come from the home route's build-time loader, so the
 * catalogue is in the page's HTML, not in its JavaScript.
 */
export function ProductsSection({
  products,
  copy,
}: {
  products: ProductCardData[];
  copy: ProductsSectionCopy;
}) {
  return (
    <IntroducedSection id="products" tone="muted" intro={copy} headingId="products-heading">
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {products.map((product) => (
          <li key={product.slug}>
            <ProductCard product={product} rangeLabel={copy.rangeLabel} />
          </li>
        ))}
      </ul>
      <div className="mt-12 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
        <CompareProductsDialog products={products} copy={copy.compare} />
        <SectionLink className={buttonVariants({ size: "lg" })} section="funding-form">
          {copy.apply}
          <ArrowRightIcon aria-hidden="true" />
        </SectionLink>
        <SectionLink className={buttonVariants({ size: "lg", variant: "ghost" })} section="how-it-works">
          {copy.learnMore}
        </SectionLink>
      </div>
    </IntroducedSection>
  );
}
