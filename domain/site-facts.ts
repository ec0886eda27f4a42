import { figures } from "./claims/figures";

/**
 * The one place for who we are and how to reach us. Every page, the metadata,
 * the structured data, the e-mails and the desk read these values; change them
 * here only. What differs between deployments (the site's URL, the booking
 * URL) is not here: the site's build bakes it in (app/lib/public-env.ts) and
 * the server reads it from its configuration (server/config.ts).
 */
export const siteFacts = {
  brand: "Harborline Capital",
  legalName: "Harborline Capital LLC",
  tagline: "Non-dilutive growth funding for founders who keep control",
  description: `Harborline Capital provides non-dilutive business funding for growth-stage companies: growth capital, revenue-based financing, bridge funding, 0% strategic financing, real estate financing and SBA loans, with decisions in ${figures.decisionHours} hours.`,
  phone: { display: "(212) 555-0147", e164: "+12125550147" },
  email: "funding@harborlinecapital.com",
  privacyEmail: "privacy@harborlinecapital.com",
  address: {
    street: "245 Park Avenue, 24th Floor",
    city: "New York",
    region: "NY",
    postalCode: "10167",
    country: "US",
  },
  hours: "Monday to Friday, 9 am to 6 pm ET",
  foundedYear: 2009,
  copyrightYear: 2024,
  /** Leave a URL empty to hide that social link everywhere. */
  social: {
    linkedin: "https://www.linkedin.com/company/harborline-capital",
    x: "https://x.com/harborlinecap",
    facebook: "",
    youtube: "",
  },
} as const;

export type SocialNetwork = keyof typeof siteFacts.social;
