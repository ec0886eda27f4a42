import { siteFacts } from "#domain/site-facts";
import { legalPageTitles } from "./slugs";
import type { LegalDocument } from "./types";

const { brand, legalName, email, phone, address } = siteFacts;
const postalAddress = `${legalName}, Attn: Legal, ${address.street}, ${address.city}, ${address.region} ${address.postalCode}`;

export const termsOfService: LegalDocument = {
  slug: "terms-of-service",
  title: legalPageTitles["terms-of-service"],
  lastUpdated: "January 2024",
  summary: `These Terms of Service govern your use of the ${brand} website, our funding application, consultation booking and text messages. Nothing on this site is an offer or commitment to lend: funding is provided only under a separate written agreement signed by you and us. These terms are governed by New York law and require disputes to be resolved by individual binding arbitration.`,
  seo: {
    title: `Terms of Service | ${brand}`,
    description: `The terms for using the ${brand} website and funding application: eligibility, SMS terms, New York law and AAA arbitration with a class-action waiver.`,
  },
  sections: [
    {
      heading: "Acceptance of these terms",
      blocks: [
        {
          type: "paragraph",
          text: `These Terms of Service ("Terms") are an agreement between you and ${legalName} ("${brand}", "we", "us" or "our"). They apply to our website, the funding application, the consultation booking dialog, our newsletter, and the e-mails and text messages we send you (together, the "Services").`,
        },
        {
          type: "paragraph",
          text: 'By using the Services or submitting an application, you agree to these Terms and to our Privacy Policy. If you act for a business, you confirm that you are authorized to accept these Terms on its behalf, and "you" includes that business. If you do not agree, do not use the Services.',
        },
        {
          type: "paragraph",
          text: "Please read the Dispute resolution and arbitration section carefully. It requires individual binding arbitration and waives your right to a jury trial and to take part in a class action.",
        },
      ],
    },
    {
      heading: "Eligibility",
      blocks: [
        {
          type: "paragraph",
          text: "The Services are intended for businesses organized and operating in the United States and for the people who represent them. To use the Services you must:",
        },
        {
          type: "list",
          items: [
            "be at least 18 years old and able to enter into a binding contract;",
            "apply on behalf of a business located in the United States, for business purposes only and not for personal, family or household purposes;",
            "be an owner, officer or employee authorized to seek funding for that business; and",
            "not be barred from receiving financial services under United States law, including sanctions laws.",
          ],
        },
      ],
    },
    {
      heading: "No offer or commitment to lend",
      blocks: [
        {
          type: "paragraph",
          text: "Information on the website, including product descriptions, funding amounts, rates, timelines, approval or funding times, client results and testimonials, is general information and may change without notice. Figures such as typical decision or funding times describe past experience and are not a promise for your business.",
        },
        {
          type: "paragraph",
          text: "Submitting an application, receiving a pre-qualification, term sheet or indication of interest, or speaking with our team is not an offer, approval or commitment to lend or to provide funding. Any funding is subject to our review, verification, underwriting and, where applicable, a funding partner's approval, and is provided only under a separate written agreement signed by you and by us. That agreement will set out the amount, cost, repayment and other terms and, if it conflicts with these Terms, it governs.",
        },
        {
          type: "paragraph",
          text: "We are not your financial, legal, tax or accounting adviser. You should consult your own advisers before accepting any funding.",
        },
      ],
    },
    {
      heading: "Your application and the accuracy of your information",
      blocks: [
        {
          type: "paragraph",
          text: "When you submit an application or any document to us, you confirm that:",
        },
        {
          type: "list",
          items: [
            "the information is true, accurate, current and complete, and you will tell us promptly if it changes;",
            "you are authorized to share it, including information about the business and its owners; and",
            "you are not impersonating anyone or submitting an application for a business you do not represent.",
          ],
        },
        {
          type: "paragraph",
          text: "We rely on the information you give us. We may decline or withdraw any application, or end discussions, if information is inaccurate, incomplete or cannot be verified. Knowingly providing false information to obtain credit may be a crime.",
        },
      ],
    },
    {
      heading: "Credit checks and verification",
      blocks: [
        {
          type: "paragraph",
          text: "Submitting the website application does not trigger a credit check; we ask only for a self-reported credit score range. We, or a funding partner, will request a business or personal credit report only with your consent, given separately and in writing (which may be electronic) before the report is requested. A credit inquiry may affect your credit score.",
        },
        {
          type: "paragraph",
          text: "To review an application we may also verify your identity and the information you provide with public records, bank account data you authorize, and other sources permitted by law.",
        },
      ],
    },
    {
      heading: "Text message (SMS) terms",
      blocks: [
        {
          type: "paragraph",
          text: `If you check the SMS consent box, you agree that ${brand} may send text messages, including messages sent with automated technology, to the phone number you provided about your application, account updates and promotions. Consent is not a condition of obtaining funding.`,
        },
        {
          type: "list",
          items: [
            "Message frequency varies. Message and data rates may apply, as set by your mobile carrier.",
            "Reply STOP to any message to cancel. You will receive one message confirming your opt-out and no further texts unless you sign up again.",
            `Reply HELP for help, or contact us at ${email} or ${phone.display}.`,
            "Carriers are not liable for delayed or undelivered messages.",
            "You confirm that you are the subscriber or regular user of the phone number you provide, and you will tell us if the number changes or is no longer yours.",
          ],
        },
        {
          type: "paragraph",
          text: "Our Privacy Policy explains how we use your phone number and keep a record of your consent.",
        },
      ],
    },
    {
      heading: "Electronic communications and signatures",
      blocks: [
        {
          type: "paragraph",
          text: "You agree to receive notices, disclosures and other communications from us electronically, by e-mail, text message or on the website, and that they satisfy any legal requirement that a communication be in writing. Checking a box, clicking a button or typing your name to accept a document is your electronic signature and has the same effect as a handwritten signature.",
        },
      ],
    },
    {
      heading: "Acceptable use",
      blocks: [
        {
          type: "paragraph",
          text: "You agree not to:",
        },
        {
          type: "list",
          items: [
            "submit false, misleading or fraudulent applications, or applications on behalf of others without authority;",
            "use the Services for any unlawful purpose or in violation of these Terms;",
            "send spam, repeated or automated submissions, or use bots, scrapers or other automated means to access the Services without our written permission;",
            "probe, scan or test the vulnerability of our systems, or bypass any security, rate limit or access control;",
            "upload viruses or other harmful code, or interfere with the operation of the Services; or",
            "copy, resell or commercially exploit the Services or their content except as these Terms allow.",
          ],
        },
        {
          type: "paragraph",
          text: "We may block access, reject submissions or suspend the Services for anyone who breaks these rules.",
        },
      ],
    },
    {
      heading: "Intellectual property",
      blocks: [
        {
          type: "paragraph",
          text: `The Services and their content, including text, graphics, logos, the ${brand} name, page design and software, are owned by ${legalName} or its licensors and are protected by copyright, trademark and other laws. We grant you a limited, revocable, non-exclusive, non-transferable license to view and use the Services for your business's own evaluation of our funding products. All other rights are reserved.`,
        },
        {
          type: "paragraph",
          text: "If you send us feedback or suggestions, we may use them without any obligation to you.",
        },
      ],
    },
    {
      heading: "Third-party services",
      blocks: [
        {
          type: "paragraph",
          text: "The Services include or link to services run by other companies. The consultation booking dialog shows a scheduling widget provided by a third-party booking provider; when you use it, the details you enter go to that provider as well as to us, and its own terms, privacy policy and cookies apply. Funding partners you choose to work with have their own agreements and policies.",
        },
        {
          type: "paragraph",
          text: "We do not control and are not responsible for third-party services, their availability or their content. A link to a third-party website is not an endorsement.",
        },
      ],
    },
    {
      heading: "Disclaimers",
      blocks: [
        {
          type: "paragraph",
          text: 'THE SERVICES ARE PROVIDED "AS IS" AND "AS AVAILABLE." TO THE FULLEST EXTENT PERMITTED BY LAW, WE DISCLAIM ALL WARRANTIES, EXPRESS OR IMPLIED, INCLUDING WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE, TITLE AND NON-INFRINGEMENT. WE DO NOT WARRANT THAT THE SERVICES WILL BE UNINTERRUPTED, ERROR-FREE OR SECURE, THAT CONTENT IS ACCURATE OR COMPLETE, OR THAT YOU WILL QUALIFY FOR OR RECEIVE FUNDING ON ANY PARTICULAR TERMS.',
        },
      ],
    },
    {
      heading: "Limitation of liability",
      blocks: [
        {
          type: "paragraph",
          text: `TO THE FULLEST EXTENT PERMITTED BY LAW, ${legalName.toUpperCase()} AND ITS MEMBERS, OFFICERS, EMPLOYEES, AGENTS AND SERVICE PROVIDERS WILL NOT BE LIABLE FOR ANY INDIRECT, INCIDENTAL, SPECIAL, CONSEQUENTIAL, EXEMPLARY OR PUNITIVE DAMAGES, OR FOR ANY LOSS OF PROFITS, REVENUE, BUSINESS OPPORTUNITY, FINANCING OR DATA, ARISING OUT OF OR RELATING TO THE SERVICES OR THESE TERMS, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGES.`,
        },
        {
          type: "paragraph",
          text: "OUR TOTAL LIABILITY FOR ALL CLAIMS ARISING OUT OF OR RELATING TO THE SERVICES OR THESE TERMS WILL NOT EXCEED ONE HUNDRED U.S. DOLLARS (US$100). SOME JURISDICTIONS DO NOT ALLOW CERTAIN LIMITATIONS, SO SOME OF THESE LIMITS MAY NOT APPLY TO YOU. THESE TERMS DO NOT LIMIT ANY LIABILITY UNDER A SIGNED FUNDING AGREEMENT, WHICH IS GOVERNED BY ITS OWN TERMS.",
        },
      ],
    },
    {
      heading: "Indemnification",
      blocks: [
        {
          type: "paragraph",
          text: `You agree to defend, indemnify and hold harmless ${legalName} and its members, officers, employees and agents from any claims, losses, liabilities, damages, costs and expenses (including reasonable attorneys' fees) arising out of your use of the Services, information you submit, your violation of these Terms, or your violation of any law or the rights of another person.`,
        },
      ],
    },
    {
      heading: "Governing law",
      blocks: [
        {
          type: "paragraph",
          text: "These Terms and any dispute arising out of or relating to them or to the Services are governed by the laws of the State of New York, without regard to its conflict-of-laws rules, and by the Federal Arbitration Act for the arbitration agreement below. Subject to that agreement, the state and federal courts located in New York County, New York have exclusive jurisdiction, and you and we consent to their personal jurisdiction.",
        },
      ],
    },
    {
      heading: "Dispute resolution and arbitration",
      blocks: [
        {
          type: "paragraph",
          text: `Before starting arbitration, the party with a dispute must send the other a written notice describing it and the relief sought; notices to us go to ${postalAddress}, with a copy to ${email}. We will both try in good faith to resolve the dispute within 30 days.`,
        },
        {
          type: "paragraph",
          text: "If it is not resolved, any dispute, claim or controversy arising out of or relating to these Terms or the Services, including their formation, interpretation and enforceability, will be resolved by binding arbitration administered by the American Arbitration Association (AAA) under its Commercial Arbitration Rules in effect when the arbitration is filed. The arbitration will be seated in New York, NY, conducted in English before a single arbitrator, and judgment on the award may be entered in any court with jurisdiction.",
        },
        {
          type: "list",
          items: [
            "Class-action waiver: you and we may bring claims against each other only individually, and not as a plaintiff or class member in any class, collective, consolidated or representative action or proceeding. The arbitrator may not consolidate claims or preside over any form of class or representative proceeding.",
            "Jury waiver: you and we each waive the right to a trial by jury.",
            "Exceptions: either party may bring an individual claim in small claims court in New York County if it qualifies, and either party may ask a court for an injunction to protect its intellectual property or to stop unauthorized access to the Services.",
            "If the class-action waiver is found unenforceable for a claim, that claim must be heard in court under the Governing law section, and not in arbitration.",
          ],
        },
      ],
    },
    {
      heading: "Changes to the Services and these Terms",
      blocks: [
        {
          type: "paragraph",
          text: 'We may change, suspend or discontinue any part of the Services at any time. We may also update these Terms; we will post the new version on this page and change the "Last updated" date. Changes apply from the date they are posted, except that changes to the arbitration agreement will not apply to a dispute already notified to us. Your continued use of the Services after a change means you accept the updated Terms.',
        },
      ],
    },
    {
      heading: "General terms",
      blocks: [
        {
          type: "paragraph",
          text: "These Terms and our Privacy Policy are the entire agreement between you and us about the Services and replace any earlier understandings about them. If any provision is found unenforceable, the rest remain in effect. Our failure to enforce a provision is not a waiver. You may not assign these Terms without our consent; we may assign them to a successor. Sections that by their nature should survive, including intellectual property, disclaimers, limitation of liability, indemnification, governing law and dispute resolution, survive the end of your use of the Services.",
        },
      ],
    },
    {
      heading: "Contact us",
      blocks: [
        {
          type: "paragraph",
          text: "If you have a question about these Terms, please contact us:",
        },
        {
          type: "list",
          items: [
            `E-mail: ${email}`,
            `Phone: ${phone.display} (${siteFacts.hours})`,
            `Mail: ${postalAddress}`,
          ],
        },
      ],
    },
  ],
};
