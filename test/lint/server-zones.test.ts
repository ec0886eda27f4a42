/**
 * The server's folders import one way (server/README.md), as ESLint enforces
 * it: store/ is infrastructure, outbox/ stands on it alone, the CRM delivery
 * and e-mail each stand on the outbox and never on each other or the intake,
 * and no domain (nor any other folder but the entries) reaches into the desk,
 * the CLI, routes/ or the inbound webhooks. An import the wrong
 * way fails `npm test`'s lint step; the ways that are allowed pass.
 */
import { describe, expect, it } from "vitest";
import { zoneRefusals as refusals } from "../support/lint";

describe("imports between the server's folders", () => {
  it.each([
    [
      "the store importing e-mail",
      "server/store/probe.ts",
      'import { insertMails } from "../mail/outbox-repository";',
    ],
    [
      "the store importing the intake",
      "server/store/probe.ts",
      'import { createIntake } from "../intake/intake";',
    ],
    [
      "the store importing the documents",
      "server/store/probe.ts",
      'import { readDocument } from "../documents/document-store";',
    ],
    [
      "the documents importing e-mail",
      "server/documents/probe.ts",
      'import { insertMails } from "../mail/outbox-repository";',
    ],
    [
      "the outbox importing the CRM delivery",
      "server/outbox/probe.ts",
      'import { classify } from "../crm-delivery/policy";',
    ],
    [
      "e-mail importing the CRM delivery",
      "server/mail/probe.ts",
      'import { buildCrmPayload } from "../crm-delivery/crm-payload";',
    ],
    [
      "the CRM delivery importing e-mail",
      "server/crm-delivery/probe.ts",
      'import { notifyMailQueued } from "../mail/outbox-repository";',
    ],
    [
      "the CRM delivery importing the intake",
      "server/crm-delivery/probe.ts",
      'import { createIntake } from "../intake/intake";',
    ],
    [
      "the intake importing the desk",
      "server/intake/probe.ts",
      'import { requireRole } from "../desk/auth/guard";',
    ],
    [
      "the assignment importing e-mail",
      "server/assignment/probe.ts",
      'import { insertMails } from "../mail/outbox-repository";',
    ],
    [
      "the documents importing the review clock's alerts",
      "server/documents/probe.ts",
      'import { createReviewAlerts } from "../review-clock/alerts";',
    ],
    [
      "the review clock importing the inbound webhooks",
      "server/review-clock/probe.ts",
      'import { inboundPlugin } from "../inbound/plugin";',
    ],
    [
      "the newsletter importing the CLI",
      "server/newsletter/probe.ts",
      'import { createOperatorRepository } from "../cli/operator-repository";',
    ],
    [
      "the opt-out ledger importing the desk",
      "server/opt-outs/probe.ts",
      'import { requireRole } from "../desk/auth/guard";',
    ],
    [
      "working an application importing the desk",
      "server/work/probe.ts",
      'import { requireRole } from "../desk/auth/guard";',
    ],
    [
      "working an application importing e-mail",
      "server/work/probe.ts",
      'import { insertMails } from "../mail/outbox-repository";',
    ],
    [
      "the consent records importing the desk",
      "server/consents/probe.ts",
      'import { bodyOf } from "../desk/body";',
    ],
    [
      "the staff accounts importing the desk",
      "server/staff/probe.ts",
      'import { createSessions } from "../desk/auth/sessions";',
    ],
    [
      "the staff accounts importing the inbox",
      "server/staff/probe.ts",
      'import { createInboxRepository } from "../inbox/inbox-repository";',
    ],
    [
      "the claims importing the review clock",
      "server/claims/probe.ts",
      'import { createReviewAlerts } from "../review-clock/alerts";',
    ],
    [
      "the document store importing the claims",
      "server/documents/probe.ts",
      'import { storedStates } from "../claims/claims-repository";',
    ],
    [
      "the booked calls (a folder without a zone of its own) importing the desk",
      "server/booked-calls/probe.ts",
      'import { requireRole } from "../desk/auth/guard";',
    ],
    [
      "the plugins importing the CLI",
      "server/plugins/probe.ts",
      'import { createOperatorRepository } from "../cli/operator-repository";',
    ],
    [
      "the newsletter importing the opt-out ledger",
      "server/newsletter/probe.ts",
      'import { recordOptOut } from "../opt-outs/record-opt-out";',
    ],
  ])("refuses %s", async (_name, file, code) => {
    expect(await refusals(file, code)).toEqual([expect.stringContaining("Server folders import one way")]);
  });

  it.each([
    [
      "the intake using the CRM delivery, e-mail, the outbox and the store",
      "server/intake/probe.ts",
      [
        'import { buildCrmPayload } from "../crm-delivery/crm-payload";',
        'import { composeApplicationMails } from "../mail/application-mail";',
        'import { notifyRowsWaiting } from "../outbox/notifier";',
        'import { isUuid } from "../store/row-values";',
      ].join("\n"),
    ],
    [
      "the CRM delivery using the outbox and the store",
      "server/crm-delivery/probe.ts",
      'import { createClaims } from "../outbox/claims";\nimport type { Store } from "../store/store";',
    ],
    [
      "the claims using the document store, e-mail, the audit log and the store",
      "server/claims/probe.ts",
      [
        'import { readDocument } from "../documents/document-store";',
        'import { insertMails } from "../mail/outbox-repository";',
        'import { createAuditRepository } from "../audit/audit-repository";',
        'import type { Store } from "../store/store";',
      ].join("\n"),
    ],
    [
      "e-mail using the outbox and the store",
      "server/mail/probe.ts",
      'import { onRowsWaiting } from "../outbox/notifier";\nimport type { Store } from "../store/store";',
    ],
    [
      "the desk using any domain",
      "server/desk/probe.ts",
      'import { createIntake } from "../intake/intake";\nimport { notifyMailQueued } from "../mail/outbox-repository";',
    ],
    [
      "the opt-out ledger using the newsletter, the CRM delivery, e-mail and the store",
      "server/opt-outs/probe.ts",
      [
        'import { withdrawFromNewsletter } from "../newsletter/newsletter-repository";',
        'import { classify } from "../crm-delivery/policy";',
        'import { insertMails } from "../mail/outbox-repository";',
        'import type { Store } from "../store/store";',
      ].join("\n"),
    ],
    [
      "the documents using the outbox's notifier and the store",
      "server/documents/probe.ts",
      'import { notifyRowsWaiting } from "../outbox/notifier";\nimport type { Store } from "../store/store";',
    ],
    [
      "the room counting the decision's deadline with the review clock's clock",
      "server/room/probe.ts",
      'import { createDecisionClock } from "../review-clock/deadline";',
    ],
    [
      "the staff accounts using the audit log and the store",
      "server/staff/probe.ts",
      'import { createAuditRepository } from "../audit/audit-repository";\nimport type { Store } from "../store/store";',
    ],
    [
      "the desk using working an application, the consent records and the staff accounts",
      "server/desk/probe.ts",
      [
        'import { createWorkRepository } from "../work/work-repository";',
        'import { createConsentRepository } from "../consents/consent-repository";',
        'import { createStaffRepository } from "../staff/staff-repository";',
      ].join("\n"),
    ],
    [
      "the inbound webhooks using the opt-out ledger",
      "server/inbound/probe.ts",
      'import { recordOptOut } from "../opt-outs/record-opt-out";',
    ],
  ])("allows %s", async (_name, file, code) => {
    expect(await refusals(file, code)).toEqual([]);
  });
});
