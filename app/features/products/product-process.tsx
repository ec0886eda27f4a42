import { ClockIcon } from "lucide-react";
import { Decoration } from "~/components/decoration";
import { IntroducedSection } from "~/components/section";
import { Badge } from "#ui/badge";
import { productPageCopy as copy } from "~/content/product-page-copy";
import type { Product } from "~/content/products";
import { ClaimText } from "~/components/claim-text";

/** The four steps from application to funds, each with its duration. */
export function ProductProcess({ product }: { product: Product }) {
  return (
    <IntroducedSection
      intro={{ ...copy.process, description: copy.process.description(product.typicalSpeed) }}
      headingId="product-process-heading"
    >
      <div className="relative mt-12">
        {/* The connector sits behind the step numbers on wide screens only. */}
        <Decoration className="pointer-events-none absolute top-6 right-[12.5%] left-[12.5%] hidden h-px bg-border lg:block" />
        <ol className="relative grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {product.steps.map((step, index) => (
            <li
              key={step.title}
              className="relative flex flex-col gap-4 rounded-2xl border border-border bg-card p-6 shadow-card lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none"
            >
              <div className="flex items-center justify-between gap-3 lg:flex-col lg:items-center">
                <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-primary text-lg font-bold text-primary-foreground ring-8 ring-background">
                  <span className="sr-only">Step </span>
                  {index + 1}
                </span>
                <Badge className="text-sm [&_svg]:size-4">
                  <ClockIcon aria-hidden="true" />
                  <ClaimText text={step.duration} />
                </Badge>
              </div>
              <div className="flex flex-col gap-2 lg:text-center">
                <h3 className="text-lg font-semibold tracking-tight">{step.title}</h3>
                <p className="leading-relaxed text-muted-foreground">
                  <ClaimText text={step.description} />
                </p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </IntroducedSection>
  );
}
