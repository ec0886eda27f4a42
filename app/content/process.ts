/** How it works (home page): the path from application to funding. */
import { claimIn } from "#domain/claims/register";

export interface ProcessStep {
  number: number;
  title: string;
  description: string;
  timeline: string;
}

export const processSteps: ProcessStep[] = [
  {
    number: 1,
    title: "Application",
    description: `Tell us about your company, how much you need and what it is for. The online application takes about ${claimIn("application-time")}, and we review it within ${claimIn("review-time")}.`,
    timeline: claimIn("process-timeline", "Day 1"),
  },
  {
    number: 2,
    title: "Consultation",
    description:
      "A funding specialist walks through your goals and numbers with you, then recommends the structure that fits: growth capital, revenue-based, bridge or another program.",
    timeline: claimIn("process-timeline", "Day 2-3"),
  },
  {
    number: 3,
    title: "Due Diligence",
    description:
      "Our underwriters review your financials, bank statements and revenue quality. You get a clear term sheet with the full cost spelled out, with no surprises at closing.",
    timeline: claimIn("process-timeline", "Day 4-10"),
  },
  {
    number: 4,
    title: "Funding",
    description: `Sign the agreement electronically and the capital is wired to your business account. You keep ${claimIn("equity-kept")} of your equity and every seat on your board.`,
    timeline: claimIn("process-timeline", "Day 14-21"),
  },
];

export const processSummary = `From application to funding in as little as ${claimIn("funding-speed")}`;

export const processIntro = {
  eyebrow: "How it works",
  title: "A clear path from application to funding",
  description: `No months of pitch meetings. Apply in about ${claimIn("application-time")}, talk to a specialist, and get a decision within ${claimIn("decision-time")}.`,
} as const;
