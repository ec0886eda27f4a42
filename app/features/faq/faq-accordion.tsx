import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "~/components/ui/accordion";
import type { FaqGroup } from "~/content/faq";

/**
 * All groups share ONE accordion, so opening any answer closes the one open
 * before it, wherever it is on the page, and the open answer can be closed.
 */
export function FaqAccordion({ groups }: { groups: FaqGroup[] }) {
  return (
    <Accordion type="single" collapsible className="flex flex-col gap-12">
      {groups.map((group) => (
        <section key={group.id} id={group.id} aria-labelledby={`${group.id}-heading`}>
          <h2 id={`${group.id}-heading`} className="text-2xl font-bold tracking-tight">
            {group.title}
          </h2>
          <div className="mt-4 rounded-2xl border border-border bg-card px-5 shadow-card sm:px-6">
            {group.items.map((item, index) => (
              <AccordionItem key={item.question} value={`${group.id}-${index + 1}`}>
                <AccordionTrigger headingLevel={3}>{item.question}</AccordionTrigger>
                <AccordionContent className="text-base">{item.answer}</AccordionContent>
              </AccordionItem>
            ))}
          </div>
        </section>
      ))}
    </Accordion>
  );
}
