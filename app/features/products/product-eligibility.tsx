import { CircleCheckIcon, CircleXIcon } from "lucide-react";
import type * as React from "react";
import { NotAClaim } from "~/components/claim-text";
import { IntroducedSection } from "~/components/section";
import { productPageCopy as copy } from "~/content/product-page-copy";
import type { Product } from "~/content/products";

/** Requirements grouped by category, beside the common disqualifiers. */
export function ProductEligibility({ product }: { product: Product }) {
  return (
    <IntroducedSection tone="muted" intro={copy.eligibility} headingId="product-eligibility-heading">
      <div className="mt-12 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="gap-6 sm:columns-2">
          {product.requirements.map((group) => (
            <div
              key={group.category}
              className="mb-6 flex break-inside-avoid flex-col gap-4 rounded-2xl border border-border bg-card p-6 shadow-card last:mb-0"
            >
              <h3 className="text-lg font-semibold tracking-tight">{group.category}</h3>
              <MarkedList
                items={group.items}
                marker={
                  <CircleCheckIcon className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
                }
              />
            </div>
          ))}
        </div>
        <div className="flex flex-col gap-4 self-start rounded-2xl border border-destructive/20 bg-card p-6 shadow-card">
          <h3 className="text-lg font-semibold tracking-tight">{copy.eligibility.disqualifiersTitle}</h3>
          <MarkedList
            items={product.disqualifiers}
            marker={<CircleXIcon className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />}
          />
        </div>
      </div>
    </IntroducedSection>
  );
}

/**
 * A list whose every item opens with the same mark (a check for a requirement, a cross for a
 * disqualifier). Their figures are what an applicant must meet, not claims (docs/claims.md).
 */
function MarkedList({ items, marker }: { items: readonly string[]; marker: React.ReactNode }) {
  return (
    <ul className="flex flex-col gap-3">
      {items.map((item) => (
        <li key={item} className="flex gap-3 leading-relaxed">
          {marker}
          <NotAClaim reason="requirement">{item}</NotAClaim>
        </li>
      ))}
    </ul>
  );
}
