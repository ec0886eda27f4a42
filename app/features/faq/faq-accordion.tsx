import { AccordionContent, AccordionItem, AccordionTrigger } from "#ui/accordion";
import type { FaqGroup } from "~/content/faq";
import { ClaimText } from "~/components/claim-text";

/**
 * Every item on the page shares ONE group name, so opening any answer closes
 * the one open before it, wherever it is on the page, and the open answer can
 * be closed.
 */
export function FaqAccordion({ groups }: { groups: FaqGroup[] }) {
  return (
    <div className="flex flex-col gap-12">
      {groups.map((group) => (
        <section key={group.id} id={group.id} aria-labelledby={`${group.id}-heading`}>
          <h2 id={`${group.id}-heading`} className="text-2xl font-bold tracking-tight">
            {group.title}
          </h2>
          <div
            className="mt-4 rounded-2xl border border-border bg-card px-5 shadow-card sm:px-6"
            data-skip-offscreen
          >
            {group.items.map((item) => (
              <AccordionItem key={item.question} name="faq">
                <AccordionTrigger headingLevel={3}>{item.question}</AccordionTrigger>
                <AccordionContent className="text-base">
                  <ClaimText text={item.answer} />
                </AccordionContent>
              </AccordionItem>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
