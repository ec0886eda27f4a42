import { ArrowRightIcon, CheckIcon } from "lucide-react";
import { ContentIcon } from "~/components/content-icon";
import { Card } from "#ui/card";
import { productPath } from "#domain/product-index";
import type { ProductCardData } from "~/content/products";
import { cn } from "#ui/cn";
import { ClaimText } from "~/components/claim-text";

/** A home-page product card: what it is, how much, what you get, where to read more. */
export function ProductCard({
  product,
  rangeLabel,
  className,
}: {
  product: ProductCardData;
  /** "Funding range" */
  rangeLabel: string;
  className?: string;
}) {
  const headingId = `product-card-${product.slug}`;
  return (
    <Card
      className={cn("group h-full gap-5 pb-3 transition-shadow duration-200 hover:shadow-lift", className)}
      data-skip-offscreen
    >
      <div className="flex items-center gap-4">
        <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground">
          <ContentIcon name={product.icon} className="size-6" />
        </span>
        <h3 id={headingId} className="text-xl leading-snug font-semibold tracking-tight">
          {product.title}
        </h3>
      </div>
      <p className="leading-relaxed text-muted-foreground">
        <ClaimText text={product.cardDescription} />
      </p>
      <div className="rounded-xl bg-muted px-4 py-3">
        <p className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">{rangeLabel}</p>
        <p className="text-2xl font-bold tracking-tight text-primary">
          <ClaimText text={product.range.label} />
        </p>
      </div>
      <ul className="flex flex-1 flex-col gap-2.5 text-sm">
        {product.features.map((feature) => (
          <li key={feature} className="flex gap-2.5">
            <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>
              <ClaimText text={feature} />
            </span>
          </li>
        ))}
      </ul>
      <div className="border-t border-border pt-4">
        <a
          href={productPath(product.slug)}
          className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-primary underline-offset-4 hover:underline"
        >
          Explore {product.title}
          <ArrowRightIcon
            className="size-4 transition-transform group-hover:translate-x-0.5"
            aria-hidden="true"
          />
        </a>
      </div>
    </Card>
  );
}
