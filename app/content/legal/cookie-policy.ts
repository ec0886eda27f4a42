import { siteFacts } from "#domain/site-facts";
import { legalPageTitles } from "./slugs";
import type { LegalDocument, LegalSection } from "./types";

const { brand, legalName, privacyEmail, phone } = siteFacts;

/** The four categories every cookie or storage item on the site falls into. */
export const cookieCategories = ["Essential", "Analytics", "Functional", "Marketing"] as const;
export type CookieCategory = (typeof cookieCategories)[number];

/** Heading of a category's section; the tests find the categories by it. */
export function cookieCategoryHeading(category: CookieCategory): string {
  return `${category} cookies and storage`;
}

interface CategoryText {
  purpose: string;
  examples: string[];
  consent: string;
}

// Keep these honest: they describe what the site really stores today.
const categoryText: Record<CookieCategory, CategoryText> = {
  Essential: {
    purpose:
      "Essential cookies and storage are needed for the website to work and to keep it secure: loading pages, moving between them, protecting forms from abuse and remembering choices you make about cookies. The site cannot work properly without them.",
    examples: [
      "Scroll position: as you move between pages, your browser's session storage remembers where you were on each page so that the Back button returns you to the same place. It is deleted when you close the tab.",
      "We do not currently set any essential cookies of our own. If we later add a sign-in for a client portal or a cookie choices banner, the cookies they need will belong to this category.",
      "The booking provider may set essential cookies inside the consultation dialog so that you can pick and confirm a time (see Third-party cookies).",
    ],
    consent:
      "Consent needed: no. Essential storage is exempt from consent, but you can still block or delete it in your browser; parts of the site may then not work.",
  },
  Analytics: {
    purpose:
      "Analytics cookies count visits and show how visitors use a website, for example which pages are read most and where people leave, so that it can be improved.",
    examples: [
      "Visit statistics without cookies: this website does not set analytics cookies and keeps nothing in your browser for analytics. Our own server counts page views, the steps of the funding application you view and complete, and a few actions (opening the consultation dialog, loading the booking calendar, subscribing to the newsletter). To tell visits apart it uses a code that changes every day and cannot be traced back to you; our Privacy Policy explains exactly what is recorded and for how long.",
      "We do not use Google Analytics or any similar third-party analytics or session-recording tool, and nothing about your visits is shared with one.",
    ],
    consent:
      "Consent needed: no. No cookie or browser storage is used for analytics, so there is nothing to accept or refuse in your browser. If your browser sends a Global Privacy Control signal, we still count the page views but without the daily code, so nothing links your pages and actions together.",
  },
  Functional: {
    purpose:
      "Functional storage remembers what you have done on the site so that you do not have to do it again. It makes features you use work better but is not strictly needed to show a page.",
    examples: [
      "Application draft: while you fill in the funding application, your answers are saved in your browser's local storage, so that a reload or an accidentally closed tab does not wipe them. The draft stays only on your device and is deleted when you submit the application, or automatically after 7 days.",
      "The draft never includes your SMS consent. You must tick the consent box yourself each time you submit, so that consent is always a fresh, deliberate choice.",
    ],
    consent:
      "Consent needed: no. The draft exists only because you started the application, is never sent to us until you submit it, and you can delete it at any time by clearing this site's data in your browser.",
  },
  Marketing: {
    purpose:
      "Marketing storage tells us which campaigns, partner websites and links bring visitors to us, so that we can see which of our marketing works. On this website it is first-party attribution only: it is stored by our own site and read only by us.",
    examples: [
      "Attribution: when you arrive from a link or an ad, your browser's local storage keeps the UTM parameters (source, medium, campaign, term and content) and any ad click identifier in the link, the referring website, the page you first landed on, and the time of your first and most recent visits. It is kept for up to 90 days and is sent to us only together with a funding application.",
      "We do not use advertising cookies, retargeting pixels or social media tracking tags, and we do not share attribution data with advertising networks.",
    ],
    consent:
      "Consent needed: not for first-party attribution used only by us, which you can clear at any time. We would ask for your consent before adding any third-party advertising or tracking cookies.",
  },
};

function categorySection(category: CookieCategory): LegalSection {
  const { purpose, examples, consent } = categoryText[category];
  return {
    heading: cookieCategoryHeading(category),
    blocks: [
      { type: "paragraph", text: purpose },
      { type: "paragraph", text: "What this site uses:" },
      { type: "list", items: examples },
      { type: "paragraph", text: consent },
    ],
  };
}

