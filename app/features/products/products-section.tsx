import { ArrowRightIcon } from "lucide-react";
import { Section, SectionHeader } from "~/components/section";
import { SectionLink } from "~/components/section-link";
import { Button } from "~/components/ui/button";
import { products, productsSectionCopy as copy } from "~/content/products";
import { CompareProductsDialog } from "./compare-products-dialog";
import { ProductCard } from "./product-card";

/** The home page's #products section: six product cards and the ways onward. */
export function ProductsSection() {
  return (
    <Section id="products" tone="muted" aria-labelledby="products-heading">
      <SectionHeader
        eyebrow={copy.eyebrow}
        title={copy.title}
        description={copy.description}
        headingId="products-heading"
      />
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {products.map((product) => (
          <li key={product.slug}>
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
      <div className="mt-12 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
        <CompareProductsDialog />
        <Button asChild size="lg">
          <SectionLink section="funding-form">
            {copy.apply}
            <ArrowRightIcon aria-hidden="true" />
          </SectionLink>
        </Button>
        <Button asChild size="lg" variant="ghost">
          <SectionLink section="how-it-works">{copy.learnMore}</SectionLink>
        </Button>
      </div>
    </Section>
  );
}
