import { APPLICATION_SOURCE } from "./crm-source";
import { applicationSchema, type Attribution, type FundingApplication } from "#domain/application/schema";

/** The sixteen application fields, named and ordered as in the application schema. */
export const APPLICATION_FIELDS = Object.keys(applicationSchema.shape) as (keyof FundingApplication)[];

/** The keys the CRM expects first, in this order; our own keys may only follow them. */
export const CRM_PAYLOAD_KEYS = [...APPLICATION_FIELDS, "source", "timestamp"] as const;

export type CrmPayload = FundingApplication & {
  source: string;
  timestamp: string;
  applicationId: string;
  attribution: Attribution | null;
};

/**
 * Exactly what the CRM receives: the sixteen fields, `source` and `timestamp`
 * first, in that order, then our extra keys appended.
 */
export function buildCrmPayload(
  application: FundingApplication,
  meta: { applicationId: string; timestamp: string; attribution?: Attribution },
): CrmPayload {
  const payload: Record<string, unknown> = {};
  for (const field of APPLICATION_FIELDS) payload[field] = application[field];
  payload.source = APPLICATION_SOURCE;
  payload.timestamp = meta.timestamp;
  payload.applicationId = meta.applicationId;
  payload.attribution = meta.attribution ?? null;
  return payload as CrmPayload;
}
