/**
 * An application as GET /api/desk/applications/:id answers it, for the desk's
 * page tests: the sample application, received 2024-05-01T14:03Z, its
 * delivery given up on, new and unassigned; `overrides` replace fields whole.
 */
import type { ApplicationDetail, TimelineActivity } from "#domain/desk/contract";
import { sampleApplication } from "../sample-application";
import { newWork } from "./fake-api";

export const applicationDetail = (overrides: Partial<ApplicationDetail> = {}): ApplicationDetail => ({
  application: { ...sampleApplication },
  id: "app-1",
  submissionId: "sub-1",
  reference: "HL-7K3M9Q2X",
  createdAt: "2024-05-01T14:03:00Z",
  state: "received",
  quarantineReason: null,
  attribution: { firstTouch: { utm_source: "google", utm_campaign: "spring" }, lastTouch: null },
  consent: {
    text: "I agree to receive text messages.",
    version: "sms-consent-2024-01",
    sha256: "ab".repeat(32),
    consentedAt: "2024-05-01T14:03:00Z",
    ip: "203.0.113.9",
    userAgent: "Mozilla/5.0",
    pageUrl: "https://harborline.test/",
    phone: "+1 212 555 0100",
  },
  delivery: { state: "dead", attempts: 12, nextAttemptAt: null, lastError: "HTTP 422", deliveredAt: null },
  smsOptOuts: [],
  decision: null,
  ...newWork,
  timeline: [
    {
      at: "2024-05-01T14:03:01Z",
      kind: "attempt",
      status: 422,
      error: "HTTP 422",
      durationMs: 80,
      outcome: "dead",
    },
  ],
  ...overrides,
});

/** One entry of its own history; the fields an activity kind leaves empty are null. */
export const activity = (
  fields: Pick<TimelineActivity, "at" | "activity"> & Partial<TimelineActivity>,
): TimelineActivity => ({
  kind: "activity",
  by: null,
  body: null,
  outcome: null,
  workStatus: null,
  closeReason: null,
  ownerName: null,
  stage: null,
  amount: null,
  overtakenBy: null,
  scheduledAt: null,
  booker: null,
  followUpAt: null,
  ...fields,
});
