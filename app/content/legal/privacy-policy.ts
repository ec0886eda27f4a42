import { siteFacts } from "#domain/site-facts";
import { legalPageTitles } from "./slugs";
import type { LegalDocument } from "./types";

const { brand, legalName, privacyEmail, phone, address } = siteFacts;
const postalAddress = `${legalName}, Attn: Privacy, ${address.street}, ${address.city}, ${address.region} ${address.postalCode}`;

export const privacyPolicy: LegalDocument = {
  slug: "privacy-policy",
  title: legalPageTitles["privacy-policy"],
  lastUpdated: "January 2024",
  summary: `This Privacy Policy explains what personal information ${legalName} collects when you visit our website, apply for business funding, book a consultation or subscribe to our newsletter; how we use and share it; how long we keep it; and the choices and rights you have. We do not sell your personal information.`,
  seo: {
    title: `Privacy Policy | ${brand}`,
    description: `How ${brand} collects, uses, shares and protects the information in your funding application, SMS consent and visits, and the privacy rights you have.`,
  },
  sections: [
    {
      heading: "Who we are",
      blocks: [
        {
          type: "paragraph",
          text: `${brand} is the trading name of ${legalName}, a provider of non-dilutive business funding with offices at ${address.street}, ${address.city}, ${address.region} ${address.postalCode}. In this policy, "${brand}", "we", "us" and "our" mean ${legalName}, and "you" means any person who visits our website or contacts us, including the owners, officers and employees of businesses that apply for funding.`,
        },
        {
          type: "paragraph",
          text: `${legalName} is responsible for the personal information described in this policy. If you have a question about it, you can reach our privacy team at ${privacyEmail} or ${phone.display}.`,
        },
      ],
    },
    {
      heading: "Scope of this policy",
      blocks: [
        {
          type: "paragraph",
          text: "This policy applies to information we collect through our website, our funding application, the consultation booking dialog, our newsletter, and the e-mails, phone calls and text messages we exchange with you about funding.",
        },
        {
          type: "paragraph",
          text: "Our products are for business purposes only. If you obtain funding, your funding agreement and any separate financial privacy notice we give you at that time also apply, and they govern if they conflict with this policy. This policy does not cover websites or services run by other companies, including funding partners and the booking provider, even when we link to them.",
        },
      ],
    },
    {
      heading: "Information we collect",
      blocks: [
        {
          type: "paragraph",
          text: "When you complete our funding application, we collect the information you enter about your business and about you:",
        },
        {
          type: "list",
          items: [
            "Company information: company name, industry, annual revenue range, years in business and a description of what the business does.",
            "Funding needs: the type of funding you are interested in, the amount requested, what the funds are for and when you need them.",
            "Contact details: first and last name, e-mail address and phone number.",
            "Your job title or role in the business.",
            "Your self-reported personal credit score range. We do not pull a credit report when you submit the application.",
          ],
        },
        {
          type: "paragraph",
          text: "When you agree to receive text messages, we keep a record of that consent: the exact consent wording shown to you and its version, the date and time you gave it, your IP address, your browser's user agent, the address of the page where you agreed, and the phone number you provided. We also record any later request to stop messages.",
        },
        {
          type: "paragraph",
          text: "To understand which of our campaigns and pages bring people to us, we collect marketing attribution information: UTM parameters (source, medium, campaign, term and content) and ad click identifiers in the link you followed, the referring website, the first page you landed on, and the time of your first and most recent visits. This information is kept in your browser and sent to us with your application.",
        },
        {
          type: "paragraph",
          text: "When you use the website, our servers and service providers automatically receive device and usage data: IP address, browser type and version, operating system, device type, language, the pages you request, the date and time of each request and the referring address. We use the IP address to estimate your general location (for example your state) but do not collect precise geolocation.",
        },
        {
          type: "paragraph",
          text: "To improve the website and our application form, our server keeps visit statistics, without cookies and without storing anything in your browser. For each page view it records the page's address (without the part after a question mark, apart from UTM campaign tags), the name of the referring website, and whether you use a phone, tablet or computer. For the funding application it records which steps you view and complete, when you press Submit, and, when a field is not accepted, the name of the field and the kind of problem, never what you typed. It also counts opening the consultation dialog, loading the booking calendar and subscribing to the newsletter.",
        },
        {
          type: "paragraph",
          text: "To tell visits apart without cookies, our server combines your IP address and your browser's user agent with a random value that changes every day, and turns them into a code that cannot be turned back. The random value is deleted within 48 hours, so the code cannot be linked to your visits on other days, and your IP address and user agent are not kept with the statistics. When you submit an application, the server notes under that day's code, with a reference to the application, whether it was received and whether it reached our CRM, so that we can see where applicants stop. If your browser sends a Global Privacy Control signal, we count your page views without the code.",
        },
        {
          type: "paragraph",
          text: "When you subscribe to our newsletter, we collect your e-mail address and the date you subscribed. When you call us, e-mail us or book a consultation, we collect the details you share, such as your name, contact details, the time you chose and notes about your business.",
        },
        {
          type: "paragraph",
          text: "If you move forward after approval, we or our funding partners may ask for further information, such as bank statements, financial statements, tax returns, ownership details and identity documents, to verify your business and complete the funding agreement. We explain what is needed and why at that time.",
        },
      ],
    },
    {
      heading: "Accounts and client portal",
      blocks: [
        {
          type: "paragraph",
          text: "Our website does not offer user accounts today, and you do not need an account to apply. If you create an account or client portal login in the future, or when we set up your client account after approval, we will collect the information needed to run it: your name, e-mail address, a password or other sign-in credential (which we store only in encrypted or hashed form), security settings, the documents you upload, and a record of when and from where you sign in.",
        },
        {
          type: "paragraph",
          text: "Account information is used to give you secure access to your funding file, to protect your account against unauthorized access, and to keep you informed about your application and funding. You may close an account at any time by contacting us; records we must keep under law or your funding agreement are retained as described under How long we keep information.",
        },
      ],
    },
    {
      heading: "How we use your information",
      blocks: [
        {
          type: "paragraph",
          text: "We use personal information for the following purposes:",
        },
        {
          type: "list",
          items: [
            "To review your application, contact you about it, prepare funding options and match your business with suitable products or funding partners.",
            "To schedule and hold consultations and to answer your questions.",
            "To send you text messages and e-mails about your application, account updates and, where you have agreed, promotions.",
            "To send our newsletter to subscribers.",
            "To keep proof of your consent to text messages and to honor opt-out requests.",
            "To measure which campaigns, pages and referral sources lead to applications, and to improve our website and services.",
            "To detect, prevent and investigate fraud, spam, abuse and security incidents, including limiting repeated or automated submissions.",
            "To comply with law, regulation, legal process and our record-keeping obligations, and to establish, exercise or defend legal claims.",
          ],
        },
        {
          type: "paragraph",
          text: "We do not use your information to make automated decisions that produce legal or similarly significant effects without human review. Every funding decision involves a member of our team.",
        },
      ],
    },
    {
      heading: "How we share your information",
      blocks: [
        {
          type: "paragraph",
          text: "We share personal information only as described here:",
        },
        {
          type: "list",
          items: [
            "Our CRM and service providers: companies that host our website and database, run our customer relationship management (CRM) system, deliver e-mail and text messages, provide the consultation booking widget, and support our security and operations. They may use the information only to provide their services to us and must protect it.",
            "Funding partners, with your consent: if another lender or capital provider is a better fit for your business, we share your application with that partner only after you agree. The partner's own privacy notice then also applies.",
            "Professional advisers: our lawyers, auditors and insurers, under a duty of confidentiality.",
            "Legal and safety reasons: government authorities, courts or other parties when we believe in good faith that the law, a subpoena or other legal process requires it, or to protect the rights, property or safety of our clients, our team or others.",
            "Business transfers: a buyer or successor in a merger, acquisition, financing or sale of all or part of our business, subject to this policy.",
            "With your direction: anyone else you ask us to share information with, such as your accountant or broker.",
          ],
        },
      ],
    },
    {
      heading: "Text messages (SMS)",
      blocks: [
        {
          type: "paragraph",
          text: `If you agree when you submit your application, ${brand} may send text messages to the phone number you provided about your application, account updates and promotions. Consent to receive text messages is not a condition of obtaining funding. Message frequency varies. Message and data rates may apply.`,
        },
        {
          type: "list",
          items: [
            "Reply STOP to any message to opt out. We will confirm your opt-out with one final message and then stop sending texts to that number.",
            `Reply HELP for help, or contact us at ${siteFacts.email} or ${phone.display}.`,
            "Mobile carriers are not liable for delayed or undelivered messages.",
          ],
        },
        {
          type: "paragraph",
          text: "We do not sell or share your phone number or your text messaging consent with third parties for their own marketing.",
        },
      ],
    },
    {
      heading: "Cookies and browser storage",
      blocks: [
        {
          type: "paragraph",
          text: "Our website keeps a draft of an unfinished funding application and your marketing attribution details in your browser's local storage, and the booking provider may set its own cookies when you open the consultation dialog. We do not use analytics or advertising cookies: our visit statistics are counted on our server, as described under Information we collect. Our Cookie Policy describes each category and how to control it.",
        },
        {
          type: "paragraph",
          text: "Some browsers send a Global Privacy Control (GPC) signal. We treat it as a request to opt out of the sale or sharing of personal information for that browser. Because we do not sell or share personal information, no further action is needed for that purpose. We also honor it in our visit statistics: we count the page views from that browser without the daily code described above, so nothing links those pages and actions together.",
        },
      ],
    },
    {
      heading: "How long we keep information",
      blocks: [
        {
          type: "paragraph",
          text: "We keep personal information only as long as we need it for the purposes described in this policy, including legal, accounting and reporting requirements:",
        },
        {
          type: "list",
          items: [
            "Applications that do not lead to funding: up to 3 years after our last contact with you, then deleted or de-identified.",
            "Funded clients: for the term of the funding agreement and 7 years after it ends.",
            "SMS consent records and opt-out requests: at least 5 years after your last text message from us, as evidence of your consent and choices.",
            "Newsletter subscriptions: until you unsubscribe. We then keep your e-mail address on a suppression list so we do not write to you again.",
            "Server logs and device data: up to 12 months, unless needed longer to investigate a security incident.",
            "Visit statistics: the individual records for up to 90 days; after that only daily totals (counts per day, page and source) are kept.",
            "Application drafts saved in your browser: up to 7 days on your own device, or until you submit the application or clear your browser storage.",
          ],
        },
      ],
    },
    {
      heading: "How we protect information",
      blocks: [
        {
          type: "paragraph",
          text: "We use administrative, technical and physical safeguards designed to protect personal information, including encryption of data in transit (HTTPS), access limited to staff and providers who need it, written confidentiality obligations, and monitoring of our systems. We store applications before forwarding them to our CRM so that nothing you submit is lost in transit.",
        },
        {
          type: "paragraph",
          text: "No website, transmission or storage system is completely secure. If we learn of a security incident that affects your personal information, we will notify you and the authorities as required by law. Please contact us right away if you think your information has been misused.",
        },
      ],
    },
    {
      heading: "Your privacy choices and rights",
      blocks: [
        {
          type: "paragraph",
          text: "Wherever you live, you can:",
        },
        {
          type: "list",
          items: [
            "Ask for a copy of the personal information we hold about you.",
            "Ask us to correct information that is inaccurate or incomplete.",
            "Ask us to delete your information, subject to the records we must keep by law.",
            "Unsubscribe from marketing e-mails with the link in each e-mail, and stop text messages by replying STOP.",
            "Withdraw your consent to share your application with a funding partner before it is sent.",
          ],
        },
        {
          type: "paragraph",
          text: `To make a request, e-mail ${privacyEmail} or call ${phone.display}. We confirm receipt within 10 business days and answer privacy inquiries within 30 days. To protect you, we verify your identity before acting on a request, usually by matching details you give us with the information in our records. You may use an authorized agent, who must provide your signed permission. We will not treat you differently for exercising your privacy rights.`,
        },
        {
          type: "paragraph",
          text: "If we deny a request, we will explain why. Depending on your state, you may appeal our decision by replying to our answer; if the appeal is denied, you may contact your state attorney general.",
        },
      ],
    },
    {
      heading: "California privacy rights (CCPA/CPRA)",
      blocks: [
        {
          type: "paragraph",
          text: "If you are a California resident, the California Consumer Privacy Act, as amended by the California Privacy Rights Act (CCPA/CPRA), gives you the right to know what personal information we collect, use and disclose; to access a copy of it; to correct it; to delete it; to opt out of its sale or sharing; to limit the use of sensitive personal information; and not to be discriminated against for using these rights.",
        },
        {
          type: "paragraph",
          text: "In the past 12 months we collected these categories of personal information, from you, from your device and from our booking provider, for the business purposes described in this policy:",
        },
        {
          type: "list",
          items: [
            "Identifiers: name, e-mail address, phone number, IP address.",
            "Customer records: contact details and the application information you provide.",
            "Commercial information: your business's revenue range, funding needs and the products you asked about.",
            "Professional information: your job title and your role in the business.",
            "Internet or network activity: pages visited, referring website, UTM parameters and device data.",
            "Approximate location derived from your IP address.",
            "Account log-in credentials, only once client accounts are offered. This is sensitive personal information, which we use only to provide secure access.",
          ],
        },
        {
          type: "paragraph",
          text: "We disclosed each category to our service providers, and application information to funding partners with your consent, for business purposes. We do not use sensitive personal information to infer characteristics about you. You can exercise your California rights using the contact details below; we answer within 30 days.",
        },
      ],
    },
    {
      heading: "No sale of personal information",
      blocks: [
        {
          type: "paragraph",
          text: "We do not sell personal information, and we do not share it for cross-context behavioral advertising, as those terms are defined under California law. We have not done so in the past 12 months. We do not sell or share the personal information of anyone under 16.",
        },
      ],
    },
    {
      heading: "Children's privacy",
      blocks: [
        {
          type: "paragraph",
          text: "Our website and services are for businesses and adults aged 18 or older. We do not knowingly collect personal information from children under 13, or from anyone under 18 through our application. If you believe a child has given us personal information, contact us and we will delete it.",
        },
      ],
    },
    {
      heading: "International visitors",
      blocks: [
        {
          type: "paragraph",
          text: "We offer funding only to businesses in the United States, and we store and process information in the United States. If you visit from another country, your information will be transferred to, stored and processed in the United States, where privacy laws may differ from those where you live.",
        },
      ],
    },
    {
      heading: "Changes to this policy",
      blocks: [
        {
          type: "paragraph",
          text: 'We may update this policy as our services or the law change. We will post the new version on this page and change the "Last updated" date at the top. If a change materially affects how we use information we already hold, we will tell you by e-mail or by a notice on our website before it takes effect.',
        },
      ],
    },
    {
      heading: "Contact us",
      blocks: [
        {
          type: "paragraph",
          text: `Questions, requests or complaints about this policy or your personal information can be sent to our privacy team. We answer privacy inquiries within 30 days.`,
        },
        {
          type: "list",
          items: [
            `E-mail: ${privacyEmail}`,
            `Phone: ${phone.display} (${siteFacts.hours})`,
            `Mail: ${postalAddress}`,
          ],
        },
      ],
    },
  ],
};
