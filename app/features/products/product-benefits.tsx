import { ContentIcon } from "~/components/content-icon";
import { IntroducedSection } from "~/components/section";
import { productPageCopy as copy } from "~/content/product-page-copy";
import type { Product } from "~/content/products";
import { ClaimText } from "~/components/claim-text";

/** Six benefit cards, introduced by the product's longer description. */
export function ProductBenefits({ product }: { product: Product }) {
  return (
    <IntroducedSection
      tone="muted"
      intro={{
        eyebrow: copy.benefits.eyebrow,
        title: copy.benefits.title(product.title),
        description: product.description,
      }}
      headingId="product-benefits-heading"
    >
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {product.benefits.map((benefit) => (
          <li
            key={benefit.title}
            className="flex flex-col gap-4 rounded-2xl border border-border bg-card p-6 shadow-card"
          >
            <span className="inline-flex size-12 items-center justify-center rounded-xl bg-accent text-accent-foreground">
              <ContentIcon name={benefit.icon} className="size-6" />
            </span>
            <h3 className="text-lg font-semibold tracking-tight">
              <ClaimText text={benefit.title} />
            </h3>
            <p className="leading-relaxed text-muted-foreground">
              <ClaimText text={benefit.description} />
            </p>
          </li>
        ))}
      </ul>
    </IntroducedSection>
  );
}