export const cookiePolicy: LegalDocument = {
  slug: "cookie-policy",
  title: legalPageTitles["cookie-policy"],
  lastUpdated: "January 2024",
  summary: `This Cookie Policy explains which cookies and similar browser storage the ${brand} website uses, why, and how you can control them. In short: we keep a draft of an unfinished funding application and your marketing attribution in your own browser, the booking provider may set its own cookies in the consultation dialog, we count visits on our own server without any cookie, and we use no analytics or advertising cookies.`,
  seo: {
    title: `Cookie Policy | ${brand}`,
    description: `Which cookies and browser storage the ${brand} website uses (essential, analytics, functional and marketing) and how to control or clear them.`,
  },
  sections: [
    {
      heading: "What cookies and browser storage are",
      blocks: [
        {
          type: "paragraph",
          text: "Cookies are small text files that a website stores in your browser and reads back on later visits. Browsers also offer similar technologies: local storage keeps data on your device until it is deleted, and session storage keeps it until you close the tab. Unlike cookies, local and session storage are not sent to our servers with every request; our website reads them in your browser.",
        },
        {
          type: "paragraph",
          text: `First-party cookies and storage are set by the website you are visiting, here ${legalName}. Third-party cookies are set by another company whose content appears on the page, such as an embedded booking widget. This policy uses "cookies" for all of these technologies unless it says otherwise.`,
        },
      ],
    },
    {
      heading: "Cookies on this site at a glance",
      blocks: [
        {
          type: "paragraph",
          text: "We group everything the site stores into four categories:",
        },
        {
          type: "list",
          items: [
            "Essential: needed for the site to work and stay secure. Used today for scroll positions only; no essential cookies of our own.",
            "Analytics: no cookies and no storage. Visits are counted on our own server, without identifying you.",
            "Functional: the saved draft of an unfinished funding application, kept in your browser for up to 7 days.",
            "Marketing: first-party attribution (UTM parameters, referrer and landing page) kept in your browser.",
          ],
        },
        {
          type: "paragraph",
          text: "The booking provider behind the consultation dialog may add its own cookies when you open the dialog.",
        },
      ],
    },
    ...cookieCategories.map(categorySection),
    {
      heading: "Third-party cookies",
      blocks: [
        {
          type: "paragraph",
          text: "When you open the Schedule Your Consultation dialog, it loads a scheduling widget from our third-party booking provider. The provider may set its own cookies or use similar technologies in that widget, for example to keep the booking session working, remember your time zone, prevent fraud and measure use of its service. We do not control these cookies, and nothing from the booking provider loads until you open the dialog.",
        },
        {
          type: "paragraph",
          text: "The booking provider's own cookie and privacy policies, available from the widget, describe what it sets and for how long. If you prefer not to use the widget, you can book a consultation by phone or e-mail instead.",
        },
      ],
    },
    {
      heading: "How to control cookies and browser storage",
      blocks: [
        {
          type: "paragraph",
          text: "You can see, block and delete cookies and site data in your browser settings. Clearing this site's data removes the saved application draft and the attribution details at the same time. Blocking all cookies and storage may stop some features, such as saving a draft or booking a consultation, from working.",
        },
        {
          type: "list",
          items: [
            "Google Chrome: Settings > Privacy and security > Third-party cookies, or Site settings > View permissions and data stored across sites, to delete this site's data.",
            "Safari (Mac): Settings > Privacy > Manage Website Data. Safari on iPhone and iPad: Settings > Safari > Advanced > Website Data.",
            "Mozilla Firefox: Settings > Privacy & Security > Cookies and Site Data > Manage Data.",
            "Microsoft Edge: Settings > Cookies and site permissions > Manage and delete cookies and site data.",
            "Private or incognito windows delete cookies and local storage when you close them.",
          ],
        },
        {
          type: "paragraph",
          text: "Your browser may also let you send a Global Privacy Control signal, which we honor as described in our Privacy Policy.",
        },
      ],
    },
    {
      heading: "Changes to this policy",
      blocks: [
        {
          type: "paragraph",
          text: 'We will update this policy whenever we add, remove or change a cookie or storage item, and change the "Last updated" date at the top. Before adding analytics cookies or any third-party advertising cookies, we will give notice on the website and ask for consent where the law requires it.',
        },
      ],
    },
    {
      heading: "Contact us",
      blocks: [
        {
          type: "paragraph",
          text: `If you have questions about cookies or about your personal information, contact our privacy team at ${privacyEmail} or ${phone.display}. Our Privacy Policy explains how we use the information we collect and the rights you have.`,
        },
      ],
    },
  ],
};
