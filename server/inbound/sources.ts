/**
 * Who may post events to the inbound webhook, one row each: its URL's last
 * segment (`POST /api/inbound/<source>`), the settings that authenticate it
 * (a Standard Webhooks secret, a fixed token, or both) and the event types
 * it may send (event-types.ts). A new sender is a new row here.
 */
import type { InboundConfig } from "../config";
import type { EventTypeName } from "./event-types";

export interface InboundSource {
  /** In messages: "the CRM". */
  label: string;
  /** The Standard Webhooks secret ("whsec_…") and the variable that sets it. */
  secret: (config: InboundConfig) => string | undefined;
  secretSetting: string;
  /** The fixed token (`Authorization: Bearer <token>`) and the variable that sets it. */
  token: (config: InboundConfig) => string | undefined;
  tokenSetting: string;
  /** The event types this source may send. */
  events: readonly EventTypeName[];
}

export const SOURCES = {
  crm: {
    label: "the CRM",
    secret: (config) => config.crmSecret,
    secretSetting: "CRM_WEBHOOK_SECRET",
    token: (config) => config.crmToken,
    tokenSetting: "CRM_WEBHOOK_TOKEN",
    events: ["application.stage", "contact.opted_out"],
  },
  booking: {
    label: "the booking service",
    secret: (config) => config.bookingSecret,
    secretSetting: "BOOKING_WEBHOOK_SECRET",
    token: (config) => config.bookingToken,
    tokenSetting: "BOOKING_WEBHOOK_TOKEN",
    events: ["call.booked"],
  },
  sms: {
    label: "the texting platform",
    secret: (config) => config.smsSecret,
    secretSetting: "SMS_WEBHOOK_SECRET",
    token: (config) => config.smsToken,
    tokenSetting: "SMS_WEBHOOK_TOKEN",
    events: ["contact.opted_out"],
  },
} as const satisfies Record<string, InboundSource>;

export type SourceName = keyof typeof SOURCES;
