/** Delivery health, and sending dead deliveries again. */
import { request } from "../common/api/client";
import type {
  DeliveryHealth,
  DocumentRedelivered,
  RedeliverDeadInclude,
  RedeliveredDead,
} from "#domain/desk/contract";

export const getHealth = (signal?: AbortSignal) => request<DeliveryHealth>("/health", { signal });

/** Sends dead deliveries again: the temporary failures, or with "all" the permanent refusals too. */
export const redeliverDead = (include: RedeliverDeadInclude = "temporary") =>
  request<RedeliveredDead>("/deliveries/redeliver-dead", {
    method: "POST",
    body: { include },
  });

/** Sends one accepted document whose delivery died to the CRM again; the reason goes to the audit log. */
export const redeliverDocument = (documentId: string, reason: string) =>
  request<DocumentRedelivered>(`/documents/${encodeURIComponent(documentId)}/redeliver`, {
    method: "POST",
    body: { reason },
  });
