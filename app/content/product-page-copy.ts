// Kept apart from the catalogue (products.ts): a product page gets its product
// from its build-time loader and needs only these labels in its JavaScript.

/** Headings and labels shared by every product page. */
export const productPageCopy = {
  heroEyebrow: "Business funding",
  rangeLabel: "Funding range",
  speedLabel: "Typical time to fund",
  bestForLabel: "Best for",
  apply: "Apply Now",
  consult: "Schedule Consultation",
  reassurance: "Free consultation. Checking eligibility does not affect your credit score.",
  benefits: { eyebrow: "Benefits", title: (title: string) => `Why businesses choose ${title}` },
  process: {
    eyebrow: "Process",
    title: "From application to funding",
    description: (speed: string) =>
      `Four clear steps. Most clients are funded in ${speed} from a complete application.`,
  },
  eligibility: {
    eyebrow: "Eligibility",
    title: "Do you qualify?",
    description:
      "What our underwriters look for. Missing one requirement is not always a deal-breaker: a specialist can suggest a better-fitting product.",
    disqualifiersTitle: "Common disqualifiers",
  },
} as const;
