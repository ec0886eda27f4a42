/**
 * Everything the home page's sections show, in one object. The home route's
 * build-time loader hands it to the page, so the copy reaches the browser in
 * the page's HTML rather than in its JavaScript.
 */
import { about, claims, figures, ratingClaim, valueProps } from "./claims";
import { dashboardSample, hero } from "./hero";
import { institutions, institutionsIntro } from "./institutions";
import { processIntro, processSteps, processSummary } from "./process";
import { testimonials, testimonialsIntro } from "./testimonials";
import { formatUsdCompact } from "#domain/lib/format";

export const homeContent = {
  hero,
  valueProps,
  dashboard: {
    ...dashboardSample,
    monthlyRevenue: {
      ...dashboardSample.monthlyRevenue,
      amountLabel: formatUsdCompact(dashboardSample.monthlyRevenue.amountUsd),
    },
    round: { ...dashboardSample.round, amountLabel: formatUsdCompact(dashboardSample.round.amountUsd) },
  },
  institutions: { intro: institutionsIntro, items: institutions },
  about,
  claims,
  process: { intro: processIntro, steps: processSteps, summary: processSummary },
  testimonials: {
    intro: testimonialsIntro,
    items: testimonials,
    ratingScale: figures.ratingScale,
    ratingClaim,
  },
};

export type HomeContent = typeof homeContent;
